package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuietWatchTest {
    private static final long MS = 1_000_000L;

    @Test
    void shouldAnswerQuietAfterThreeWindowsUnderATenthCompiling() {
        QuietWatch watch = new QuietWatch();

        assertThat(watch.sample(0, 0)).isFalse();
        assertThat(watch.sample(80 * MS, 1000 * MS)).isFalse(); // 8 %: one quiet window
        assertThat(watch.sample(160 * MS, 2000 * MS)).isFalse(); // two
        assertThat(watch.sample(200 * MS, 2500 * MS)).isFalse(); // the window is not over yet
        assertThat(watch.sample(240 * MS, 3000 * MS)).isTrue(); // three in a row
    }

    @Test
    void shouldStartCountingAgainAfterABusyWindow() {
        QuietWatch watch = new QuietWatch();
        watch.sample(0, 0);

        assertThat(watch.sample(10 * MS, 1000 * MS)).isFalse(); // quiet
        assertThat(watch.sample(20 * MS, 2000 * MS)).isFalse(); // quiet
        assertThat(watch.sample(1400 * MS, 3000 * MS)).isFalse(); // a C2 compilation of 1.4 s: busy
        assertThat(watch.sample(1410 * MS, 4000 * MS)).isFalse(); // quiet, one in a row
        assertThat(watch.sample(1420 * MS, 5000 * MS)).isFalse();
        assertThat(watch.sample(1430 * MS, 6000 * MS)).isTrue();
    }

    @Test
    void shouldTakeTheShareOverTheWholeWindowWhenSamplesComeLate() {
        QuietWatch watch = new QuietWatch();
        watch.sample(0, 0);

        // 270 ms compiling in 3 s: 9 %, one quiet window, though more than a tenth of the nominal 1 s window
        assertThat(watch.sample(270 * MS, 3000 * MS)).isFalse();
        assertThat(watch.sample(280 * MS, 4000 * MS)).isFalse();
        assertThat(watch.sample(290 * MS, 5000 * MS)).isTrue();
    }
}
