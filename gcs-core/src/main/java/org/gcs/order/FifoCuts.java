package org.gcs.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gcs.GroupMessage;
import org.gcs.MemberId;

/**
 * The members' side of a state transfer's point in a FIFO group (docs/architecture.md, "State transfer in a fifo
 * group"). A FIFO group has no single point of its stream, so the provider takes the state at a per-sender cut: the
 * last sequence number it received from each sender. For the joiner to miss nothing after that cut, the provider
 * waits, before it takes the state, for a {@link MemberWire.Cut} from every member of its view: each member sends one
 * in its own stream when it sees the joiner's request while its view holds the joiner. Every later message of that
 * member reaches the joiner; every earlier one reached the provider before the cut. It is a flush of the group for
 * one transfer, one small message per member.
 *
 * <p>This class keeps what that needs: the last sequence number received per group and sender, the cuts this member
 * still owes (the joiner not yet in its view), and the requests to it waiting for their cuts. All methods run under
 * the member's lock.
 */
final class FifoCuts {
    /** A provider waits this long for every member's cut, then refuses the request (for now). */
    static final long AWAIT_NS = 10_000_000_000L;
    /** A cut owed to a joiner this member's view does not hold is dropped after this long. */
    static final long OWE_NS = 120_000_000_000L;

    /** What the cuts need from their member. */
    interface Host {
        MemberId self();

        void send(String group, byte[] payload);

        /** @return the members of this member's (FIFO) view of the group, empty if none */
        Set<MemberId> viewMembers(String group);
    }

    /** A request to this member whose cuts all arrived, or whose wait ran out ({@code missing} not empty). */
    record Served(String group, MemberId joiner, MemberWire.StateRequest request, List<MemberId> waited,
            Set<MemberId> missing) {
    }

    private record Owed(String group, MemberId joiner, MemberId provider, long transfer, long sinceNs) {
    }

    /** A cut to this member that came before the request it belongs to (it travels in another member's stream). */
    private record Early(String group, MemberId from, long transfer, long sinceNs) {
    }

    private static final class Awaiting {
        final String group;
        final MemberId joiner;
        final MemberWire.StateRequest request;
        final Set<MemberId> missing;
        final List<MemberId> received = new ArrayList<>();
        final long sinceNs;

        Awaiting(String group, MemberId joiner, MemberWire.StateRequest request, Set<MemberId> missing, long sinceNs) {
            this.group = group;
            this.joiner = joiner;
            this.request = request;
            this.missing = missing;
            this.sinceNs = sinceNs;
        }
    }

    private final Host host;
    private final Map<String, Map<MemberId, Long>> lastSeqs = new HashMap<>();
    private final List<Owed> owed = new ArrayList<>();
    private final List<Awaiting> awaiting = new ArrayList<>();
    private final List<Early> early = new ArrayList<>();

    FifoCuts(Host host) {
        this.host = host;
    }

    /** A message of a FIFO group arrived (any message: the application's or this package's). */
    void received(GroupMessage message) {
        lastSeqs.computeIfAbsent(message.group(), g -> new HashMap<>())
                .merge(message.sender(), message.sequence(), Math::max);
    }

    /** @return the last sequence number received from each sender of the group, a copy */
    Map<MemberId, Long> lastSeqs(String group) {
        return Map.copyOf(lastSeqs.getOrDefault(group, Map.of()));
    }

    /** This member left the group: what it knew and owed there goes. */
    void forget(String group) {
        lastSeqs.remove(group);
        owed.removeIf(o -> o.group().equals(group));
        awaiting.removeIf(a -> a.group.equals(group));
        early.removeIf(e -> e.group().equals(group));
    }

    /** A joiner's request (to any member) went by in a FIFO group: this member owes it a cut of its stream. */
    void onRequest(String group, MemberId joiner, MemberWire.StateRequest request, long nowNs) {
        if (!joiner.equals(host.self())) {
            owed.add(new Owed(group, joiner, request.to(), request.transfer(), nowNs));
            payOwed(nowNs);
        }
    }

    /** A request to this member: it is served once every member of this member's view sent its cut. */
    void await(String group, MemberId joiner, MemberWire.StateRequest request, long nowNs) {
        Set<MemberId> missing = new LinkedHashSet<>(host.viewMembers(group));
        missing.remove(joiner);
        Awaiting waiting = new Awaiting(group, joiner, request, missing, nowNs);
        awaiting.add(waiting);
        for (Iterator<Early> it = early.iterator(); it.hasNext();) {
            Early e = it.next();
            if (e.group().equals(group) && e.transfer() == request.transfer()) {
                it.remove();
                if (missing.remove(e.from())) {
                    waiting.received.add(e.from());
                }
            }
        }
    }

    /** A member's cut arrived: the requests it completes are returned, to be served now (between two deliveries). */
    List<Served> onCut(String group, MemberId from, MemberWire.Cut cut, long nowNs) {
        if (!cut.provider().equals(host.self())) {
            return List.of();
        }
        boolean known = false;
        for (Awaiting a : awaiting) {
            if (a.group.equals(group) && a.request.transfer() == cut.transfer()) {
                known = true;
                if (a.missing.remove(from)) {
                    a.received.add(from);
                }
            }
        }
        if (!known) {
            early.add(new Early(group, from, cut.transfer(), nowNs));
        }
        return collect(Long.MIN_VALUE);
    }

    /**
     * Periodic work and view changes: pays the cuts whose joiner is now in view, stops waiting for members gone from
     * the view, and returns the requests complete or waiting longer than {@value #AWAIT_NS} ns.
     */
    List<Served> tick(long nowNs) {
        payOwed(nowNs);
        early.removeIf(e -> nowNs - e.sinceNs() >= OWE_NS);
        for (Awaiting a : awaiting) {
            a.missing.retainAll(host.viewMembers(a.group));
        }
        return collect(nowNs);
    }

    private List<Served> collect(long nowNs) {
        List<Served> served = new ArrayList<>();
        for (Iterator<Awaiting> it = awaiting.iterator(); it.hasNext();) {
            Awaiting a = it.next();
            boolean expired = nowNs != Long.MIN_VALUE && nowNs - a.sinceNs >= AWAIT_NS;
            if (a.missing.isEmpty() || expired) {
                it.remove();
                served.add(new Served(a.group, a.joiner, a.request, List.copyOf(a.received), Set.copyOf(a.missing)));
            }
        }
        return served;
    }

    private void payOwed(long nowNs) {
        for (Iterator<Owed> it = owed.iterator(); it.hasNext();) {
            Owed o = it.next();
            if (host.viewMembers(o.group()).contains(o.joiner())) {
                it.remove();
                host.send(o.group(), MemberWire.cut(o.joiner(), o.provider(), o.transfer()));
            } else if (nowNs - o.sinceNs() >= OWE_NS) {
                it.remove();
            }
        }
    }
}
