package org.gcs.alm.swim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The updates this member still has to gossip, infection style (SWIM §4.1): each is piggy-backed on the next
 * outgoing messages, a bounded number of times, and then dropped.
 *
 * <p>Selection: the updates sent the fewest times first, and among those the newest first, at most
 * {@code maxPiggyback} per message; each update is piggy-backed at most λ · ceil(log10(n + 1)) times
 * ({@link #retransmitLimit}), which is what SWIM §4.1's analysis asks for an update to reach all n members with
 * high probability. Only the latest update about a member is kept: a newer one (which necessarily overrides it,
 * since only overriding updates are queued) replaces it and starts with a count of zero.
 *
 * <p>Not in the papers: <b>news of failure goes before news of membership</b>. An update queued as
 * {@linkplain #addUrgent urgent} (a suspicion, a death, a refutation) is taken before every other one, however often
 * the others were sent. SWIM's order alone lets a backlog of joins hold failure news back: every member gossips every
 * join λ · ceil(log10(n + 1)) times, so after a thousand sites joined at once each delegate held about 900 joins
 * still to send for minutes, and a Dead that had been sent once waited behind all those sent less. The crash was
 * then detected by some delegates only from their own timers, half a minute late; a refutation held back the same
 * way lets a suspicion time out into a false death. Among urgent updates, and among the others, SWIM's order holds.
 */
final class DisseminationQueue {
    private static final class Item {
        final MemberUpdate update;
        /** Queue order: later means newer. */
        final long id;
        /** News of failure: taken before every update that is not. */
        final boolean urgent;
        int transmits;

        Item(MemberUpdate update, long id, boolean urgent) {
            this.update = update;
            this.id = id;
            this.urgent = urgent;
        }
    }

    private static final Comparator<Item> URGENT_THEN_LEAST_SENT_THEN_NEWEST = Comparator.<Item, Boolean>comparing(
            i -> !i.urgent).thenComparingInt(i -> i.transmits).thenComparing(i -> -i.id);

    private final int retransmitMultiplier;
    private final TreeSet<Item> queue = new TreeSet<>(URGENT_THEN_LEAST_SENT_THEN_NEWEST);
    private final Map<String, Item> byMember = new HashMap<>();
    private long nextId;

    /** @param retransmitMultiplier λ */
    DisseminationQueue(int retransmitMultiplier) {
        if (retransmitMultiplier < 1) {
            throw new IllegalArgumentException("retransmitMultiplier must be at least 1, got "
                    + retransmitMultiplier);
        }
        this.retransmitMultiplier = retransmitMultiplier;
    }

    /**
     * SWIM §4.1 (memberlist's {@code retransmitLimit}): an update is piggy-backed at most λ · ceil(log10(n + 1))
     * times, for example 4 · ceil(log10(2048)) = 16 with n = 2047.
     *
     * @param retransmitMultiplier λ
     * @param members n, the members known, this one included
     * @return the retransmission limit, at least λ
     */
    static int retransmitLimit(int retransmitMultiplier, int members) {
        int scale = (int) Math.ceil(Math.log10(members + 1.0));
        return retransmitMultiplier * Math.max(1, scale);
    }

    /**
     * Queues news of membership (a join, a new incarnation) for gossip, replacing any queued update about the same
     * member.
     *
     * @param update the update
     */
    void add(MemberUpdate update) {
        add(update, false);
    }

    /**
     * Queues news of failure (a suspicion or its confirmation, a death, a refutation) for gossip, ahead of every
     * update that is not, replacing any queued update about the same member.
     *
     * @param update the update
     */
    void addUrgent(MemberUpdate update) {
        add(update, true);
    }

    private void add(MemberUpdate update, boolean urgent) {
        Item previous = byMember.remove(update.member());
        if (previous != null) {
            queue.remove(previous);
        }
        Item item = new Item(update, nextId++, urgent);
        byMember.put(update.member(), item);
        queue.add(item);
    }

    /**
     * Takes the updates to piggy-back on one message and counts them as sent once more; those that reach the
     * limit leave the queue.
     *
     * @param max the most updates to take
     * @param members n, the members known, this one included (sets the limit)
     * @param skipMember a member whose update is not to be taken (the message carries it already), or null
     * @return the updates, urgent first, then least sent, then newest
     */
    List<MemberUpdate> take(int max, int members, String skipMember) {
        return take(max, members, skipMember, Integer.MAX_VALUE, PiggybackBudget.UNLIMITED);
    }

    /**
     * As {@link #take(int, int, String)}, within a budget of bytes as well: the updates are taken in the queue's
     * order until the next one would not fit.
     *
     * @param budgetBytes the bytes the taken updates may add up to
     * @param budget what each update costs
     */
    List<MemberUpdate> take(int max, int members, String skipMember, int budgetBytes, PiggybackBudget budget) {
        if (queue.isEmpty() || max <= 0) {
            return List.of();
        }
        int limit = retransmitLimit(retransmitMultiplier, members);
        List<Item> taken = new ArrayList<>(Math.min(max, queue.size()));
        int leftBytes = budgetBytes;
        for (Item item : queue) {
            if (taken.size() == max) {
                break;
            }
            if (!item.update.member().equals(skipMember)) {
                int bytes = budget.bytesOf().applyAsInt(item.update);
                if (bytes > leftBytes) {
                    break;
                }
                leftBytes -= bytes;
                taken.add(item);
            }
        }
        List<MemberUpdate> updates = new ArrayList<>(taken.size());
        for (Item item : taken) {
            queue.remove(item);
            updates.add(item.update);
            item.transmits++;
            if (item.transmits < limit) {
                queue.add(item);
            } else {
                byMember.remove(item.update.member());
            }
        }
        return updates;
    }

    /**
     * The urgent updates at the head of the queue, within a budget of bytes, without counting them as sent: for a
     * message the driver sends anyway ({@link SwimMember#gossipFor}), which only adds copies.
     *
     * @param max the most updates to take
     * @param budgetBytes the bytes the updates may add up to
     * @param budget what each update costs
     * @return the urgent updates, in the queue's order
     */
    List<MemberUpdate> peekUrgent(int max, int budgetBytes, PiggybackBudget budget) {
        List<MemberUpdate> updates = new ArrayList<>(0);
        int leftBytes = budgetBytes;
        for (Item item : queue) {
            if (!item.urgent || updates.size() == max) {
                break;
            }
            int bytes = budget.bytesOf().applyAsInt(item.update);
            if (bytes > leftBytes) {
                break;
            }
            leftBytes -= bytes;
            updates.add(item.update);
        }
        return updates;
    }

    /** @return how many updates are waiting to be gossiped */
    int size() {
        return queue.size();
    }
}
