package org.gcs.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabMathTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    @Test
    void jainIsOneForEqualRatesAndOneOverNWhenOneTakesAll() {
        assertThat(LabMath.jain(List.of(5.0, 5.0, 5.0))).isEqualTo(1.0);
        assertThat(LabMath.jain(List.of(9.0, 0.0, 0.0))).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(LabMath.jain(List.of(7.0))).isEqualTo(1.0);
        assertThat(LabMath.jain(List.of(0.0, 0.0))).isEqualTo(1.0);
        // (1 + 2 + 3)² / (3 · (1 + 4 + 9)) = 36 / 42
        assertThat(LabMath.jain(List.of(1.0, 2.0, 3.0))).isCloseTo(36.0 / 42, within(1e-12));
        assertThat(LabMath.jain(List.of())).isNaN();
        assertThatThrownBy(() -> LabMath.jain(List.of(1.0, -1.0))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void maxMinDeviationComparesEachSenderWithItsWaterFillingShare() {
        Map<String, Double> demands = new LinkedHashMap<>();
        demands.put("a", INF);
        demands.put("b", 200.0);
        demands.put("c", INF);
        // 1000 shared: b gets its 200, a and c 400 each
        assertThat(LabMath.maxMinShares(1000, demands)).containsExactly(Map.entry("a", 400.0), Map.entry("b", 200.0),
                Map.entry("c", 400.0));
        assertThat(LabMath.maxMinDeviation(1000, demands, Map.of("a", 400.0, "b", 200.0, "c", 400.0))).isZero();
        // b 10 % short, c 5 % over
        assertThat(LabMath.maxMinDeviation(1000, demands, Map.of("a", 400.0, "b", 180.0, "c", 420.0)))
                .isCloseTo(0.10, within(1e-12));
        // a small demand above the fair share is capped at the share
        Map<String, Double> big = new LinkedHashMap<>(Map.of("x", 900.0));
        big.put("y", INF);
        assertThat(LabMath.maxMinShares(1000, big)).containsEntry("x", 500.0).containsEntry("y", 500.0);
        assertThatThrownBy(() -> LabMath.maxMinDeviation(1000, demands, Map.of("a", 1.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("b");
    }

    @Test
    void meanMaxMinSharesDivideTheAggregateOfEachMoment() {
        Map<String, Double> demands = new LinkedHashMap<>();
        demands.put("fixed", 300.0);
        demands.put("greedy1", INF);
        demands.put("greedy2", INF);
        // 1200: fixed 300 (below the equal 400), greedy 450 each; 600: equal 200 caps fixed, 200 each
        Map<String, Double> shares = LabMath.meanMaxMinShares(List.of(1200.0, 600.0, INF), demands);
        assertThat(shares.get("fixed")).isCloseTo(250.0, within(1e-9)); // not 300: the mean of the moments
        assertThat(shares.get("greedy1")).isCloseTo(325.0, within(1e-9));
        // the shares of the mean aggregate (900) would give fixed its whole 300
        assertThat(LabMath.maxMinShares(900, demands).get("fixed")).isEqualTo(300.0);
        assertThat(LabMath.deviationFromShares(shares, Map.of("fixed", 225.0, "greedy1", 325.0, "greedy2", 325.0)))
                .isCloseTo(0.10, within(1e-12));
        // no finite aggregate at all: unlimited, every sender gets its demand
        assertThat(LabMath.meanMaxMinShares(List.of(INF), demands).get("fixed")).isEqualTo(300.0);
    }

    @Test
    void ratioAndMeanIgnoreWhatIsNotFinite() {
        assertThat(LabMath.ratio(90, 100)).isEqualTo(0.9);
        assertThat(LabMath.ratio(90, 0)).isNaN();
        assertThat(LabMath.ratio(90, INF)).isNaN();
        assertThat(LabMath.ratio(Double.NaN, 3)).isNaN();
        assertThat(LabMath.mean(List.of(1.0, 3.0, Double.NaN, INF))).isEqualTo(2.0);
        assertThat(LabMath.mean(List.of(Double.NaN))).isNaN();
    }

    @Test
    void rateTrackGivesWindowedRatesAndExactMeans() {
        RateTrack track = new RateTrack();
        long s = 1_000_000_000L;
        for (int i = 0; i <= 50; i++) { // 1000 bytes every 100 ms for 3 s, then 2000 bytes per 100 ms
            long t = i * s / 10;
            long bytes = i <= 30 ? i * 1000L : 30_000L + (i - 30) * 2000L;
            track.add(t, bytes);
            if (i == 5) {
                assertThat(track.rateOver(s)).as("less than a whole window").isNaN();
            }
        }
        assertThat(track.rateOver(s)).isEqualTo(20_000.0);
        assertThat(track.rateOver(3 * s)).isCloseTo((70_000 - 20_000) / 3.0, within(1e-6));
        assertThat(track.meanBetween(0, 3 * s)).isCloseTo(10_000, within(1e-6));
        assertThat(track.meanBetween(3 * s, 5 * s)).isCloseTo(20_000, within(1e-6));
        assertThat(track.meanBetween(6 * s, 7 * s)).isNaN();
        assertThatThrownBy(() -> track.add(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void phaseMeasuresAfterItsSkippedFraction() {
        Phase phase = new Phase("p", 1_000, 5_000, 0.25);
        assertThat(phase.measureFromNs()).isEqualTo(2_000);
        assertThat(phase.measured(1_999)).isFalse();
        assertThat(phase.measured(2_000)).isTrue();
        assertThat(phase.measured(5_000)).isTrue();
        assertThat(phase.measured(5_001)).isFalse();
    }

    @Test
    void membershipJudgeWantsFallsOnJoinsAndRisesOnLeaves() {
        assertThat(MembershipScenario.judge(List.of(100.0, 80.0, 30.0, 70.0, 90.0))).isEmpty();
        assertThat(MembershipScenario.judge(List.of(100.0, 110.0, 30.0, 20.0, 90.0))).hasSize(2)
                .anySatisfy(f -> assertThat(f).contains("fall", "before", "after-first-join"))
                .anySatisfy(f -> assertThat(f).contains("rise", "after-second-join", "after-first-leave"));
    }
}
