package org.gcs.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.gcs.MemberId;

/**
 * The sequencer's part of a {@link TotalOrderGroup}: while this member orders the group (it founded the order, or
 * took over as the most senior member present), it appends every member's received messages to the chain in each
 * sender's order, proposes a new view when the FIFO view or a newcomer's hello changes who is in, and multicasts
 * what it appended, one order at a time (the next once its own previous order came back to it, which batches under
 * load). It also answers a member's hello with what that member misses.
 */
final class SequencerRole {
    /** At most this many entries in one order message; more go in the next. */
    static final int MAX_ENTRIES_PER_ORDER = 2_000;
    /** At most this many payload bytes carried in one order message. */
    static final int MAX_CARRIED_BYTES = 256 * 1024;
    /** How often one member's hello is answered with what it misses. */
    static final long CATCH_UP_EVERY_NS = 200_000_000L;

    private final TotalOrderGroup g;
    private boolean sequencing;
    /** The first position of a take-over's re-issue still to send, -1 when none. */
    private long restartFrom = -1;
    private long lastSentTop;
    private boolean orderInFlight;
    private long orderSentAtNs;
    private final Map<MemberId, Long> lastCatchUpNs = new HashMap<>();

    SequencerRole(TotalOrderGroup group) {
        this.g = group;
    }

    boolean sequencing() {
        return sequencing;
    }

    /** Starts the group's order with this member alone in view 1. */
    void found(long nowNs) {
        Epoch epoch = new Epoch(g.highestEpochNumber + 1, g.self);
        g.highestEpochNumber = epoch.number();
        g.chain = new OrderChain(epoch, new ChainEntry.ViewChange(1, 1, List.of(g.me)));
        g.delivered = 0;
        g.ackTop = 0;
        sequencing = true;
        restartFrom = 1;
        order(nowNs);
    }

    /** Takes over when the epoch's sequencer is gone and this member is the most senior one present. */
    void maybeTakeOver(long nowNs) {
        if (sequencing) {
            return;
        }
        OrderChain chain = g.chain;
        ChainEntry.ViewChange top = chain.topView();
        Incarnation current = top.members().stream()
                .filter(m -> m.member().equals(chain.epoch().sequencer())).findFirst().orElse(null);
        if (current != null && g.present(current)) {
            return;
        }
        Incarnation candidate = top.members().stream().filter(g::present).findFirst().orElse(null);
        if (candidate == null || !candidate.equals(g.me)) {
            return;
        }
        Set<MemberId> present = presentIds(top);
        List<ChainEntry.ViewChange> views = new ArrayList<>(chain.viewsAfter(g.delivered));
        views.add(chain.viewAt(g.delivered < chain.start() ? chain.start() : g.delivered));
        for (ChainEntry.ViewChange view : views) {
            if (view != null && !Quorum.holds(present, view.members())) {
                g.block("the sequencer " + chain.epoch().sequencer() + " is gone and the " + present.size()
                        + " members present hold no majority of view " + view.viewNumber() + " ("
                        + view.members().size() + " members); waiting for the others");
                return;
            }
        }
        long base = chain.start();
        chain.truncateFrom(g.ackTop + 1);
        Epoch epoch = new Epoch(Math.max(g.highestEpochNumber, chain.epoch().number()) + 1, g.self);
        g.highestEpochNumber = epoch.number();
        chain.epoch(epoch);
        sequencing = true;
        restartFrom = base;
        order(nowNs);
    }

    /** Leaves the role (another member took over, or this member rejoins). */
    void stepDown() {
        sequencing = false;
        restartFrom = -1;
        orderInFlight = false;
        lastSentTop = 0;
    }

    /** This member's own order came back to it: the next may go. */
    void ownOrderReturned() {
        orderInFlight = false;
    }

    /** Orders what arrived, proposes a view if membership changed, and sends what is new. */
    void order(long nowNs) {
        if (!sequencing) {
            return;
        }
        appendReceived();
        proposeView();
        appendReceived();
        flush(nowNs);
    }

