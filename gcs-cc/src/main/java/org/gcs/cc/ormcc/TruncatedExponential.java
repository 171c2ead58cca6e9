package org.gcs.cc.ormcc;

import java.util.SplittableRandom;

/**
 * The random delay of a non-CR receiver's congestion indication (thesis §3.1.4, after Nonnenmacher and Biersack):
 * a truncated exponential on [0, T] with shape λ, whose density grows towards T, so that few receivers answer
 * early and the first answer can suppress the rest:
 *
 * <pre>
 *   f(x) = 1/(e^λ − 1) · (λ/T) · e^{λx/T}       for 0 ≤ x ≤ T, 0 otherwise          (thesis §3.1.4)
 *   F(x) = (e^{λx/T} − 1) / (e^λ − 1)
 *   x    = (T/λ) · ln(1 + u·(e^λ − 1)),  u ~ U[0, 1)                               (inverse of F)
 *   E[X] = T · (1/(1 − e^{−λ}) − 1/λ)
 * </pre>
 *
 * The shape λ is unspecified in the thesis; O5 takes 5. Draws come from a {@link SplittableRandom} seeded by the
 * engine, so runs repeat exactly.
 */
final class TruncatedExponential {
    private final double shape;
    private final SplittableRandom random;

    /**
     * @param shape λ; positive and finite
     * @param seed the seed of the draws
     */
    TruncatedExponential(double shape, long seed) {
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new IllegalArgumentException("shape must be positive and finite, got " + shape);
        }
        this.shape = shape;
        this.random = new SplittableRandom(seed);
    }

    /**
     * @param windowNs T; not negative
     * @return a draw in [0, T], in nanoseconds
     */
    long drawNs(long windowNs) {
        if (windowNs <= 0) {
            return 0;
        }
        return Math.min(windowNs, Math.round(inverseCdf(random.nextDouble(), windowNs, shape)));
    }

    /**
     * The inverse of the distribution function: {@code x = (T/λ)·ln(1 + u·(e^λ − 1))}, computed with
     * {@code log1p} and {@code expm1} so that small λ and small u keep their precision.
     *
     * @param u a probability in [0, 1]
     * @param window T
     * @param shape λ
     * @return the quantile in [0, T]
     */
    static double inverseCdf(double u, double window, double shape) {
        return window / shape * Math.log1p(u * Math.expm1(shape));
    }

    /**
     * The mean {@code T·(1/(1 − e^{−λ}) − 1/λ)} (integrate x·f(x) over [0, T]).
     *
     * @param window T
     * @param shape λ
     * @return the mean delay, in the unit of T
     */
    static double mean(double window, double shape) {
        return window * (1 / -Math.expm1(-shape) - 1 / shape);
    }
}
