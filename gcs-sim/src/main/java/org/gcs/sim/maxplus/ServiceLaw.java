package org.gcs.sim.maxplus;

/**
 * The law of a station's service time in seed 003's model (§4): cross traffic is modelled only as an i.i.d. random
 * service time per packet and station. Draws are by inverse CDF from one uniform, so two models that give a station
 * the same uniforms see the same service times (common random numbers).
 */
public sealed interface ServiceLaw {
    /**
     * @param uniform a draw from U(0, 1)
     * @return the service time, in the model's time unit
     */
    double draw(double uniform);

    /**
     * Exponential service, the light-tailed check (Chaintreau: end-to-end throughput ∝ 1/log r).
     *
     * @param mean the mean; positive
     */
    record Exponential(double mean) implements ServiceLaw {
        /** Rejects a mean that is not positive and finite. */
        public Exponential {
            if (!(mean > 0) || Double.isInfinite(mean)) {
                throw new IllegalArgumentException("mean must be positive and finite, got " + mean);
            }
        }

        @Override
        public double draw(double uniform) {
            return -mean * Math.log1p(-uniform);
        }
    }

    /**
     * Bounded Pareto on [a, p] with shape α (seed 003 §4; digest 003 §3): density
     * {@code a^α / (1 − (a/p)^α) · α · x^{−(1+α)}}, drawn as {@code x = a / (1 − u·(1 − (a/p)^α))^{1/α}}.
     *
     * @param lower a, the smallest service time; positive
     * @param upper p, the largest; above a
     * @param shape α; positive
     */
    record BoundedPareto(double lower, double upper, double shape) implements ServiceLaw {
        /** The paper's law: a = 0.3333, p = 3·10⁷, α = 1.5, mean 1 (the stated CoV of 100 needs p = 3·10⁸). */
        public static final BoundedPareto PAPER = new BoundedPareto(0.3333, 3e7, 1.5);

        /** Rejects bounds and shapes the formula cannot use. */
        public BoundedPareto {
            if (!(lower > 0) || !(upper > lower) || Double.isInfinite(upper) || !(shape > 0)) {
                throw new IllegalArgumentException("need 0 < lower < upper < ∞ and shape > 0, got " + lower + ", "
                        + upper + ", " + shape);
            }
        }

        @Override
        public double draw(double uniform) {
            double tail = Math.pow(lower / upper, shape);
            return lower / Math.pow(1 - uniform * (1 - tail), 1 / shape);
        }
    }
}
