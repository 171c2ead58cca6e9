package org.gcs.cc.ormcc;

/**
 * An exponentially weighted mean and mean deviation, as the thesis defines them for TRAC (§3.1.2) and uses them for
 * the CR response time T^cr (§3.1.3):
 *
 * <pre>
 *   U_σ  ← (1 − α)·U_σ + α·|E(U) − U|     with E(U) before the update (O1, as ER-CI in App. D)
 *   E(U) ← (1 − α)·E(U) + α·U
 * </pre>
 *
 * It starts empty; the owner seeds it (O1 for TRAC: E = μ, σ = μ/4; O9 for T^cr: a prior) before the first
 * update.
 */
final class MeanDeviation {
    private final double gain;
    private boolean empty = true;
    private double mean = Double.NaN;
    private double deviation = Double.NaN;
    private int updatesSinceSeed;

    /** @param gain α, in (0, 1] */
    MeanDeviation(double gain) {
        if (!(gain > 0 && gain <= 1)) {
            throw new IllegalArgumentException("gain must be in (0, 1], got " + gain);
        }
        this.gain = gain;
    }

    /**
     * Sets the mean and the deviation, as the first value or a prior.
     *
     * @param newMean E
     * @param newDeviation σ; not negative
     */
    void seed(double newMean, double newDeviation) {
        mean = newMean;
        deviation = newDeviation;
        empty = false;
        updatesSinceSeed = 0;
    }

    /**
     * One sample, on a seeded estimator (the deviation uses the mean before the update, O1).
     *
     * @param sample U
     */
    void update(double sample) {
        if (empty) {
            throw new IllegalStateException("seed the estimator before its first update");
        }
        deviation = (1 - gain) * deviation + gain * Math.abs(mean - sample);
        mean = (1 - gain) * mean + gain * sample;
        updatesSinceSeed++;
    }

    /** @return how much the seed still weighs in the mean and the deviation: (1 − α)^n after n updates since it */
    double seedWeight() {
        return Math.pow(1 - gain, updatesSinceSeed);
    }

    /** Forgets everything. */
    void reset() {
        empty = true;
        mean = Double.NaN;
        deviation = Double.NaN;
    }

    /** @return true before the first {@link #seed} (and after {@link #reset}) */
    boolean isEmpty() {
        return empty;
    }

    /** @return E, NaN while empty */
    double mean() {
        return mean;
    }

    /** @return σ, NaN while empty */
    double deviation() {
        return deviation;
    }
}
