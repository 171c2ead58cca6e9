package org.gcs.order;

import java.util.List;

/**
 * What a member of a {@link TotalOrderGroup} does with an order it receives: admission (the first view that lists
 * it), extension of its chain in the same epoch, a take-over's restart to follow, or the news that the primary
 * component went on without it (it joins again).
 */
final class OrderIntake {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(OrderIntake.class);

    private final TotalOrderGroup g;

    OrderIntake(TotalOrderGroup group) {
        this.g = group;
    }

    void onOrder(OrderWire.Order order) {
        for (OrderWire.Carried carried : order.carried()) {
            g.payloads.put(carried.sender(), carried.seq(), carried.payload());
        }
        if (g.chain == null) {
            admitIfListed(order);
            return;
        }
        int byEpoch = order.epoch().compareTo(g.chain.epoch());
        long base = order.first();
        if (byEpoch == 0) {
            g.committedHint = Math.max(g.committedHint, order.committed());
            if (order.restart() && base > g.chain.top() + 1) {
                g.rejoin("the order of group '" + g.group + "' went on from position " + base
                        + ", beyond what this member holds (" + g.chain.top() + "): it was left out meanwhile");
                return;
            }
            extend(order.entries());
            return;
        }
        if (order.epoch().lineage() != g.chain.epoch().lineage()) {
            if (byEpoch > 0) {
                g.rejoin("another order of group '" + g.group + "' (founded apart, epoch " + order.epoch().number()
                        + " by " + order.epoch().sequencer() + ") takes precedence");
            }
            return;
        }
        Incarnation restarter = new Incarnation(order.epoch().sequencer(), order.incarnation());
        boolean follows = byEpoch > 0 && order.restart() && base <= g.delivered + 1
                && g.chain.topView() != null && g.chain.topView().members().contains(restarter)
                && agreesWithDelivered(order.entries());
        if (!follows) {
            if (order.committedView() > Math.max(g.deliveredView, g.admissionView)) {
                g.rejoin("the order of group '" + g.group + "' by " + order.epoch().sequencer() + " delivered view "
                        + order.committedView() + " without this member (it was apart from the primary component)");
            }
            return; // a sequencer left behind by the primary component, or one that cannot be followed from here
        }
        LOG.debug("{} follows {} from {} (held {}, delivered {})", g.me, order.epoch(), base, g.chain.top(),
                g.delivered);
        g.sequencer.stepDown();
        g.chain.truncateFrom(Math.max(base, g.chain.start())); // nothing past what was delivered is kept
        g.chain.epoch(order.epoch());
        g.committedHint = order.committed();
        g.ackTop = Math.max(g.delivered, Math.min(g.ackTop, base - 1)); // what follows may be other entries now
        extend(order.entries());
        ChainEntry.ViewChange top = g.chain.topView();
        if (top == null || !top.members().contains(g.me)) {
            g.rejoin("the sequencer " + order.epoch().sequencer() + " took over without this member in its view");
        } else if (g.deliveredView == 0) {
            readmit();
        }
    }

    /**
     * @return false if a take-over's entries differ from what this member delivered at a position it still keeps:
     *     the sequencer is not one to follow (a safety net; the protocol never re-issues a delivered position
     *     differently)
     */
    private boolean agreesWithDelivered(List<ChainEntry> entries) {
        for (ChainEntry entry : entries) {
            for (long position = Math.max(entry.first(), g.chain.start());
                    position < entry.end() && position <= g.delivered; position++) {
                if (!sameEvent(entry, g.chain.entryAt(position), position)) {
                    LOG.error("{}: a take-over order differs at position {} from what was delivered here; ignored",
                            g.me, position);
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean sameEvent(ChainEntry a, ChainEntry b, long position) {
        if (a instanceof ChainEntry.ViewChange va) {
            return b instanceof ChainEntry.ViewChange vb && va.members().equals(vb.members())
                    && va.viewNumber() == vb.viewNumber();
        }
        ChainEntry.Messages ma = (ChainEntry.Messages) a;
        return b instanceof ChainEntry.Messages mb && ma.sender().equals(mb.sender())
                && ma.seqAt(position) == mb.seqAt(position);
    }

    /** A member not yet past its admission after a take-over: its admission is the first view that lists it. */
    private void readmit() {
        for (ChainEntry.ViewChange view : g.chain.viewsAfter(g.delivered)) {
            if (view.members().contains(g.me)) {
                g.delivered = view.first() - 1;
                g.ackTop = Math.max(g.ackTop, g.delivered);
                return;
            }
        }
    }

    private void admitIfListed(OrderWire.Order order) {
        for (ChainEntry entry : order.entries()) {
            if (entry instanceof ChainEntry.ViewChange view && view.members().contains(g.me)) {
                g.chain = new OrderChain(order.epoch(), view);
                g.admissionView = view.viewNumber();
                LOG.debug("{} admitted by {} in {}", g.me, order.epoch(), view);
                g.committedHint = order.committed();
                g.out.admitted(order.epoch().lineage());
                g.delivered = view.first() - 1;
                g.ackTop = g.delivered;
                g.blocked = false;
                extend(order.entries());
                return;
            }
        }
    }

    /** Appends the part of the entries beyond the last known position; asks again on a gap. */
    private void extend(List<ChainEntry> entries) {
        for (ChainEntry entry : entries) {
            long top = g.chain.top();
            if (entry.end() - 1 <= top) {
                continue;
            }
            if (entry.first() > top + 1) {
                g.lastAskNs = Long.MIN_VALUE / 2; // a gap: ask at the next tick
                return;
            }
            g.chain.append(OrderChain.clip(entry, top + 1, entry.end() - 1));
        }
    }
}
