package org.gcs.cc.costbenefit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.MathContext;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Seed 000 Eq. 7 with the paper's M = 100 packets and C_max = $20 (spec §2.1's sanity table, §2.5). */
class LinkPriceTest {
    private static final double M = 100;
    private static final double C_MAX = 20;

    /**
     * The spec's table (§2.1, §2.5) to ±0.01. It prints 3 significant figures: Eq. 7 gives 16.989 at n = 90, which
     * it shows as 17.0, so that row is checked at 16.99 ± 0.01 and, rounded as the table rounds, as 17.0.
     */
    @ParameterizedTest(name = "n = {0} -> ${1} (the table: {2})")
    @CsvSource({"10, 1.22, 1.22", "25, 3.31, 3.31", "50, 7.55, 7.55", "75, 13.00, 13.0", "90, 16.99, 17.0",
        "100, 20.00, 20.0"})
    void shouldGiveTheSpecsTableOfPrices(double n, double dollars, double printed) {
        double price = LinkPrice.dollars(n, M, C_MAX);
        assertThat(price).isCloseTo(dollars, within(0.01));
        assertThat(new BigDecimal(price).round(new MathContext(3)).doubleValue())
                .isEqualTo(printed);
    }

    @Test
    void shouldBeZeroForAnEmptyBuffer() {
        assertThat(LinkPrice.dollars(0, M, C_MAX)).isZero();
        assertThat(LinkPrice.dollars(-1, M, C_MAX)).isZero();
        assertThat(LinkPrice.dollars(Double.NaN, M, C_MAX)).isZero();
    }

    @Test
    void shouldClampAtTheProhibitiveCostFromTheSoftLimitOn() {
        assertThat(LinkPrice.dollars(100, M, C_MAX)).isCloseTo(C_MAX, within(1e-9));
        assertThat(LinkPrice.dollars(101, M, C_MAX)).isEqualTo(C_MAX);
        assertThat(LinkPrice.dollars(150, M, C_MAX)).isEqualTo(C_MAX);
        assertThat(LinkPrice.dollars(1e9, M, C_MAX)).isEqualTo(C_MAX);
        assertThat(LinkPrice.dollars(Double.POSITIVE_INFINITY, M, C_MAX)).isEqualTo(C_MAX);
    }

    @Test
    void shouldGrowWithTheQueueAndCrossTheSpecsLandmarks() {
        double before = 0;
        for (int n = 1; n <= 100; n++) {
            double price = LinkPrice.dollars(n, M, C_MAX);
            assertThat(price).as("n = %d", n).isGreaterThan(before);
            before = price;
        }
        // "A rate increase needs the tree to cost less than 1 (H − Δ): for a single priced link n < 8.2 packets."
        assertThat(LinkPrice.dollars(8.1, M, C_MAX)).isLessThan(1);
        assertThat(LinkPrice.dollars(8.3, M, C_MAX)).isGreaterThan(1);
        // "A one-link packet is affordable at all only while C_l ≤ S − Δ = 19, i.e. n ≲ 97."
        assertThat(LinkPrice.dollars(96.5, M, C_MAX)).isLessThan(19);
        assertThat(LinkPrice.dollars(97.5, M, C_MAX)).isGreaterThan(19);
    }
}
