package org.gcs.cc.tfrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;

class TfrcEquationTest {
    /** Site order of seed 004, Tables 1–3: rows are receivers, columns are senders. */
    private static final String[] SITES = {"Zikit1", "RON0", "RON2", "RON33", "RON35", "RON45"};

    /** Seed 004, Table 1: median RTT in ms (receiver row, sender column); the diagonal is unused. */
    private static final double[][] RTT_MS = {
            {0, 170.92, 282.15, 205.25, 277.99, 213.99},
            {170.62, 0, 120.18, 51.67, 122.20, 62.82},
            {260.60, 91.95, 0, 57.65, 77.15, 57.87},
            {236.30, 50.00, 85.70, 0, 85.59, 26.68},
            {299.13, 121.32, 96.58, 76.23, 0, 59.80},
            {242.47, 62.29, 58.75, 25.27, 59.64, 0},
    };

    /** Seed 004, Table 2: median loss in % (receiver row, sender column). */
    private static final double[][] LOSS_PERCENT = {
            {0.00, 0.00, 2.90, 0.00, 7.63, 2.33},
            {0.33, 0.00, 3.42, 0.00, 7.40, 2.47},
            {4.20, 2.87, 0.00, 3.39, 6.35, 1.96},
            {0.33, 0.00, 3.31, 0.00, 7.84, 2.67},
            {4.80, 3.26, 3.34, 4.36, 0.00, 1.50},
            {1.15, 0.82, 0.71, 0.63, 4.85, 0.00},
    };

    /** Seed 004, Table 3: published TCP-friendly rate in Mb/s; NaN where the table is blank (no loss). */
    private static final double N = Double.NaN;
    private static final double[][] RATE_MBPS = {
            {N, N, 0.16, N, 0.07, 0.24},
            {0.96, N, 0.33, N, 0.16, 0.80},
            {0.13, 0.49, N, 0.69, 0.30, 1.02},
            {0.69, N, 0.48, N, 0.22, 1.79},
            {0.10, 0.34, 0.42, 0.43, N, 1.17},
            {0.34, 1.60, 1.84, 4.58, 0.50, N},
    };

    private static double mbps(double bytesPerSec) {
        return bytesPerSec * 8 / 1e6;
    }

    @Test
    void shouldReproduceAll26CellsOfTable3Within4Percent() {
        int cells = 0;
        double worstError = 0;
        String worstCell = "";
        for (int rcv = 0; rcv < SITES.length; rcv++) {
            for (int snd = 0; snd < SITES.length; snd++) {
                double published = RATE_MBPS[rcv][snd];
                if (Double.isNaN(published)) {
                    assertThat(LOSS_PERCENT[rcv][snd]).as("blank cell %s->%s has no loss", SITES[snd], SITES[rcv])
                            .isZero();
                    continue;
                }
                cells++;
                double computed = mbps(TfrcEquation.rateBytesPerSec(
                        1000, RTT_MS[rcv][snd] / 1000, LOSS_PERCENT[rcv][snd] / 100));
                String cell = SITES[snd] + "->" + SITES[rcv];
                assertThat(computed).as(cell).isCloseTo(published, withinPercentage(4));
                double error = Math.abs(computed - published) / published;
                if (error > worstError) {
                    worstError = error;
                    worstCell = cell;
                }
            }
        }
        assertThat(cells).isEqualTo(26);
        // Digest §5: the restored equation runs 1–3 % above the rounded published values; the worst cell is
        // RON35 -> RON0 (0.1653 vs 0.16, +3.3 %).
        assertThat(worstCell).isEqualTo("RON35->RON0");
        assertThat(worstError).isLessThan(0.034);
    }

    @Test
    void shouldGiveTheDigestsExampleForRon33ToRon45() {
        double rate = mbps(TfrcEquation.rateBytesPerSec(1000, 0.02527, 0.0063));
        assertThat(rate).isCloseTo(4.62, within(0.005));
    }

    @Test
    void shouldMatchAHandComputedValue() {
        // s = 1000, R = 0.1 s, p = 0.01:
        //   R·sqrt(2p/3)                      = 0.1 · 0.0816497 = 0.00816497
        //   4R · 3·sqrt(3p/8) · p · (1 + 32p²) = 0.4 · 0.1837117 · 0.01 · 1.0032 = 0.00073720
        //   X = 1000 / 0.00890217 = 112332.23 bytes/s
        assertThat(TfrcEquation.rateBytesPerSec(1000, 0.1, 0.01)).isCloseTo(112_332.23, within(0.01));
    }

    /** RFC 5348 §3.1 with t_RTO = 4R, regrouped: X = s / (R·sqrt(p)·(sqrt(2/3) + 12·sqrt(3/8)·p·(1+32p²))). */
    private static double independent(double s, double r, double p) {
        double timeoutTerm = 12 * Math.sqrt(3.0 / 8.0) * p * (1 + 32 * Math.pow(p, 2));
        return s / (r * Math.pow(p, 0.5) * (Math.sqrt(2.0 / 3.0) + timeoutTerm));
    }

