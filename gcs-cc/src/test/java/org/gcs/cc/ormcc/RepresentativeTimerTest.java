package org.gcs.cc.ormcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RepresentativeTimerTest {
    private static final long MS = 1_000_000L;

    @Test
    void shouldUpdateTheDeviationWithTheMeanBeforeTheSample() {
        MeanDeviation md = new MeanDeviation(0.125);
        assertThat(md.isEmpty()).isTrue();
        assertThatThrownBy(() -> md.update(1)).isInstanceOf(IllegalStateException.class);
        md.seed(100, 25);
        assertThat(md.seedWeight()).isEqualTo(1.0);
        md.update(20);
        assertThat(md.seedWeight()).isCloseTo(0.875, within(1e-12));
        assertThat(md.deviation()).isCloseTo(0.875 * 25 + 0.125 * 80, within(1e-12)); // |100 − 20|, E before
        assertThat(md.mean()).isCloseTo(0.875 * 100 + 0.125 * 20, within(1e-12));
        md.reset();
        assertThat(md.mean()).isNaN();
    }

    @Test
    void shouldRunThePriorLengthBeforeAnySampleAndExpireExactlyThen() {
        RepresentativeTimer timer = new RepresentativeTimer(0.125, 8);
        // prior E = max(1 s, 2·RTT_max) = 1.2 s, σ = 0.6 s: length 1.2 + 8·0.6 = 6 s
        timer.start(1_000 * MS, 600 * MS, true);
        assertThat(timer.running()).isTrue();
        assertThat(timer.expiryNs()).isEqualTo(7_000 * MS);
        assertThat(timer.expire(6_999 * MS)).isFalse();
        assertThat(timer.expire(7_000 * MS)).isTrue();
        assertThat(timer.running()).isFalse();
        assertThat(timer.expire(8_000 * MS)).isFalse(); // expires once
    }

    @Test
    void shouldSampleTheResponseTimeOnlyWhileRunning() {
        RepresentativeTimer timer = new RepresentativeTimer(0.125, 8);
        timer.onRepresentativeIndication(500 * MS, 100 * MS); // not running: no sample
        assertThat(timer.meanResponseNs(100 * MS)).isEqualTo(1e9);
        timer.start(1_000 * MS, 100 * MS, false); // not at a measured full load: the answer is no sample
        timer.onRepresentativeIndication(1_300 * MS, 100 * MS);
        timer.stop();
        assertThat(timer.meanResponseNs(100 * MS)).isEqualTo(1e9);
        timer.start(1_000 * MS, 100 * MS, true);
        timer.onRepresentativeIndication(1_400 * MS, 100 * MS); // Δ = 0.4 s, continuing the prior (1 s, 0.5 s)
        timer.stop();
        assertThat(timer.meanResponseNs(100 * MS)).isCloseTo(0.875e9 + 0.125 * 0.4e9, within(1.0));
        assertThat(timer.devResponseNs(100 * MS)).isCloseTo(0.875 * 0.5e9 + 0.125 * 0.6e9, within(1.0));
        timer.start(2_000 * MS, 100 * MS, true);
        long expected = 2_000 * MS + (long) Math.ceil(timer.meanResponseNs(0) + 8 * timer.devResponseNs(0));
        assertThat(timer.expiryNs()).isEqualTo(expected);
    }
}
