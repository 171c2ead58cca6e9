package org.gcs.emulator;

import java.util.Locale;

/**
 * An immutable description of the random loss on one emulated link.
 *
 * <p>A profile is a value (it can be shared, compared and printed); the state a loss process needs while
 * it runs lives in the {@link LossModel} that {@link #newModel()} creates, one per link. Three kinds exist:
 * <ul>
 *   <li>{@link None}: nothing is lost;</li>
 *   <li>{@link Bernoulli}: every packet is lost independently with probability {@code lossRate};</li>
 *   <li>{@link GilbertElliott}: losses come in bursts; the long-run loss rate is {@code lossRate} and a run
 *       of consecutive losses is {@code meanBurstLength} packets long on average.</li>
 * </ul>
 */
public sealed interface LossProfile {

    /**
     * The long-run fraction of packets this profile loses.
     *
     * @return the loss rate, in {@code [0, 1)}
     */
    double lossRate();

    /**
     * Creates a fresh loss process for one link, in its initial state.
     *
     * @return a new stateful model; never shared between links
     */
    LossModel newModel();

    /**
     * The profile that loses nothing.
     *
     * @return the no-loss profile
     */
    static LossProfile none() {
        return None.INSTANCE;
    }

    /**
     * Independent (Bernoulli) loss.
     *
     * @param lossRate the probability that a packet is lost, in {@code [0, 1)}
     * @return the profile
     * @throws IllegalArgumentException if {@code lossRate} is outside {@code [0, 1)} or not finite
     */
    static LossProfile bernoulli(double lossRate) {
        return new Bernoulli(lossRate);
    }

    /**
     * Bursty (Gilbert-Elliott) loss.
     *
     * @param lossRate the long-run fraction of packets lost, in {@code [0, 1)}
     * @param meanBurstLength the mean number of consecutive packets lost in one burst, {@code >= 1}
     * @return the profile
     * @throws IllegalArgumentException if an argument is out of range (see {@link GilbertElliott})
     */
    static LossProfile bursty(double lossRate, double meanBurstLength) {
        return new GilbertElliott(lossRate, meanBurstLength);
    }

    /** No loss at all. */
    record None() implements LossProfile {

        /** The one instance {@link LossProfile#none()} returns (every {@code None} is equal anyway). */
        public static final None INSTANCE = new None();

        private static final LossModel NEVER = random -> false;

        /**
         * Always zero.
         *
         * @return {@code 0.0}
         */
        @Override
        public double lossRate() {
            return 0.0;
        }

        /**
         * A model that never drops; it has no state, so one instance serves every link.
         *
         * @return the never-dropping model
         */
        @Override
        public LossModel newModel() {
            return NEVER;
        }
    }

    /**
     * Independent loss: each packet is lost with probability {@code lossRate}, whatever happened to the
     * packets before it.
     *
     * @param lossRate the probability that a packet is lost, in {@code [0, 1)}
     */
    record Bernoulli(double lossRate) implements LossProfile {

        /**
         * Validates the loss rate.
         *
         * @param lossRate the probability that a packet is lost, in {@code [0, 1)}
         * @throws IllegalArgumentException if {@code lossRate} is outside {@code [0, 1)} or not finite
         */
        public Bernoulli {
            checkLossRate(lossRate);
        }

        /**
         * Creates a Bernoulli loss process.
         *
         * @return a new model
         */
        @Override
        public LossModel newModel() {
            return new BernoulliLossModel(lossRate);
        }
    }

    /**
     * Bursty loss by a two-state Markov chain (Gilbert-Elliott) that moves once per packet: a packet is
     * lost exactly when the chain is in the Bad state. With {@code r = P(Bad -> Good) = 1 / meanBurstLength}
     * and {@code q = P(Good -> Bad) = lossRate * r / (1 - lossRate)}, the stationary probability of Bad is
     * {@code lossRate} and a run of consecutive losses is geometric with mean {@code meanBurstLength}.
     * Since {@code q} must not exceed 1, {@code lossRate / (1 - lossRate) <= meanBurstLength} is required
     * (always true for loss rates up to 50 %).
     *
     * @param lossRate the long-run fraction of packets lost, in {@code [0, 1)}
     * @param meanBurstLength the mean number of consecutive packets lost in one burst, {@code >= 1}
     */
    record GilbertElliott(double lossRate, double meanBurstLength) implements LossProfile {

        /** Rounding slack for the feasibility check, so that the boundary case itself is accepted. */
        private static final double FEASIBILITY_TOLERANCE = 1e-9;

        /**
         * Validates the arguments.
         *
         * @param lossRate the long-run fraction of packets lost, in {@code [0, 1)}
         * @param meanBurstLength the mean number of consecutive packets lost in one burst, {@code >= 1}
         * @throws IllegalArgumentException if {@code lossRate} is outside {@code [0, 1)}, if
         *     {@code meanBurstLength} is below 1 or not finite, or if the pair is infeasible
         *     ({@code lossRate / (1 - lossRate) > meanBurstLength})
         */
        public GilbertElliott {
            checkLossRate(lossRate);
            if (!Double.isFinite(meanBurstLength) || meanBurstLength < 1.0) {
                throw new IllegalArgumentException("meanBurstLength must be a finite number >= 1 (packets), got "
                        + meanBurstLength);
            }
            if (goodToBad(lossRate, meanBurstLength) > 1.0 + FEASIBILITY_TOLERANCE) {
                throw new IllegalArgumentException("meanBurstLength " + meanBurstLength + " is too short for lossRate "
                        + lossRate + ": bursts must average at least lossRate / (1 - lossRate) = "
                        + String.format(Locale.ROOT, "%.4g", lossRate / (1.0 - lossRate))
                        + " packets; use a longer burst or a lower loss rate");
            }
        }

        /**
         * The per-packet probability of moving from Good to Bad, {@code lossRate * r / (1 - lossRate)}.
         *
         * @return {@code P(Good -> Bad)}, at most 1
         */
        public double goodToBadProbability() {
            return Math.min(1.0, goodToBad(lossRate, meanBurstLength));
        }

        /**
         * The per-packet probability of moving from Bad to Good, {@code 1 / meanBurstLength}.
         *
         * @return {@code P(Bad -> Good)}
         */
        public double badToGoodProbability() {
            return 1.0 / meanBurstLength;
        }

        /**
         * Creates a Gilbert-Elliott loss process whose first state is drawn from the stationary distribution.
         *
         * @return a new model
         */
        @Override
        public LossModel newModel() {
            return new GilbertElliottLossModel(lossRate, goodToBadProbability(), badToGoodProbability());
        }

        private static double goodToBad(double lossRate, double meanBurstLength) {
            return lossRate * (1.0 / meanBurstLength) / (1.0 - lossRate);
        }
    }

    private static void checkLossRate(double lossRate) {
        if (!(lossRate >= 0.0 && lossRate < 1.0)) {
            throw new IllegalArgumentException("lossRate must be a fraction in [0, 1) (e.g. 0.01 for 1 %), got "
                    + lossRate);
        }
    }
}
