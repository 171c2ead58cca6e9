package org.gcs.internal.engine;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.gcs.internal.wire.WanPacket.Data;

/**
 * Which packets of each flow a hop-by-hop delegate has already copied out, so that a backup replay stops at the
 * first delegate that has them (seed 001 §IV: "nodes … must be able to ignore the packets that they have already
 * received"; digest 001 §5, item 10: the orphan drops what it already has and forwards only new packets, so its
 * subtree never sees the duplicates).
 *
 * <p>Per flow (source site, group, epoch) a window of the latest {@link #WINDOW} sequence numbers is remembered
 * exactly; a packet below the window is let through (a duplicate further down costs a little bandwidth, a wrong drop
 * would lose the packet). Dropping is safe because this delegate copied the packet into every next hop's output
 * buffer, whose link is reliable; a next hop that appeared since gets it from this delegate's backup replay.
 * A new epoch of a (source site, group) replaces the old one.
 */
final class RelayedSequences {
    /** How many of a flow's latest sequence numbers are remembered: well above any backup buffer. */
    static final int WINDOW = 1 << 16;

    private static final class Flow {
        final long epoch;
        /** The lowest remembered sequence number; bit i of {@code seen} is sequence number {@code base + i}. */
        long base = -1;
        final BitSet seen = new BitSet();

        Flow(long epoch) {
            this.epoch = epoch;
        }
    }

    /** By source site, then group: no key is built for the lookup every peek at an input's head makes. */
    private final Map<String, Map<String, Flow>> flows = new HashMap<>();

    /**
     * @param packet a packet at the head of an input
     * @return true if this delegate copied it out before (drop it), false if not (or if it cannot tell)
     */
    boolean copiedBefore(Data packet) {
        Map<String, Flow> bySite = flows.get(packet.srcSite());
        Flow flow = bySite == null ? null : bySite.get(packet.group());
        if (flow == null || packet.epoch() != flow.epoch || packet.seq() < flow.base
                || packet.seq() - flow.base >= WINDOW) {
            return false;
        }
        return flow.seen.get((int) (packet.seq() - flow.base));
    }

    /**
     * Records a packet copied out.
     *
     * @param packet the packet
     */
    void copied(Data packet) {
        Map<String, Flow> bySite = flows.computeIfAbsent(packet.srcSite(), site -> new HashMap<>());
        Flow flow = bySite.get(packet.group());
        if (flow == null || packet.epoch() > flow.epoch) {
            flow = new Flow(packet.epoch());
            bySite.put(packet.group(), flow);
        } else if (packet.epoch() < flow.epoch) {
            return; // an older epoch's packet: not remembered
        }
        long seq = packet.seq();
        if (flow.base < 0) {
            flow.base = Math.max(0, seq - WINDOW / 2);
        }
        if (seq < flow.base) {
            return;
        }
        if (seq - flow.base >= WINDOW) {
            slide(flow, seq - WINDOW + 1);
        }
        flow.seen.set((int) (seq - flow.base));
    }

    private static void slide(Flow flow, long newBase) {
        int shift = (int) Math.min(WINDOW, newBase - flow.base);
        BitSet kept = flow.seen.get(shift, Math.max(shift, flow.seen.length()));
        flow.seen.clear();
        flow.seen.or(kept);
        flow.base = newBase;
    }
}