    @Property(tries = 500)
    void shouldAgreeWithAnIndependentFormulation(
            @ForAll @Scale(12) @DoubleRange(min = 1, max = 65_536) double segmentBytes,
            @ForAll @Scale(12) @DoubleRange(min = 1e-4, max = 10) double rttSec,
            @ForAll @Scale(12) @DoubleRange(min = 1e-9, max = 1) double lossEventRate) {
        assertThat(TfrcEquation.rateBytesPerSec(segmentBytes, rttSec, lossEventRate))
                .isCloseTo(independent(segmentBytes, rttSec, lossEventRate), withinPercentage(1e-9));
    }

    @Property(tries = 300)
    void shouldFallAsLossOrRttGrow(
            @ForAll @Scale(12) @DoubleRange(min = 1e-3, max = 5) double rttSec,
            @ForAll @Scale(12) @DoubleRange(min = 1e-6, max = 0.9) double lossEventRate,
            @ForAll @Scale(12) @DoubleRange(min = 1.01, max = 100) double factor) {
        double base = TfrcEquation.rateBytesPerSec(1000, rttSec, lossEventRate);
        assertThat(TfrcEquation.rateBytesPerSec(1000, rttSec, Math.min(1, lossEventRate * factor)))
                .isLessThan(base);
        assertThat(TfrcEquation.rateBytesPerSec(1000, rttSec * factor, lossEventRate)).isLessThan(base);
    }

    @Test
    void shouldBeInfiniteWithoutLoss() {
        assertThat(TfrcEquation.rateBytesPerSec(1000, 0.1, 0)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(TfrcEquation.rateBytesPerSec(1000, 0, 0)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void shouldAcceptTheExtremesOfTheLossRange() {
        assertThat(TfrcEquation.rateBytesPerSec(1000, 0.1, 1)).isPositive().isFinite();
        assertThat(TfrcEquation.rateBytesPerSec(0, 0.1, 0.5)).isZero();
    }

    @Test
    void shouldRejectZeroRttWithLoss() {
        assertThatThrownBy(() -> TfrcEquation.rateBytesPerSec(1000, 0, 0.01))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rttSec");
    }

    @Test
    void shouldRejectEachInvalidArgumentByName() {
        double[] bad = {-1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (double v : bad) {
            assertThatThrownBy(() -> TfrcEquation.rateBytesPerSec(v, 0.1, 0.01))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("segmentBytes");
            assertThatThrownBy(() -> TfrcEquation.rateBytesPerSec(1000, v, 0.01))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rttSec");
            assertThatThrownBy(() -> TfrcEquation.rateBytesPerSec(1000, 0.1, v))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lossEventRate");
        }
        assertThatThrownBy(() -> TfrcEquation.rateBytesPerSec(1000, 0.1, 1.0001))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lossEventRate");
    }

    @Property
    void shouldInvertEq1(@ForAll @DoubleRange(min = 100, max = 9000) double segmentBytes,
                         @ForAll @DoubleRange(min = 0.001, max = 2) @Scale(6) double rttSec,
                         @ForAll @DoubleRange(min = 1e-6, max = 0.9) @Scale(9) double p) {
        double rate = TfrcEquation.rateBytesPerSec(segmentBytes, rttSec, p);
        double inverted = TfrcEquation.lossEventRateFor(segmentBytes, rttSec, rate);
        assertThat(TfrcEquation.rateBytesPerSec(segmentBytes, rttSec, inverted)).isCloseTo(rate,
                withinPercentage(1e-6));
        assertThat(inverted).isCloseTo(p, withinPercentage(1e-4));
    }

    @Test
    void shouldClampTheInvertedLossEventRate() {
        // s / R is the most any p allows at 1e-12 only in the limit: a target above what p = 1e-12 allows gives it
        assertThat(TfrcEquation.lossEventRateFor(1000, 0.1, 1e30)).isEqualTo(TfrcEquation.MIN_INVERTED_P);
        // p = 1 still allows s / (R·(0.816 + 4·3·0.612·33)) ≈ 40 B/s here: a lower target gives 1
        assertThat(TfrcEquation.lossEventRateFor(1000, 0.1, 1)).isEqualTo(1.0);
        assertThatThrownBy(() -> TfrcEquation.lossEventRateFor(0, 0.1, 1)).hasMessageContaining("segmentBytes");
        assertThatThrownBy(() -> TfrcEquation.lossEventRateFor(1000, 0, 1)).hasMessageContaining("rttSec");
        assertThatThrownBy(() -> TfrcEquation.lossEventRateFor(1000, 0.1, Double.NaN))
                .hasMessageContaining("targetBytesPerSec");
    }
}
