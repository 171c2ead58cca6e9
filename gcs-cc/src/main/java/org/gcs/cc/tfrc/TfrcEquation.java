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
 *
 * <h2>Which s: the cause of TFRC's low share against TCP, and its fix (issue 36)</h2>
 * Eq. 1 is a rate in <em>packets</em> per second times s: at the same p and R, a flow of smaller packets gets
 * proportionally fewer bytes per second. TFRC is fair to "a TCP flow using the same segment size" (RFC 5348 §1);
 * the TCP that shares a path with GCS sends full-size segments (1448 payload bytes behind a 1500-byte MTU), while a
 * GCS datagram carries one message: in {@code gcs lab tcp-friendliness}, 1000 payload bytes, about 1160 bytes as
 * GCS counts them (payload + {@code WireCost}'s 160 of header, names and AES-GCM tag). The receiving delegate used
 * the mean datagram size, s = 1160. The lab's evidence (scale 0.25, seed 1, 60 ms, Reno, load average 5.8): while
 * sharing, both flows sent about the same <em>packets</em> per second (GCS 452 messages/s, TCP 467 segments/s) at
 * about the same loss event rate (GCS's p 0.0010; Reno's p that Eq. 1 gives for its rate and RTT, 0.0008) and the
 * same RTT (94 ms): Eq. 1 was working, per packet. The payload share, 0.78 (cycles 0.47–0.91), is the packet size
 * ratio at work (1000/1448 = 0.69 at equal packet rates). The RTT, the loss history and the receive-rate cap did
 * not make the difference: GCS used 96 % of the rate it was granted (1-s samples, in the same wire units), its
 * RTT was TCP's (one queue), and its p was close to Reno's.
 *
 * <p>The fix keeps Eq. 1 and the paper's s as a mean packet size, and applies RFC 5348 §4.1: when the segment size
 * varies with the data, "the TFRC sender can either compute the average segment size or use the maximum segment
 * size". A GCS datagram's size does vary with the data (any message size; fragments up to
 * {@code max.datagram.bytes}), so the receiving delegate uses {@code s = max(mean datagram size,
 * cc.tfrc.segment.bytes)}, the latter 1400 by default (GCS's largest datagram, which fits the 1500-byte MTU a TCP's
 * segments fill). Datagrams as large as that, or larger, change nothing; smaller ones no longer shrink GCS's rate
 * below a full-size TCP's. The same lab with the fix (scale 0.25, seed 1, load 5.8–8.1): median 1.03. To reproduce
 * the paper's Table 3 (its packets were 1000 bytes) set {@code cc.tfrc.segment.bytes=1000} (or any value up to
 * the mean datagram). docs/congestion-control.md §3.1 and docs/experiments.md give the full-scale figures.
 */
public final class TfrcEquation {
    /** b: packets acknowledged by one TCP acknowledgement (seed 004, Eq. 1). */
    private static final double PACKETS_PER_ACK = 1.0;
    /** t_RTO = 4·R (seed 004, Eq. 1; RFC 5348 §4.3). */
    private static final double RTO_PER_RTT = 4.0;

    private TfrcEquation() {
    }

    /** The smallest p {@link #lossEventRateFor} returns. */
    static final double MIN_INVERTED_P = 1e-12;

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

    /**
     * Eq. 1 inverted: the loss event rate p at which {@link #rateBytesPerSec} gives {@code targetBytesPerSec}, as
     * RFC 5348 §6.3.1 uses it to synthesize the first loss interval ({@code 1/p}) from the receive rate at the first
     * loss event. Eq. 1 falls strictly as p grows, so p is found by bisection on log p, until log p is known to
     * within 1e-10.
     *
     * @param segmentBytes segment size s in bytes; finite and positive
     * @param rttSec round-trip time R in seconds; finite and positive
     * @param targetBytesPerSec the rate wanted; finite and positive
     * @return p in [1e-12, 1]: 1 when even p = 1 allows more than the target, 1e-12 when even that p allows less
     * @throws IllegalArgumentException naming the offending argument
     */
    public static double lossEventRateFor(double segmentBytes, double rttSec, double targetBytesPerSec) {
        if (!Double.isFinite(segmentBytes) || segmentBytes <= 0) {
            throw new IllegalArgumentException("segmentBytes must be finite and positive, got " + segmentBytes);
        }
        if (!Double.isFinite(rttSec) || rttSec <= 0) {
            throw new IllegalArgumentException("rttSec must be finite and positive, got " + rttSec);
        }
        if (!Double.isFinite(targetBytesPerSec) || targetBytesPerSec <= 0) {
            throw new IllegalArgumentException("targetBytesPerSec must be finite and positive, got "
                    + targetBytesPerSec);
        }
        double lowLog = Math.log(MIN_INVERTED_P);
        double highLog = 0; // p = 1
        if (rateBytesPerSec(segmentBytes, rttSec, 1.0) >= targetBytesPerSec) {
            return 1.0;
        }
        if (rateBytesPerSec(segmentBytes, rttSec, MIN_INVERTED_P) <= targetBytesPerSec) {
            return MIN_INVERTED_P;
        }
        while (highLog - lowLog > 1e-10) { // about 38 halvings from [log 1e-12, 0]
            double midLog = (lowLog + highLog) / 2;
            if (rateBytesPerSec(segmentBytes, rttSec, Math.exp(midLog)) > targetBytesPerSec) {
                lowLog = midLog; // p too small: the rate is above the target
            } else {
                highLog = midLog;
            }
        }
        return Math.exp((lowLog + highLog) / 2);
    }
}
