package org.gcs.internal.engine;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gcs.internal.wire.LanMessage.HeldMark;

/**
 * A receiving delegate's record of which messages it handed to its site are held by the site's members: the
 * limit of what it may acknowledge over the WAN. Acknowledging only what every member holds is what makes a
 * delegate's crash loss-free in the arriving direction: the sending site keeps every message until then, and
 * re-sends whatever lies beyond the acknowledgement to the site's next delegate.
 *
 * <p>Members report per origin the highest sequence number they received from the delegate
 * ({@link org.gcs.internal.wire.LanMessage.Held}); the LAN is reliable and FIFO per sender, so a member holds
 * every earlier message the delegate handed off since the member appeared in the LAN view. A message must be
 * held by the members that were in the delegate's view when it was handed off and are still in it: one that
 * joined later never receives it, one that left no longer counts, and the delegate itself does not count (when
 * it dies, its own deliveries die with it).
 *
 * <p>A message the delegate suppresses as a duplicate (a new sending delegate re-sent it) counts as handed off
 * with its origin's latest hand-off: the members that saw that one hold this one too.
 *
 * <p>Bounded: per flow it keeps the messages released and not yet held, which the sending site's send windows
 * bound; per member and per origin one number.
 */
final class SiteHoldTracker {
    private final String selfKey;
    /** Counts the LAN views this delegate installed. */
    private long viewCount;
    /** The members other than this delegate, each with the view count at which it appeared. */
    private final Map<String, Long> memberSince = new HashMap<>();
    /** Per member, per origin, the highest sequence number it holds. */
    private final Map<String, Map<OriginKey, Long>> held = new HashMap<>();
    /** Per origin, the view count at its latest hand-off. */
    private final Map<OriginKey, Long> lastHandOffView = new HashMap<>();
    private final Map<FlowKey, ArrayDeque<Awaited>> awaited = new HashMap<>();

    /**
     * @param selfKey this delegate's member key (name and incarnation), which never has to hold anything
     * @param view the LAN view at which the delegate took the role
     */
    SiteHoldTracker(String selfKey, LanView view) {
        this.selfKey = selfKey;
        onView(view);
    }

    /** A new LAN view: members that left no longer count; members that joined count from now on. */
    void onView(LanView view) {
        viewCount++;
        Set<String> present = new HashSet<>();
        for (LanView.LanMember member : view.members()) {
            String key = memberKey(member.name(), member.incarnation());
            if (!key.equals(selfKey)) {
                present.add(key);
                memberSince.putIfAbsent(key, viewCount);
            }
        }
        memberSince.keySet().retainAll(present);
        held.keySet().retainAll(present);
    }

    /**
     * The delegate multicast a message to the site.
     *
     * @param flow the meta-flow it came on
     * @param firstSeq the flow sequence number of its first fragment
     */
    void onHandOff(FlowKey flow, long firstSeq, OriginKey origin, long memberSeq) {
        lastHandOffView.put(origin, viewCount);
        awaited.computeIfAbsent(flow, k -> new ArrayDeque<>()).addLast(new Awaited(firstSeq, origin, memberSeq,
                viewCount));
    }

    /** The delegate dropped a message because it had handed off this origin's message already. */
    void onSuppressedDuplicate(FlowKey flow, long firstSeq, OriginKey origin, long memberSeq) {
        Long view = lastHandOffView.get(origin);
        if (view != null) {
            awaited.computeIfAbsent(flow, k -> new ArrayDeque<>()).addLast(new Awaited(firstSeq, origin, memberSeq,
                    view));
        }
    }

    /** A member's report of what it holds (ignored from a node that is not a member of the current view). */
    void onHeld(String member, long incarnation, List<HeldMark> marks) {
        String key = memberKey(member, incarnation);
        if (!memberSince.containsKey(key)) {
            return;
        }
        Map<OriginKey, Long> byOrigin = held.computeIfAbsent(key, k -> new HashMap<>());
        for (HeldMark mark : marks) {
            OriginKey origin = new OriginKey(mark.originSite(), mark.originMember(), mark.originIncarnation(),
                    mark.group());
            byOrigin.merge(origin, mark.memberSeq(), Math::max);
        }
    }