    /** Answers a member's hello: a member in the view gets what it misses, a newcomer a view (in {@link #order}). */
    void onHello(Incarnation member, long nowNs) {
        if (!sequencing || !g.chain.topView().members().contains(member)) {
            return;
        }
        Long last = lastCatchUpNs.get(member.member());
        if (last != null && nowNs - last < CATCH_UP_EVERY_NS) {
            return;
        }
        lastCatchUpNs.put(member.member(), nowNs);
        long acked = g.acks.position(member, g.chain.epoch());
        long from = acked >= 0 ? Math.max(acked + 1, g.chain.start()) : g.chain.start();
        if (from <= g.chain.top()) {
            send(from, true, true);
        }
    }

    private void appendReceived() {
        OrderChain chain = g.chain;
        for (Incarnation member : chain.topView().members()) {
            long next = chain.lastOrderedSeq(member) + 1;
            long to = next - 1;
            while (g.payloads.has(member, to + 1)) {
                to++;
            }
            if (to >= next) {
                chain.append(new ChainEntry.Messages(chain.top() + 1, member, next, to));
            }
        }
    }

    private void proposeView() {
        OrderChain chain = g.chain;
        ChainEntry.ViewChange top = chain.topView();
        List<Incarnation> desired = new ArrayList<>();
        for (Incarnation member : top.members()) {
            if (g.present(member)) {
                desired.add(member);
            }
        }
        Set<MemberId> inDesired = desired.stream().map(Incarnation::member).collect(Collectors.toSet());
        g.hellos.entrySet().stream()
                .filter(h -> g.raw.contains(h.getKey()) && !inDesired.contains(h.getKey()))
                .map(h -> new Incarnation(h.getKey(), h.getValue()))
                .sorted()
                .forEach(desired::add);
        if (desired.equals(top.members())) {
            return;
        }
        if (!Quorum.holds(desired.stream().map(Incarnation::member).toList(), top.members())) {
            g.block("the members present hold no majority of view " + top.viewNumber() + " ("
                    + top.members().size() + " members); waiting for the others");
            return;
        }
        chain.append(new ChainEntry.ViewChange(chain.top() + 1, top.viewNumber() + 1, desired));
    }

    private void flush(long nowNs) {
        if (restartFrom >= 0) {
            long from = restartFrom;
            restartFrom = -1;
            send(from, true, false);
            return;
        }
        if (g.chain.top() > lastSentTop && (!orderInFlight || nowNs - orderSentAtNs >= TotalOrderGroup.RESEND_AFTER_NS)) {
            orderSentAtNs = nowNs;
            send(lastSentTop + 1, false, false);
        }
    }

    /**
     * Sends the chain from a position to the last one, in orders of at most {@link #MAX_ENTRIES_PER_ORDER} entries.
     *
     * @param restart whether the first order replaces everything from its first position on
     * @param carryAll whether to carry every payload named (a catch-up) or only those of senders no longer in view
     */
    private void send(long from, boolean restart, boolean carryAll) {
        OrderChain chain = g.chain;
        long top = chain.top();
        List<ChainEntry> entries = chain.entriesBetween(from, top);
        Set<Incarnation> inView = Set.copyOf(chain.topView().members());
        int carriedBytes = 0;
        for (int i = 0; i < entries.size(); i += MAX_ENTRIES_PER_ORDER) {
            List<ChainEntry> part = entries.subList(i, Math.min(entries.size(), i + MAX_ENTRIES_PER_ORDER));
            List<OrderWire.Carried> carried = new ArrayList<>();
            for (ChainEntry entry : part) {
                if (entry instanceof ChainEntry.Messages m && (carryAll || !inView.contains(m.sender()))) {
                    for (long seq = m.fromSeq(); seq <= m.toSeq() && carriedBytes < MAX_CARRIED_BYTES; seq++) {
                        byte[] payload = g.payloads.get(m.sender(), seq);
                        if (payload != null) {
                            carried.add(new OrderWire.Carried(m.sender(), seq, payload));
                            carriedBytes += payload.length;
                        }
                    }
                }
            }
            g.out.send(OrderWire.order(new OrderWire.Order(g.me.number(), chain.epoch(), restart && i == 0,
                    List.copyOf(part), carried)));
        }
        lastSentTop = Math.max(lastSentTop, top);
        orderInFlight = true;
    }

    private Set<MemberId> presentIds(ChainEntry.ViewChange view) {
        return view.members().stream().filter(g::present).map(Incarnation::member).collect(Collectors.toSet());
    }
}
