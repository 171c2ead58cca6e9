package org.gcs.cc.rtt;

/**
 * Smoothed round-trip time of one path, updated from samples (sans-IO: the caller measures).
 *
 * <p>Smoothing follows RFC 6298 §2: on the first sample {@code srtt = r, rttvar = r/2}; afterwards
 * {@code rttvar = (1-β)·rttvar + β·|srtt - r|} and {@code srtt = (1-α)·srtt + α·r} with α = 1/8 and β = 1/4.
 * Seed 004 only says that samples are "smoothed with a weighted average"; TCP's weights are our choice
 * (see docs/congestion-control.md). Before the first sample {@link #smoothedNs()} returns the configured
 * initial RTT.
 *
 * <p>Samples come from the sending delegate as {@code t4 - t1 - (t3 - t2)} (seed 004, Fig. 3): the time from
 * sending a packet to receiving its acknowledgement, minus the time the receiver held the acknowledgement.
 * Packets that were retransmitted must not produce samples (Karn's rule); the caller enforces that.
 *
 * <p>Not thread-safe; one instance per (receiving delegate, group) path.
 */
public final class RttEstimator {
    private static final int ALPHA_SHIFT = 3; // α = 1/8
    private static final int BETA_SHIFT = 2; // β = 1/4

    private final long initialRttNs;
    private long smoothedNs;
    private long variationNs;
    private long latestNs;
    private long minNs = Long.MAX_VALUE;
    private long samples;

    /**
     * @param initialRttNs the RTT assumed before the first sample; must be positive
     */
    public RttEstimator(long initialRttNs) {
        if (initialRttNs <= 0) {
            throw new IllegalArgumentException("initialRttNs must be positive, got " + initialRttNs);
        }
        this.initialRttNs = initialRttNs;
        this.smoothedNs = initialRttNs;
        this.variationNs = initialRttNs / 2;
    }

    /**
     * Adds one RTT sample. Non-positive samples (possible when a receiver's hold time is over-reported)
     * are ignored and reported as such.
     *
     * @param sampleNs measured round-trip time
     * @return true if the sample was used
     */
    public boolean onSample(long sampleNs) {
        if (sampleNs <= 0) {
            return false;
        }
        latestNs = sampleNs;
        minNs = Math.min(minNs, sampleNs);
        if (samples == 0) {
            smoothedNs = sampleNs;
            variationNs = sampleNs / 2;
        } else {
            long deviation = Math.abs(smoothedNs - sampleNs);
            variationNs += (deviation - variationNs) >> BETA_SHIFT;
            smoothedNs += (sampleNs - smoothedNs) >> ALPHA_SHIFT;
        }
        samples++;
        return true;
    }

    /** @return the smoothed RTT, or the initial RTT before the first sample */
    public long smoothedNs() {
        return smoothedNs;
    }

    /** @return the RTT variation (RFC 6298 RTTVAR) */
    public long variationNs() {
        return variationNs;
    }

    /** @return the latest sample, or 0 before the first sample */
    public long latestNs() {
        return latestNs;
    }

    /** @return the smallest sample seen, or the initial RTT before the first sample */
    public long minNs() {
        return samples == 0 ? initialRttNs : minNs;
    }

    /** @return true once at least one sample was taken */
    public boolean hasSamples() {
        return samples > 0;
    }

    /** @return how many samples were used */
    public long sampleCount() {
        return samples;
    }

    /**
     * Retransmission timeout per RFC 6298 §2: {@code srtt + max(granularity, 4·rttvar)}, at least {@code minNs}.
     *
     * @param granularityNs the timer granularity of the caller (its tick interval)
     * @param floorNs the smallest timeout to return
     * @return the timeout in nanoseconds
     */
    public long retransmitTimeoutNs(long granularityNs, long floorNs) {
        return Math.max(floorNs, smoothedNs + Math.max(granularityNs, 4 * variationNs));
    }
}
