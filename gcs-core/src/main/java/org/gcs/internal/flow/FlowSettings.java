package org.gcs.internal.flow;

/**
 * Timing and size limits of the reliable meta-flows (derived from the node configuration).
 *
 * @param tickNs the timer granularity of the driver
 * @param initialRttNs RTT assumed before the first sample (also the receiver's NAK timer until the sender's RTT
 *                     arrives on data)
 * @param ackIntervalNs least time between two acknowledgements of one flow
 * @param minRepairIntervalNs lower bound of NAK retry and sender probe intervals
 * @param maxRepairIntervalNs upper bound of NAK retry and sender probe intervals
 * @param maxReorderPackets how far beyond the delivery point a receiver buffers packets
 * @param maxRetransmitsPerNak cap on the packets one NAK can trigger
 * @param maxReorderGraceNs upper bound of the wait before a gap is NAKed (reordering tolerance)
 * @param lagSyncFloorNs the shortest wait before a sender asks a receiver whose acknowledgements lag to report its
 *                       gaps: 0 end to end; long on the hop-by-hop transport, whose reliable links hold packets back
 *                       by design, so that the end-to-end repair stays a fallback for what the links lose
 * @param endToEndRepair false switches the end-to-end repair off: receivers send no NAKs, so the sender retransmits
 *                       nothing (the hop-by-hop transport's {@code hop.e2e.repair = false}, for experiments that must
 *                       see what the links and backup buffers alone deliver); lagging receivers are still asked to
 *                       acknowledge again
 * @param maxTailProbeDelayNs upper bound of the idle time after which the flow's last packet is sent again to the
 *                            receivers that have not acknowledged it ({@link #tailProbeDelayNs}); 0: no tail probes
 */
public record FlowSettings(long tickNs, long initialRttNs, long ackIntervalNs, long minRepairIntervalNs,
                           long maxRepairIntervalNs, int maxReorderPackets, int maxRetransmitsPerNak,
                           long maxReorderGraceNs, long lagSyncFloorNs, boolean endToEndRepair,
                           long maxTailProbeDelayNs) {

    /**
     * @param tickNs the driver's tick interval
     * @return settings with the defaults for that tick: initial RTT 300 ms, ack every 2 ticks, repair intervals
     *         between 4 ticks and 2 s, 32 768 packets of reordering, 1024 retransmits per NAK, reorder grace of at
     *         most 20 ms, tail probes after at most 25 ms of idleness
     */
    public static FlowSettings defaults(long tickNs) {
        return new FlowSettings(tickNs, 300_000_000L, 2 * tickNs, 4 * tickNs, 2_000_000_000L, 32_768, 1024,
                20_000_000L, 0, true, 25_000_000L);
    }

    /**
     * How long the flow must have been idle after its last packet before that packet is sent again to a receiver
     * that has not acknowledged it (a tail probe): a quarter of the smoothed RTT to the receiver, within
     * {@link #MIN_TAIL_PROBE_DELAY_NS} and {@code maxTailProbeDelayNs}. The driver's deadline timer sends the probe
     * when it is due ({@link MetaFlowSender.Output#wakeAt}); until WAN round 17 it went on the first tick after at
     * least 2 ticks, 10 to 15 ms at a 20-ms RTT instead of 5.5, and that decided the p99 at 20 ms with 0.5 % loss
     * (docs/performance.md). Whether the probe then goes depends on the rate the flow's senders leave unused
     * ({@link ProbeCredit}). Without a probe, a lost last packet is found only when later data or an acknowledgement
     * timeout reveals the gap, a round trip or more later; TCP's tail loss probe (RFC 8985 §7) answers the same
     * problem after two RTTs, which is too late for a group's latency at WAN RTTs. The cap keeps the wait below the
     * send interval of an interactive application at long RTTs (at 200 ms, a quarter RTT is 50 ms, the interval of
     * 20 messages per second, so a probe after a quarter RTT would never go before the next message).
     *
     * @param srttNs the smoothed RTT to the receiver
     * @return the delay in nanoseconds, or {@link Long#MAX_VALUE} for no probe (probes off, no end-to-end repair)
     */
    public long tailProbeDelayNs(long srttNs) {
        if (maxTailProbeDelayNs <= 0 || !endToEndRepair) {
            return Long.MAX_VALUE;
        }
        return Math.max(MIN_TAIL_PROBE_DELAY_NS, Math.min(maxTailProbeDelayNs, srttNs / 4));
    }

    /**
     * The shortest wait before a tail probe, 2 ms: on short paths (a LAN-like RTT) a quarter RTT would send a copy of
     * every message of a flow that pauses for a moment, at a rate of a thousand or more a second.
     */
    public static final long MIN_TAIL_PROBE_DELAY_NS = 2_000_000L;

    /**
     * How long a receiver waits before it NAKs a new gap, in case the packet was only reordered: an eighth of
     * the smoothed RTT, at most {@code maxReorderGraceNs} (NAKs go out on the next tick after that).
     *
     * @param srttNs the smoothed RTT
     * @return the grace in nanoseconds
     */
    public long reorderGraceNs(long srttNs) {
        return Math.min(maxReorderGraceNs, srttNs / 8);
    }

    /**
     * The interval after which a repair (NAK or probe) is repeated: 1.5 smoothed RTTs, within the bounds.
     *
     * @param srttNs the smoothed RTT
     * @return the interval in nanoseconds
     */
    public long repairIntervalNs(long srttNs) {
        return Math.min(maxRepairIntervalNs, Math.max(minRepairIntervalNs, srttNs + srttNs / 2 + tickNs));
    }

    /**
     * @param repair whether the end-to-end repair runs at all
     * @param floorNs the shortest wait before a lagging receiver is asked for its gaps
     * @return a copy with that repair setting and floor, and without tail probes: the end-to-end repair is then a
     *     fallback behind links that repair a lost last packet themselves (the hop-by-hop transport)
     */
    public FlowSettings withEndToEndRepair(boolean repair, long floorNs) {
        return new FlowSettings(tickNs, initialRttNs, ackIntervalNs, minRepairIntervalNs, maxRepairIntervalNs,
                maxReorderPackets, maxRetransmitsPerNak, maxReorderGraceNs, floorNs, repair, 0);
    }

    /**
     * How long a receiver's acknowledgements may lag before the sender asks it for its gaps: the repair interval, at
     * least {@code lagSyncFloorNs}. The question is asked with the end-to-end repair off too: a receiver that holds
     * everything answers with a fresh acknowledgement, which is how a lost last acknowledgement is replaced; only
     * its NAKs stay off.
     *
     * @param srttNs the smoothed RTT
     * @return the interval in nanoseconds
     */
    public long lagSyncIntervalNs(long srttNs) {
        return Math.max(lagSyncFloorNs, repairIntervalNs(srttNs));
    }
}
