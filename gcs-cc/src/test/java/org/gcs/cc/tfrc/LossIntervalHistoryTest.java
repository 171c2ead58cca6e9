package org.gcs.cc.tfrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** RFC 5348 §5.4's average loss interval, with the RFC's weights and hand-computed sums. */
class LossIntervalHistoryTest {
    @Test
    void shouldUseTheWeightsOfRfc5348ForEightIntervals() {
        assertThat(LossIntervalHistory.weights(8)).containsExactly(1.0, 1.0, 1.0, 1.0, 0.8, 0.6, 0.4, 0.2);
    }

    @Test
    void shouldBeZeroBeforeTheFirstIntervalCloses() {
        assertThat(new LossIntervalHistory().mean(500)).isZero();
    }

    @Test
    void shouldTakeTheOpenIntervalWithOneClosedOnlyWhenItIsLonger() {
        LossIntervalHistory history = new LossIntervalHistory();
        history.close(100);
        // k = 1: I_tot0 = I_0·w_0, I_tot1 = I_1·w_0, W_tot = w_0
        assertThat(history.mean(40)).isEqualTo(100.0);
        assertThat(history.mean(160)).isEqualTo(160.0);
    }

    @Test
    void shouldWeighTheEightMostRecentIntervals() {
        LossIntervalHistory history = new LossIntervalHistory();
        for (int i = 1; i <= 8; i++) {
            history.close(100);
        }
        // I_tot1 = 100·(1+1+1+1+0.8+0.6+0.4+0.2) = 600, W_tot = 6; I_tot0 = I_0 + 100·5 = I_0 + 500
        assertThat(history.mean(0)).isCloseTo(100.0, within(1e-9));
        assertThat(history.mean(300)).isCloseTo(800.0 / 6, within(1e-9));
        history.close(400); // the ninth: the oldest 100 is forgotten, 400 is I_1
        assertThat(history.closedIntervals()).isEqualTo(8);
        assertThat(history.closedInterval(1)).isEqualTo(400.0);
        // I_tot1 = 400·1 + 100·(1+1+1+0.8+0.6+0.4+0.2) = 900
        assertThat(history.mean(0)).isCloseTo(150.0, within(1e-9));
    }

    @Test
    void shouldWeighOldIntervalsLess() {
        LossIntervalHistory history = new LossIntervalHistory();
        history.close(800); // will be I_8, weight 0.2
        for (int i = 1; i <= 7; i++) {
            history.close(100);
        }
        assertThat(history.mean(0)).isCloseTo((100 * (4 + 0.8 + 0.6 + 0.4) + 800 * 0.2) / 6, within(1e-9));
        // I_tot1 = 740 beats I_tot0 = 100·(1+1+1+0.8+0.6+0.4+0.2) = 500 with an empty open interval
    }

    @Test
    void shouldRejectANegativeInterval() {
        assertThatThrownBy(() -> new LossIntervalHistory().close(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
