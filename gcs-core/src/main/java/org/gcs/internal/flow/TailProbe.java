package org.gcs.internal.flow;

/**
 * One receiver's tail probes of a flow's last packet ({@link MetaFlowSender#probeTail}): which packet it was last
 * probed with, how often and when, and the byte credit that pays for probes ({@link ProbeCredit}, which repairs to
 * the receiver drain too).
 */
final class TailProbe {
    /**
     * How many tail probes one last packet gets at most: two. Losses come in bursts, so the packet after a lost one
     * is lost far more often than the mean loss rate says; with the bench's Gilbert-Elliott profile (a bad state of 4
     * packets on average, half of them lost) a single probe is lost with the packet it repeats 3 times in 8, and the
     * loss then waits for the next message and a NAK round trip, holding up every message behind it. A second probe,
     * half a probe delay later, cuts that to about 1 in 7.
     */
    static final int PER_PACKET = 2;
    /** The credit holds, and owes, at most this many datagrams of the probed packet's size. */
    private static final double CREDIT_CAP_DATAGRAMS = 2.0;

    private final ProbeCredit credit;
    private long probedSeq;
    private int probesOfSeq;
    private long lastProbeNs;

    /** @param nowNs when the receiver joined the flow (the credit starts empty) */
    TailProbe(long nowNs) {
        this.credit = new ProbeCredit(nowNs);
    }

    /** @return whether packet {@code lastSeq} has probes left for this receiver ({@link #PER_PACKET}) */
    boolean hasProbesLeft(long lastSeq) {
        return probedSeq != lastSeq || probesOfSeq < PER_PACKET;
    }

    /**
     * @param lastAppendNs when the flow appended its last packet
     * @param delayNs the probe delay to this receiver ({@link FlowSettings#tailProbeDelayNs})
     * @return when the next probe of packet {@code lastSeq} is due: the delay after the last append, or half the
     *     delay after the first probe
     */
    long dueNs(long lastSeq, long lastAppendNs, long delayNs) {
        return probedSeq == lastSeq ? lastProbeNs + delayNs / 2 : lastAppendNs + delayNs;
    }

    /**
     * Fills the credit for the time since the last call.
     *
     * @param fillBytesPerSec the rate the flow's senders leave unused, not negative
     * @param wireBytes the size of the packet a probe would repeat, on the wire
     */
    void accrue(double fillBytesPerSec, long nowNs, int wireBytes) {
        credit.accrue(fillBytesPerSec, nowNs, CREDIT_CAP_DATAGRAMS * wireBytes);
    }

    /** @return whether the credit pays for a probe of {@code wireBytes} */
    boolean paidFor(int wireBytes) {
        return credit.covers(wireBytes);
    }

    /** @param wireBytes a repair (asked for by a NAK) sent to the receiver: it drains the credit */
    void onRepair(int wireBytes) {
        credit.spend(wireBytes);
    }

    /** Records a probe of packet {@code lastSeq} of {@code wireBytes} sent now. */
    void onProbe(long lastSeq, long nowNs, int wireBytes) {
        probesOfSeq = probedSeq == lastSeq ? probesOfSeq + 1 : 1;
        probedSeq = lastSeq;
        lastProbeNs = nowNs;
        credit.spend(wireBytes);
    }
}