    /**
     * @param flow an incoming meta-flow
     * @param releasedThroughSeq the highest flow sequence number the delegate released
     * @return the highest flow sequence number up to which every released message is held by the site
     */
    long heldThroughSeq(FlowKey flow, long releasedThroughSeq) {
        ArrayDeque<Awaited> queue = awaited.get(flow);
        if (queue == null) {
            return releasedThroughSeq;
        }
        while (!queue.isEmpty() && isHeld(queue.peekFirst())) {
            queue.pollFirst();
        }
        return queue.isEmpty() ? releasedThroughSeq : Math.min(releasedThroughSeq, queue.peekFirst().firstSeq() - 1);
    }

    /** Drops a flow's waiting messages (the flow ended, or a new epoch replaced it and re-sends them). */
    void forget(FlowKey flow) {
        awaited.remove(flow);
    }

    /** @return messages handed off and not yet held by every member, over all flows */
    int awaitedMessages() {
        int total = 0;
        for (ArrayDeque<Awaited> queue : awaited.values()) {
            total += queue.size();
        }
        return total;
    }

    private boolean isHeld(Awaited message) {
        for (Map.Entry<String, Long> member : memberSince.entrySet()) {
            if (member.getValue() > message.viewCount()) {
                continue; // joined after the hand-off: never received it
            }
            Map<OriginKey, Long> byOrigin = held.get(member.getKey());
            Long highest = byOrigin == null ? null : byOrigin.get(message.origin());
            if (highest == null || highest < message.memberSeq()) {
                return false;
            }
        }
        return true;
    }

    static String memberKey(String name, long incarnation) {
        return name + "#" + incarnation;
    }

    /** A message handed off and not yet held by every member. */
    private static final class Awaited {
        private final long firstSeq;
        private final OriginKey origin;
        private final long memberSeq;
        private final long viewCount;
        /** When {@link #laggard} first saw it at the head of its flow, 0 before. */
        private long headSinceNs;

        Awaited(long firstSeq, OriginKey origin, long memberSeq, long viewCount) {
            this.firstSeq = firstSeq;
            this.origin = origin;
            this.memberSeq = memberSeq;
            this.viewCount = viewCount;
        }

        long firstSeq() {
            return firstSeq;
        }

        OriginKey origin() {
            return origin;
        }

        long memberSeq() {
            return memberSeq;
        }

        long viewCount() {
            return viewCount;
        }
    }

    /**
     * A member that holds the site back: the oldest message waiting for acknowledgement over the WAN waits for it.
     *
     * @param member the member's name
     * @param group the message's group
     * @param heldNs how long the message has waited at the head of its flow (to one tick)
     */
    record Laggard(String member, String group, long heldNs) {
    }

    /**
     * Looks at the oldest unheld message of each flow (call {@link #heldThroughSeq} first, so held ones are gone)
     * and names a member that does not hold the oldest of them: the member every remote sender to this site waits
     * for. Cost: one look per flow and member.
     *
     * @return the member holding the site back longest, if any message waits
     */
    java.util.Optional<Laggard> laggard(long nowNs) {
        Awaited oldest = null;
        for (ArrayDeque<Awaited> queue : awaited.values()) {
            Awaited head = queue.peekFirst();
            if (head == null) {
                continue;
            }
            if (head.headSinceNs == 0) {
                head.headSinceNs = nowNs == 0 ? 1 : nowNs;
            }
            if (oldest == null || head.headSinceNs < oldest.headSinceNs) {
                oldest = head;
            }
        }
        if (oldest == null) {
            return java.util.Optional.empty();
        }
        for (Map.Entry<String, Long> member : memberSince.entrySet()) {
            if (member.getValue() > oldest.viewCount()) {
                continue;
            }
            Map<OriginKey, Long> byOrigin = held.get(member.getKey());
            Long highest = byOrigin == null ? null : byOrigin.get(oldest.origin());
            if (highest == null || highest < oldest.memberSeq()) {
                String key = member.getKey();
                int hash = key.lastIndexOf('#');
                return java.util.Optional.of(new Laggard(hash < 0 ? key : key.substring(0, hash),
                        oldest.origin().group(), nowNs - oldest.headSinceNs));
            }
        }
        return java.util.Optional.empty();
    }
}
