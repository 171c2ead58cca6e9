package org.gcs.cc.rtt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RttEstimatorTest {
    private static final long MS = 1_000_000L;

    @Test
    void shouldReturnInitialRttBeforeAnySample() {
        RttEstimator rtt = new RttEstimator(200 * MS);
        assertThat(rtt.smoothedNs()).isEqualTo(200 * MS);
        assertThat(rtt.hasSamples()).isFalse();
        assertThat(rtt.minNs()).isEqualTo(200 * MS);
    }

    @Test
    void shouldTakeFirstSampleAsIsAndSmoothLaterOnesWithOneEighth() {
        RttEstimator rtt = new RttEstimator(500 * MS);
        rtt.onSample(100 * MS);
        assertThat(rtt.smoothedNs()).isEqualTo(100 * MS);
        assertThat(rtt.variationNs()).isEqualTo(50 * MS);
        rtt.onSample(180 * MS);
        // srtt = 100 + (180-100)/8 = 110 ms; rttvar = 50 + (80-50)/4 = 57.5 ms
        assertThat(rtt.smoothedNs()).isEqualTo(110 * MS);
        assertThat(rtt.variationNs()).isEqualTo(57_500_000L);
        assertThat(rtt.minNs()).isEqualTo(100 * MS);
        assertThat(rtt.latestNs()).isEqualTo(180 * MS);
    }

    @Test
    void shouldConvergeToAConstantRtt() {
        RttEstimator rtt = new RttEstimator(1000 * MS);
        for (int i = 0; i < 200; i++) {
            rtt.onSample(42 * MS);
        }
        assertThat(rtt.smoothedNs()).isBetween(41 * MS, 43 * MS);
        assertThat(rtt.retransmitTimeoutNs(5 * MS, 0)).isBetween(42 * MS, 50 * MS);
    }

    @Test
    void shouldIgnoreNonPositiveSamples() {
        RttEstimator rtt = new RttEstimator(100 * MS);
        assertThat(rtt.onSample(0)).isFalse();
        assertThat(rtt.onSample(-5)).isFalse();
        assertThat(rtt.hasSamples()).isFalse();
    }

    @Test
    void shouldRespectTheTimeoutFloor() {
        RttEstimator rtt = new RttEstimator(MS);
        rtt.onSample(MS);
        assertThat(rtt.retransmitTimeoutNs(0, 20 * MS)).isEqualTo(20 * MS);
    }

    @Test
    void shouldRejectNonPositiveInitialRtt() {
        assertThatThrownBy(() -> new RttEstimator(0)).hasMessageContaining("initialRttNs");
    }
}
