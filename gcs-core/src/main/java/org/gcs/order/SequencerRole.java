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
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(SequencerRole.class);
    /** Under load the sequencer sends an order at most this often on average ({@link Pacer}), so that orders batch. */
    static final long MIN_ORDER_SPACING_NS = 10_000_000L;
    /** At most this many entries in one order message; more go in the next. */
    static final int MAX_ENTRIES_PER_ORDER = 2_000;
    /** At most this many payload bytes carried in one order message. */
    static final int MAX_CARRIED_BYTES = 256 * 1024;
    /** At most this many entries re-sent to a member that is stuck in the current epoch. */
    static final int MAX_CATCH_UP_ENTRIES = 64;
    /** How often one member's hello is answered with what it misses. */
    static final long CATCH_UP_EVERY_NS = 1_000_000_000L;

    private final TotalOrderGroup g;
    private boolean sequencing;
    /** The first position of a take-over's re-issue still to send, -1 when none. */
    private long restartFrom = -1;
    private long lastSentTop;
    private boolean orderInFlight;
    private long orderSentAtNs;
    private final Pacer orderPacer = new Pacer(MIN_ORDER_SPACING_NS);
    private final Map<MemberId, Long> lastCatchUpNs = new HashMap<>();

    SequencerRole(TotalOrderGroup group) {
        this.g = group;
    }

    boolean sequencing() {
        return sequencing;
    }

    /** Starts the group's order with this member alone in view 1. */
    void found(long nowNs) {
        Epoch epoch = new Epoch(g.highestEpochNumber + 1, g.self, g.me.number());
        g.highestEpochNumber = epoch.number();
        g.chain = new OrderChain(epoch, new ChainEntry.ViewChange(1, 1, List.of(g.me)));
        g.delivered = 0;
        g.ackTop = 0;
        g.out.admitted(epoch.lineage());
        sequencing = true;
        restartFrom = 1;
        LOG.info("{} founds the order of group '{}' (epoch {}) at {} ms", g.me, g.group, epoch.number(),
                nowNs / 1_000_000);
        order(nowNs);
    }

    /** Takes over when the epoch's sequencer is gone and this member is the most senior one present. */
    void maybeTakeOver(long nowNs) {
        if (sequencing || g.chain.epoch().number() < g.highestEpochNumber) {
            return; // (a member that heard of a later epoch than it follows is behind: it must not take over)
        }
        OrderChain chain = g.chain;
        ChainEntry.ViewChange top = chain.topView();
        Incarnation current = top.members().stream()
                .filter(m -> m.member().equals(chain.epoch().sequencer())).findFirst().orElse(null);
        if (current != null && (g.present(current) || !g.seenInRaw.contains(current.member()))) {
            return; // (a member's messages may reach this one before the FIFO view that lists it)
        }
        Set<Incarnation> present = top.members().stream().filter(g::present).collect(Collectors.toSet());
        for (ChainEntry.ViewChange view : viewsToOutvote()) {
            if (!Quorum.holds(present, view.members())) { // every member of a minority is told, not the candidate only
                g.block("the sequencer " + chain.epoch().sequencer() + " is gone and the " + present.size()
                        + " members present hold no majority of view " + view.viewNumber() + " ("
                        + view.members().size() + " members); waiting for the others");
                return;
            }
        }
        Incarnation candidate = top.members().stream().filter(g::present).findFirst().orElse(null);
        if (candidate == null || !candidate.equals(g.me)) {
            return;
        }
        long base = chain.start();
        MemberId previous = chain.epoch().sequencer();
        ChainEntry.ViewChange held = chain.viewAt(g.ackTop);
        if (held == null || !held.members().contains(g.me)) {
            return; // it does not hold its own admission yet
        }
        chain.truncateFrom(g.ackTop + 1);
        Epoch epoch = new Epoch(Math.max(g.highestEpochNumber, chain.epoch().number()) + 1, g.self,
                chain.epoch().lineage());
        g.highestEpochNumber = epoch.number();
        chain.epoch(epoch);
        sequencing = true;
        restartFrom = base;
        LOG.info("{} takes over the order of group '{}' from {} (epoch {}, re-issuing from position {} to {})"
                + " at {} ms; it heard {} last, its view has {}", g.me, g.group, previous, epoch.number(), base,
                chain.top(), nowNs / 1_000_000, current == null ? "nothing" : Long.toHexString(
                        g.hellos.getOrDefault(current.member(), 0L)), current == null ? "none" : current);
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
        order(nowNs, true);
    }

    /** @param membership false to leave the view proposal to a later call (after a data message: nothing changed) */
    void order(long nowNs, boolean membership) {
        if (!sequencing) {
            return;
        }
        appendReceived();
        if (membership) {
            proposeView();
        }
        appendReceived();
        flush(nowNs);
        tellDeparted(nowNs);
    }

    /** Answers a member's hello: a member in the view gets what it misses, a newcomer a view (in {@link #order}). */
    void onHello(Incarnation member, List<OrderWire.Missing> missing, long nowNs) {
        boolean departed = sequencing && g.chain.departed(member);
        if (!sequencing || orderInFlight || !departed && !g.chain.topView().members().contains(member)) {
            return; // (one of this sequencer's orders at a time: catch-ups never pile up in its send queue)
        }
        Long last = lastCatchUpNs.get(member.member());
        if (last != null && nowNs - last < CATCH_UP_EVERY_NS) {
            return;
        }
        lastCatchUpNs.put(member.member(), nowNs);
        long acked = departed ? -1 : g.acks.position(member, g.chain.epoch());
        if (acked >= 0) {
            catchUp(Math.max(acked + 1, g.chain.start()), missing); // what it misses, and the commit
        } else {
            send(g.chain.start(), true); // a newcomer, an earlier epoch, or left out: it then names what it lacks
        }
    }

    /**
     * Answers a member of this epoch that is stuck: with the payloads it named as missing if it named any (it holds
     * the entries), else with the entries after what it acknowledged (it missed an order).
     */
    private void catchUp(long from, List<OrderWire.Missing> missing) {
        OrderChain chain = g.chain;
        List<ChainEntry> entries = missing.isEmpty()
                ? chain.entriesBetween(from, Math.min(chain.top(), from + MAX_CATCH_UP_ENTRIES - 1)) : List.of();
        List<OrderWire.Carried> carried = new ArrayList<>();
        int bytes = 0;
        for (OrderWire.Missing m : missing) {
            byte[] payload = g.payloads.get(m.sender(), m.seq());
            if (payload != null && bytes < MAX_CARRIED_BYTES) {
                carried.add(new OrderWire.Carried(m.sender(), m.seq(), payload));
                bytes += payload.length;
            }
        }
        g.out.send(OrderWire.order(new OrderWire.Order(g.me.number(), chain.epoch(), false,
                entries.isEmpty() ? chain.top() + 1 : entries.get(0).first(), g.delivered, g.deliveredView, entries,
                carried)));
        orderInFlight = true;
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

    /** A member that a view left out came back into the FIFO view (a hang, a healed partition): tell it. */
    private void tellDeparted(long nowNs) {
        for (MemberId member : g.raw) {
            Long announced = g.hellos.get(member);
            if (announced != null && g.chain.departed(new Incarnation(member, announced))) {
                onHello(new Incarnation(member, announced), List.of(), nowNs);
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
        g.newcomers.entrySet().stream()
                .filter(h -> g.raw.contains(h.getKey()) && !inDesired.contains(h.getKey()))
                .filter(h -> !h.getKey().equals(g.self))
                .filter(h -> h.getValue().equals(g.hellos.get(h.getKey())))
                .map(h -> new Incarnation(h.getKey(), h.getValue()))
                .filter(newcomer -> !chain.departed(newcomer))
                .sorted()
                .forEach(desired::add);
        if (desired.equals(top.members())) {
            return;
        }
        for (ChainEntry.ViewChange view : viewsToOutvote()) {
            if (!Quorum.holds(desired, view.members())) {
                g.block("the members present hold no majority of view " + view.viewNumber() + " ("
                        + view.members().size() + " members); waiting for the others");
                return;
            }
        }
        chain.append(new ChainEntry.ViewChange(chain.top() + 1, top.viewNumber() + 1, desired));
        LOG.debug("{} proposes view {} at {}: {}", g.me, top.viewNumber() + 1, chain.top(), desired);
    }

    /** @return true if this member orders and an order could go now (a received message would be in it) */
    boolean wouldSend(long nowNs) {
        return sequencing && (restartFrom >= 0 || (!orderInFlight || nowNs - orderSentAtNs
                >= TotalOrderGroup.RESEND_AFTER_NS) && orderPacer.ready(nowNs));
    }

    private void flush(long nowNs) {
        if (restartFrom >= 0) {
            long from = restartFrom;
            restartFrom = -1;
            send(from, true);
            return;
        }
        if (g.chain.top() > lastSentTop
                && (!orderInFlight || nowNs - orderSentAtNs >= TotalOrderGroup.RESEND_AFTER_NS)
                && orderPacer.tryTake(nowNs)) {
            orderSentAtNs = nowNs;
            send(lastSentTop + 1, false);
        }
    }

    /**
     * Sends the chain from a position to the last one, in orders of at most {@link #MAX_ENTRIES_PER_ORDER} entries.
     *
     * Carries the payloads of senders no longer in view (at most {@link #MAX_CARRIED_BYTES} in one order): the members
     * that lack them cannot get them from their sender.
     *
     * @param restart whether the first order replaces everything from its first position on
     */
    private void send(long from, boolean restart) {
        OrderChain chain = g.chain;
        long top = chain.top();
        List<ChainEntry> entries = chain.entriesBetween(from, top);
        Set<Incarnation> inView = Set.copyOf(chain.topView().members());
        int carriedBytes = 0;
        for (int i = 0; i < entries.size(); i += MAX_ENTRIES_PER_ORDER) {
            List<ChainEntry> part = entries.subList(i, Math.min(entries.size(), i + MAX_ENTRIES_PER_ORDER));
            List<OrderWire.Carried> carried = new ArrayList<>();
            for (ChainEntry entry : part) {
                if (entry instanceof ChainEntry.Messages m && !inView.contains(m.sender())) {
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
                    part.get(0).first(), g.delivered, g.deliveredView, List.copyOf(part), carried)));
        }
        if (entries.isEmpty()) {
            g.out.send(OrderWire.order(new OrderWire.Order(g.me.number(), chain.epoch(), restart, from, g.delivered,
                    g.deliveredView, List.of(), List.of())));
        }
        lastSentTop = Math.max(lastSentTop, top);
        orderInFlight = true;
    }

    /**
     * The views a new view must hold a majority of: the last one delivered here and every later one proposed (a
     * proposed view that some member installed while this one did not yet may have let the others go on).
     */
    private List<ChainEntry.ViewChange> viewsToOutvote() {
        OrderChain chain = g.chain;
        List<ChainEntry.ViewChange> views = new ArrayList<>();
        ChainEntry.ViewChange delivered = chain.viewAt(Math.max(g.delivered, chain.start()));
        if (delivered != null) {
            views.add(delivered);
        }
        for (ChainEntry.ViewChange later : chain.viewsAfter(g.delivered)) {
            if (!views.contains(later)) {
                views.add(later);
            }
        }
        return views;
    }

}
