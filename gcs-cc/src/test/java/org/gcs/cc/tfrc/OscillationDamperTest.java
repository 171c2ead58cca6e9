package org.gcs.cc.tfrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * RFC 5348 §4.5: {@code R_sqmean ← q2·R_sqmean + (1 − q2)·sqrt(R_sample)},
 * {@code X_inst = X·R_sqmean / sqrt(R_sample)}.
 */
class OscillationDamperTest {
    private static final long MS = 1_000_000L;

    @Test
    void shouldLeaveTheRateAloneBeforeTheFirstSampleAndAtTheFirst() {
        OscillationDamper damper = new OscillationDamper();
        assertThat(damper.instantaneousRate(1000.0)).isEqualTo(1000.0);
        assertThat(damper.factor()).isEqualTo(1.0);
        damper.onRttSample(100 * MS, 100 * MS, 0);
        assertThat(damper.instantaneousRate(1000.0)).isCloseTo(1000.0, within(1e-9));
    }

    @Test
    void shouldCutTheRateWhileTheQueueGrowsAndRaiseItWhileItDrains() {
        OscillationDamper damper = new OscillationDamper();
        damper.onRttSample(100 * MS, 100 * MS, 0);
        // 50 ms later, less than a smoothed RTT: the mean keeps sqrt(100 ms), the latest sample is 400 ms
        damper.onRttSample(400 * MS, 100 * MS, 50 * MS);
        assertThat(damper.factor()).isCloseTo(Math.sqrt(100.0 / 400.0), within(1e-9)); // 0.5
        assertThat(damper.instantaneousRate(2000.0)).isCloseTo(1000.0, within(1e-6));
        // a drained queue: 25 ms against the same mean doubles the rate
        damper.onRttSample(25 * MS, 100 * MS, 60 * MS);
        assertThat(damper.factor()).isCloseTo(2.0, within(1e-9));
    }

    @Test
    void shouldMoveTheMeanByOneTenthOfTheNewRootOncePerSmoothedRtt() {
        OscillationDamper damper = new OscillationDamper();
        damper.onRttSample(100 * MS, 100 * MS, 0);
        damper.onRttSample(400 * MS, 100 * MS, 100 * MS); // a smoothed RTT later: enters the mean
        double mean = 0.9 * Math.sqrt(100 * MS) + 0.1 * Math.sqrt(400 * MS);
        assertThat(damper.factor()).isCloseTo(mean / Math.sqrt(400 * MS), within(1e-12));
        damper.onRttSample(400 * MS, 100 * MS, 150 * MS); // too soon: the mean stays
        assertThat(damper.factor()).isCloseTo(mean / Math.sqrt(400 * MS), within(1e-12));
    }

    @Test
    void shouldConvergeToNoCorrectionUnderAConstantRtt() {
        OscillationDamper damper = new OscillationDamper();
        damper.onRttSample(20 * MS, 20 * MS, 0);
        for (int i = 1; i <= 200; i++) {
            damper.onRttSample(80 * MS, 80 * MS, i * 80 * MS);
        }
        assertThat(damper.factor()).isCloseTo(1.0, within(1e-6));
    }

    @Test
    void shouldPassAnUnlimitedRateThroughAndIgnoreSamplesThatAreNotPositive() {
        OscillationDamper damper = new OscillationDamper();
        damper.onRttSample(0, 100 * MS, 0);
        damper.onRttSample(-5, 100 * MS, 0);
        assertThat(damper.factor()).isEqualTo(1.0);
        damper.onRttSample(100 * MS, 100 * MS, 0);
        damper.onRttSample(400 * MS, 100 * MS, 10 * MS);
        assertThat(damper.instantaneousRate(Double.POSITIVE_INFINITY)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void shouldRejectAHistoryWeightOutsideZeroToOne() {
        assertThatThrownBy(() -> new OscillationDamper(1.0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("historyWeight");
        assertThatThrownBy(() -> new OscillationDamper(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
