package org.gcs.cc.tfrc;

/**
 * The TCP throughput equation that turns a loss event rate and an RTT into a TCP-friendly rate (seed 004,
 * Eq. 1, restored in the seed's digest §2; RFC 5348 §3.1; Padhye et al.'s model):
 *
 * <pre>
 *   X = s / ( R·sqrt(2·b·p/3) + t_RTO · 3·sqrt(3·b·p/8) · p · (1 + 32·p²) )
 * </pre>
 *
 * with X the rate in bytes per second, s the mean segment size in bytes, R the round-trip time in seconds,
 * p the loss event rate, b = 1 packet acknowledged per acknowledgement and t_RTO = 4·R (the simplification
 * RFC 5348 §4.3 recommends, which the paper follows). With s = 1000 bytes this reproduces all 26 rates of
 * seed 004, Table 3 within 4 % (see {@code TfrcEquationTest}).
 *
 * <p>Edge cases: p = 0 (no loss event yet) gives {@link Double#POSITIVE_INFINITY}, whatever R is: the receiver
 * then imposes no limit and the sender slow-starts (seed 004 §4.4). R = 0 with p &gt; 0 is <b>rejected</b>: a
 * zero RTT is never a measurement (RTT estimators start from a positive initial value), and answering +∞ to a
 * receiver that is seeing losses would switch congestion control off exactly when it is needed. A tiny
 * positive R may still give a very large (or, if the denominator underflows, infinite) rate.
 */
public final class TfrcEquation {
    /** b: packets acknowledged by one TCP acknowledgement (seed 004, Eq. 1). */
    private static final double PACKETS_PER_ACK = 1.0;
    /** t_RTO = 4·R (seed 004, Eq. 1; RFC 5348 §4.3). */
    private static final double RTO_PER_RTT = 4.0;

    private TfrcEquation() {
    }

    /**
     * The TCP-friendly rate of seed 004, Eq. 1 (RFC 5348 §3.1) with b = 1 and t_RTO = 4·R.
     *
     * @param segmentBytes mean segment size s in bytes; finite and not negative
     * @param rttSec round-trip time R in seconds; finite and not negative, positive when {@code lossEventRate > 0}
     * @param lossEventRate loss event rate p in [0, 1]
     * @return the rate in bytes per second; {@link Double#POSITIVE_INFINITY} when {@code lossEventRate == 0}
     * @throws IllegalArgumentException naming the offending argument
     */
    public static double rateBytesPerSec(double segmentBytes, double rttSec, double lossEventRate) {
        if (!Double.isFinite(segmentBytes) || segmentBytes < 0) {
            throw new IllegalArgumentException("segmentBytes must be finite and not negative, got " + segmentBytes);
        }
        if (!Double.isFinite(rttSec) || rttSec < 0) {
            throw new IllegalArgumentException("rttSec must be finite and not negative, got " + rttSec);
        }
        if (!(lossEventRate >= 0 && lossEventRate <= 1)) {
            throw new IllegalArgumentException("lossEventRate must be in [0, 1], got " + lossEventRate);
        }
        if (lossEventRate == 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (rttSec == 0) {
            throw new IllegalArgumentException("rttSec must be positive when lossEventRate > 0, got 0");
        }
        double p = lossEventRate;
        double b = PACKETS_PER_ACK;
        double rtoSec = RTO_PER_RTT * rttSec;
        // seed 004, Eq. 1: the first term is TCP's AIMD sawtooth, the second its retransmission timeouts.
        double denominator = rttSec * Math.sqrt(2 * b * p / 3)
                + rtoSec * (3 * Math.sqrt(3 * b * p / 8)) * p * (1 + 32 * p * p);
        return segmentBytes / denominator;
    }
}
