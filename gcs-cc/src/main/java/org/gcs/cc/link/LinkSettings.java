package org.gcs.cc.link;

/**
 * The settings of one reliable link (implementation specification §1.2; seed 001 §II and §V for the buffer sizes).
 *
 * @param outputCapacityPackets B_OUT, the output buffer of the sending end, in packets; at least 1
 * @param inputCapacityPackets B_IN, the input buffer of the receiving end (in order and out of order together), in
 *     packets; at least 1. The sender assumes it as the credit until the first acknowledgement
 * @param outputSlots what a slot of the output buffer holds ({@link OutputSlots}; seed 001's {@code UNACKED} by
 *     default)
 * @param initialWindowPackets the congestion window at the start, in packets (§1.2: 2); at least 1
 * @param initialSsthreshPackets the slow-start threshold at the start, in packets (§1.2: 64); at least 1
 * @param fixedWindowPackets 0 for Reno-like AIMD; otherwise the congestion window is held at this many packets
 *     and losses do not change it (the conformance tests' fixed-window mode; {@link Integer#MAX_VALUE} leaves only
 *     the credit, as seed 003's W_c)
 * @param duplicateThreshold how many SACKed frames above an unacknowledged one, or duplicate acknowledgements,
 *     declare it lost (RFC 6675's DupThresh, 3); at least 1
 * @param initialRttNs the RTT assumed before the first sample; positive
 * @param minRtoNs the smallest retransmission timeout (RFC 6298 §2.4 allows below 1 s; 200 ms as Linux); positive
 * @param maxRtoNs the largest retransmission timeout, also after back-off (RFC 6298 §2.5: at least 60 s); at least
 *     minRtoNs
 * @param ackDelayNs how long the receiver may hold the acknowledgement of a single in-order frame (RFC 5681 §4.2
 *     delays one segment out of two); 0 acknowledges every frame at once
 * @param windowUpdatePackets how much credit must come back before the receiver advertises it on its own (seed 001
 *     §II-B: "two Maximal Segment Size (MSS) or more", so 2); 1 advertises every packet copied out, as the papers'
 *     models assume (the conformance tests)
 */
public record LinkSettings(int outputCapacityPackets, int inputCapacityPackets, OutputSlots outputSlots,
                           int initialWindowPackets, int initialSsthreshPackets, int fixedWindowPackets,
                           int duplicateThreshold, long initialRttNs, long minRtoNs, long maxRtoNs, long ackDelayNs,
                           int windowUpdatePackets) {
    /** SACK ranges an acknowledgement carries at most (§1.2: up to 3, as TCP with timestamps). */
    public static final int MAX_SACK_RANGES = 3;

    /**
     * Seed 001's defaults: B_OUT = B_IN = 50 packets (its smallest table column), AIMD from a window of 2 with
     * ssthresh 64, DupThresh 3, a 100 ms initial RTT, RTO between 200 ms and 60 s, acknowledgements delayed up to
     * 5 ms (one protocol tick).
     */
    public static final LinkSettings DEFAULTS = new LinkSettings(50, 50, OutputSlots.UNACKED, 2, 64, 0, 3,
            100_000_000L, 200_000_000L, 60_000_000_000L, 5_000_000L, 2);

    /** Rejects settings no link can run with; the message names the setting. */
    public LinkSettings {
        atLeast("outputCapacityPackets", outputCapacityPackets, 1);
        atLeast("inputCapacityPackets", inputCapacityPackets, 1);
        if (outputSlots == null) {
            throw new IllegalArgumentException("outputSlots must not be null; use OutputSlots.UNACKED (seed 001)");
        }
        atLeast("initialWindowPackets", initialWindowPackets, 1);
        atLeast("initialSsthreshPackets", initialSsthreshPackets, 1);
        atLeast("fixedWindowPackets", fixedWindowPackets, 0);
        atLeast("duplicateThreshold", duplicateThreshold, 1);
        atLeast("windowUpdatePackets", windowUpdatePackets, 1);
        if (initialRttNs <= 0 || minRtoNs <= 0 || maxRtoNs < minRtoNs || ackDelayNs < 0) {
            throw new IllegalArgumentException("need initialRttNs > 0, 0 < minRtoNs <= maxRtoNs and ackDelayNs >= 0,"
                    + " got " + initialRttNs + ", " + minRtoNs + ", " + maxRtoNs + ", " + ackDelayNs);
        }
    }

    /**
     * @param bOut B_OUT, packets
     * @param bIn B_IN, packets
     * @return a copy with other buffer sizes
     */
    public LinkSettings withBuffers(int bOut, int bIn) {
        return new LinkSettings(bOut, bIn, outputSlots, initialWindowPackets, initialSsthreshPackets,
                fixedWindowPackets, duplicateThreshold, initialRttNs, minRtoNs, maxRtoNs, ackDelayNs,
                windowUpdatePackets);
    }

    /**
     * @param packets the fixed congestion window, or 0 for AIMD
     * @param slots what an output slot holds
     * @return a copy in fixed-window mode (or back to AIMD with 0)
     */
    public LinkSettings withFixedWindow(int packets, OutputSlots slots) {
        return new LinkSettings(outputCapacityPackets, inputCapacityPackets, slots, initialWindowPackets,
                initialSsthreshPackets, packets, duplicateThreshold, initialRttNs, minRtoNs, maxRtoNs, ackDelayNs,
                windowUpdatePackets);
    }

    /**
     * The papers' models (seed 001 §III-B, seed 003 §3): every acknowledgement at once, every packet's credit
     * advertised as it is copied out, and timers too long to fire, so that only windows, credit and buffers decide
     * when a packet moves (the conformance tests).
     *
     * @return a copy with those timers
     */
    public LinkSettings withModelTimers() {
        return new LinkSettings(outputCapacityPackets, inputCapacityPackets, outputSlots, initialWindowPackets,
                initialSsthreshPackets, fixedWindowPackets, duplicateThreshold, 3_600_000_000_000L,
                3_600_000_000_000L, 3_600_000_000_000L, 0, 1);
    }

    /** @return true if losses and acknowledgements change the congestion window */
    public boolean aimd() {
        return fixedWindowPackets == 0;
    }

    private static void atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
        }
    }
}
