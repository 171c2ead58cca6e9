package org.gcs.cc.ormcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;

class TruncatedExponentialTest {
    private static final long T = 600_000_000L;

    @Test
    void shouldDrawWithinTheWindowWithTheAnalyticMean() {
        for (double shape : new double[] {5, 1, 10}) {
            TruncatedExponential d = new TruncatedExponential(shape, 42);
            double sum = 0;
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int i = 0; i < 100_000; i++) {
                long x = d.drawNs(T);
                sum += x;
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
            assertThat(min).isGreaterThanOrEqualTo(0);
            assertThat(max).isLessThanOrEqualTo(T);
            double expected = T * (1 / (1 - Math.exp(-shape)) - 1 / shape);
            assertThat(TruncatedExponential.mean(T, shape)).isCloseTo(expected, withinPercentage(1e-9));
            assertThat(sum / 100_000).as("mean for shape %s", shape).isCloseTo(expected, withinPercentage(2));
        }
    }

    @Test
    void shouldInvertTheDistributionFunction() {
        double shape = 5;
        assertThat(TruncatedExponential.inverseCdf(0, T, shape)).isZero();
        assertThat(TruncatedExponential.inverseCdf(1, T, shape)).isCloseTo(T, within(1e-3));
        // F(x) = (e^{λx/T} − 1)/(e^λ − 1): the median solves F = 1/2
        double median = TruncatedExponential.inverseCdf(0.5, T, shape);
        assertThat((Math.exp(shape * median / T) - 1) / (Math.exp(shape) - 1)).isCloseTo(0.5, within(1e-12));
        // the density grows towards T: most of the mass lies late (P(X > T/2) = 1 − F(T/2) ≈ 0.924 for λ = 5)
        assertThat(median).isGreaterThan(T * 0.8);
    }

    @Test
    void shouldRepeatForTheSameSeedAndDifferForAnother() {
        TruncatedExponential a = new TruncatedExponential(5, 7);
        TruncatedExponential b = new TruncatedExponential(5, 7);
        TruncatedExponential c = new TruncatedExponential(5, 8);
        boolean differs = false;
        for (int i = 0; i < 100; i++) {
            long x = a.drawNs(T);
            assertThat(b.drawNs(T)).isEqualTo(x);
            differs |= c.drawNs(T) != x;
        }
        assertThat(differs).isTrue();
    }

    @Test
    void shouldDrawZeroForAnEmptyWindowAndRejectBadShapes() {
        assertThat(new TruncatedExponential(5, 1).drawNs(0)).isZero();
        assertThatThrownBy(() -> new TruncatedExponential(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TruncatedExponential(Double.NaN, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
