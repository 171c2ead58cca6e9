package org.gcs.cc.tfrc;

/**
 * TFRC's oscillation prevention (RFC 5348 §4.5) for one path: scales the allowed rate down while the queue on the
 * path grows and up while it drains, using the RTT as the queue's gauge. Sans-IO: RTT samples come in with
 * {@code nowNs}.
 *
 * <p>With a low degree of statistical multiplexing and a drop-tail bottleneck the RTT is mostly queueing delay.
 * Eq. 1 then gives a high rate when the queue has just drained (small R) and a low one once the sender has filled
 * it, and the rate swings between the two: in the lab's TCP-friendliness bottleneck (10 Mbit/s, 64 KB queue, no
 * other delay) a lone GCS flow swung between 5 KB/s and 3 MB/s twice a second and lost a third of its packets.
 * RFC 5348 recommends this correction for exactly that case; seed 004 is silent on it (it ran over the Internet).
 *
 * <pre>
 *   R_sqmean ← q2·R_sqmean + (1 − q2)·sqrt(R_sample)      (first sample: R_sqmean = sqrt(R_sample))
 *   X_inst   = X · R_sqmean / sqrt(R_sample)
 * </pre>
 *
 * with q2 = 0.9 (the RFC's recommendation). The RFC updates {@code R_sqmean} once per feedback packet, and TFRC's
 * receivers send one per RTT; GCS's receiving delegates acknowledge every few milliseconds, so the mean here takes
 * at most one sample per smoothed RTT, which keeps its memory at about ten RTTs as in the RFC. {@code X_inst} uses
 * the latest sample, whatever its spacing.
 *
 * <p>Not thread-safe; one instance per (sending delegate, group, receiving site).
 */
public final class OscillationDamper {
    /** q2 of RFC 5348 §4.5. */
    public static final double DEFAULT_HISTORY_WEIGHT = 0.9;

    private final double historyWeight;
    private boolean started;
    private double sqrtMeanRtt;
    private double sqrtLatestRtt;
    private long lastMeanUpdateNs;

    /** A damper with q2 = 0.9. */
    public OscillationDamper() {
        this(DEFAULT_HISTORY_WEIGHT);
    }

    /**
     * @param historyWeight q2, the weight of the old mean; in [0, 1)
     */
    public OscillationDamper(double historyWeight) {
        if (!(historyWeight >= 0 && historyWeight < 1)) {
            throw new IllegalArgumentException("historyWeight must be in [0, 1), got " + historyWeight);
        }
        this.historyWeight = historyWeight;
    }

    /**
     * An RTT sample of the path.
     *
     * @param rttSampleNs the sample; samples that are not positive are ignored
     * @param smoothedRttNs the path's smoothed RTT, the least spacing of the samples that enter the mean
     * @param nowNs the current time
     */
    public void onRttSample(long rttSampleNs, long smoothedRttNs, long nowNs) {
        if (rttSampleNs <= 0) {
            return;
        }
        double root = Math.sqrt(rttSampleNs);
        sqrtLatestRtt = root;
        if (!started) {
            started = true;
            sqrtMeanRtt = root;
            lastMeanUpdateNs = nowNs;
        } else if (nowNs - lastMeanUpdateNs >= smoothedRttNs) {
            sqrtMeanRtt = historyWeight * sqrtMeanRtt + (1 - historyWeight) * root;
            lastMeanUpdateNs = nowNs;
        }
    }

    /**
     * {@code X_inst = X · R_sqmean / sqrt(R_sample)}.
     *
     * @param rateBytesPerSec X, the allowed rate; returned unchanged if infinite or before the first sample
     * @return the instantaneous rate
     */
    public double instantaneousRate(double rateBytesPerSec) {
        if (!started || !Double.isFinite(rateBytesPerSec)) {
            return rateBytesPerSec;
        }
        return rateBytesPerSec * sqrtMeanRtt / sqrtLatestRtt;
    }

    /** @return the factor {@code R_sqmean / sqrt(R_sample)}, 1 before the first sample */
    public double factor() {
        return started ? sqrtMeanRtt / sqrtLatestRtt : 1.0;
    }
}
