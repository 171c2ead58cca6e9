package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class LinkCostsTest {
    private static final long MS = 1_000_000L;

    @Test
    void shouldGiveTheSameCostsInAMatrixAsPairByPair() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(11);
        java.util.List<String> sites = java.util.List.of("a", "b", "c", "d", "e", "f", "g");
        LinkCosts.Builder builder = LinkCosts.builder(777);
        for (int k = 0; k < 25; k++) {
            String from = sites.get(random.nextInt(sites.size()));
            String to = sites.get(random.nextInt(sites.size()));
            if (!from.equals(to)) {
                builder.measured(from, to, 1 + random.nextLong(Long.MAX_VALUE - 1));
            }
        }
        builder.measured("a", "outside", 5); // a site not asked for is left out
        LinkCosts costs = builder.build();
        long[][] matrix = costs.matrixNs(sites);
        for (int i = 0; i < sites.size(); i++) {
            for (int j = 0; j < sites.size(); j++) {
                assertThat(matrix[i][j]).as("%s-%s", sites.get(i), sites.get(j))
                        .isEqualTo(costs.costNs(sites.get(i), sites.get(j)));
            }
        }
    }

    @Test
    void shouldAverageBothDirectionsAndUseOneDirectionWhenOnlyOneIsKnown() {
        LinkCosts costs = LinkCosts.builder(500 * MS)
                .measured("a", "b", 10 * MS)
                .measured("b", "a", 30 * MS)
                .measured("a", "c", 7 * MS)
                .build();
        assertThat(costs.costNs("a", "b")).isEqualTo(20 * MS);
        assertThat(costs.costNs("b", "a")).isEqualTo(20 * MS);
        assertThat(costs.costNs("c", "a")).isEqualTo(7 * MS);
        assertThat(costs.costNs("b", "c")).isEqualTo(500 * MS);
        assertThat(costs.costNs("x", "y")).isEqualTo(500 * MS);
        assertThat(costs.costNs("a", "a")).isZero();
        assertThat(costs.costNs("x", "x")).isZero();
        assertThat(costs.isKnown("c", "a")).isTrue();
        assertThat(costs.isKnown("b", "c")).isFalse();
        assertThat(costs.measuredRttNs("b", "a")).hasValue(30 * MS);
        assertThat(costs.measuredRttNs("c", "a")).isEmpty();
        assertThat(costs.sites()).containsExactly("a", "b", "c");
    }

    @Test
    void shouldKeepTheLastMeasurementOfAPair() {
        LinkCosts costs = LinkCosts.builder(MS).measured("a", "b", 10).measured("a", "b", 4).build();
        assertThat(costs.costNs("a", "b")).isEqualTo(4);
    }

    @Test
    void shouldNotOverflowWhenAveragingHugeRtts() {
        LinkCosts costs = LinkCosts.builder(MS)
                .measured("a", "b", Long.MAX_VALUE)
                .measured("b", "a", Long.MAX_VALUE - 2)
                .build();
        assertThat(costs.costNs("a", "b")).isEqualTo(Long.MAX_VALUE - 1);
    }

    @Test
    void shouldCompareByContentRegardlessOfInsertionOrder() {
        LinkCosts one = LinkCosts.builder(MS).measured("a", "b", 1).measured("c", "d", 2).build();
        LinkCosts two = LinkCosts.builder(MS).measured("c", "d", 2).measured("a", "b", 1).build();
        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
        assertThat(one).isNotEqualTo(LinkCosts.builder(2 * MS).measured("a", "b", 1).measured("c", "d", 2).build());
        assertThat(one).isNotEqualTo(LinkCosts.builder(MS).measured("b", "a", 1).measured("c", "d", 2).build());
    }

    @Test
    void shouldBuildFromAMatrixWithNonPositiveCellsUnknown() {
        LinkCosts costs = LinkCosts.fromMatrix(99, List.of("a", "b", "c"), new long[][] {
            {0, 10, 0},
            {20, 0, -1},
            {4, 0, 0},
        });
        assertThat(costs).isEqualTo(LinkCosts.builder(99)
                .measured("a", "b", 10).measured("b", "a", 20).measured("c", "a", 4).build());
        assertThat(costs.costNs("b", "c")).isEqualTo(99);
    }

    @Test
    void shouldRejectInvalidArguments() {
        assertThatThrownBy(() -> LinkCosts.builder(0)).hasMessageContaining("unknownCostNs");
        LinkCosts.Builder builder = LinkCosts.builder(MS);
        assertThatThrownBy(() -> builder.measured("a", "b", 0)).hasMessageContaining("rttNs");
        assertThatThrownBy(() -> builder.measured("a", "a", 5)).hasMessageContaining("from and to");
        assertThatThrownBy(() -> builder.measured(null, "a", 5)).hasMessageContaining("from");
        assertThatThrownBy(() -> builder.measured("a", "", 5)).hasMessageContaining("to");
        assertThatThrownBy(() -> LinkCosts.fromMatrix(MS, List.of("a", "b"), new long[1][2]))
                .hasMessageContaining("rttNs");
        assertThatThrownBy(() -> LinkCosts.fromMatrix(MS, List.of("a", "a"), new long[2][2]))
                .hasMessageContaining("sites");
    }
}
