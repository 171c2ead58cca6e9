package org.gcs.alm.swim;

/**
 * This member's probe of the current protocol period (SWIM §3.1, with Lifeguard §IV-A's Nacks and scaling): a
 * Ping to the target at the start; if no Ack came by {@code indirectAtNs}, ping-reqs to k intermediaries; at
 * {@code endNs}, the end of the period, the probe succeeded if any Ack (direct or relayed) came.
 *
 * <p>Both deadlines are fixed when the probe starts, from the local health score S of that moment:
 * {@code indirectAtNs = start + probeTimeout · (S + 1)} and {@code endNs = start + T · (S + 1)}.
 */
final class ActiveProbe {
    private final String target;
    private final long seq;
    private final long indirectAtNs;
    private final long endNs;
    private boolean acked;
    private boolean indirectSent;
    private int expectedNacks;
    private int nacks;

    /**
     * @param target the member probed
     * @param seq the sequence number of the Ping and the ping-reqs
     * @param indirectAtNs when to ask intermediaries if no Ack came
     * @param endNs the end of the protocol period
     */
    ActiveProbe(String target, long seq, long indirectAtNs, long endNs) {
        this.target = target;
        this.seq = seq;
        this.indirectAtNs = indirectAtNs;
        this.endNs = endNs;
    }

    String target() {
        return target;
    }

    long seq() {
        return seq;
    }

    long endNs() {
        return endNs;
    }

    /** An Ack with this probe's sequence number came, from the target or relayed by an intermediary. */
    void acked() {
        acked = true;
    }

    boolean isAcked() {
        return acked;
    }

    /** @return true if it is time to ask intermediaries: no Ack yet, not asked yet, timeout passed */
    boolean indirectDue(long nowNs) {
        return !acked && !indirectSent && nowNs >= indirectAtNs;
    }

    /**
     * Records that ping-reqs went out.
     *
     * @param intermediaries how many; each is expected to send an Ack or a Nack
     */
    void indirectSent(int intermediaries) {
        indirectSent = true;
        expectedNacks = intermediaries;
    }

    /** A Nack with this probe's sequence number came (Lifeguard §IV-A). */
    void nacked() {
        if (indirectSent) {
            nacks++;
        }
    }

    /**
     * Lifeguard §IV-A: an indirect probe that failed while fewer Nacks came than intermediaries were asked hints
     * that this member's own connectivity, not only the target, is at fault.
     *
     * @return true if intermediaries were asked and some sent neither Ack nor Nack
     */
    boolean missedNacks() {
        return indirectSent && nacks < expectedNacks;
    }

    /** @return true when the period is over */
    boolean isOver(long nowNs) {
        return nowNs >= endNs;
    }

    /** @return the next time something is due for this probe */
    long nextDeadlineNs() {
        return acked || indirectSent ? endNs : indirectAtNs;
    }
}
