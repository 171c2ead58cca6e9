package org.gcs.internal.flow;

/**
 * The rate at which a flow sends repairs to one receiver, in bytes on the wire per second: every repair's bytes decay
 * exponentially with the receiver's smoothed RTT as time constant τ, and the rate is what is left over τ,
 *
 * <pre>
 *   rate(t) = Σ_i bytes_i · e^(−(t − t_i)/τ) / τ
 * </pre>
 *
 * so a steady stream of repairs reads as its own rate, and a burst is forgotten within a few RTTs of its end. Not
 * thread-safe.
 */
final class RepairRate {
    /** The least time constant: a receiver with no RTT sample yet, or on loopback. */
    static final long MIN_TIME_CONSTANT_NS = 10_000_000L;

    private double decayedBytes;
    private long lastNs;

    /** @param nowNs when the receiver joined the flow */
    RepairRate(long nowNs) {
        this.lastNs = nowNs;
    }

    /**
     * @param wireBytes a repair sent to the receiver
     * @param timeConstantNs τ: the receiver's smoothed RTT
     */
    void add(int wireBytes, long nowNs, long timeConstantNs) {
        decay(nowNs, timeConstantNs);
        decayedBytes += wireBytes;
    }

    /**
     * @param timeConstantNs τ: the receiver's smoothed RTT
     * @return the repairs' rate at {@code nowNs}, bytes per second
     */
    double bytesPerSec(long nowNs, long timeConstantNs) {
        decay(nowNs, timeConstantNs);
        return decayedBytes * 1e9 / Math.max(MIN_TIME_CONSTANT_NS, timeConstantNs);
    }

    private void decay(long nowNs, long timeConstantNs) {
        long elapsedNs = nowNs - lastNs;
        if (elapsedNs <= 0) {
            return;
        }
        lastNs = nowNs;
        decayedBytes *= Math.exp(-(double) elapsedNs / Math.max(MIN_TIME_CONSTANT_NS, timeConstantNs));
    }
}
