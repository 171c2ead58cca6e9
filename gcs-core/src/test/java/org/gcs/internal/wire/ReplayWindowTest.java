package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReplayWindowTest {
    private final ReplayWindow window = new ReplayWindow();

    private boolean accept(long n) {
        if (!window.isFresh(n)) {
            return false;
        }
        window.mark(n);
        return true;
    }

    @Test
    void shouldAcceptEachNumberOnceInAnyOrderWithinTheWindow() {
        assertThat(accept(5)).isTrue();
        assertThat(accept(3)).as("late but new").isTrue();
        assertThat(accept(5)).as("replay of the highest").isFalse();
        assertThat(accept(3)).as("replay below the highest").isFalse();
        assertThat(accept(4)).isTrue();
        assertThat(accept(1)).isTrue();
        assertThat(window.highest()).isEqualTo(5);
    }

    @Test
    void shouldRefuseZeroAndNumbersBehindTheWindow() {
        assertThat(accept(0)).isFalse();
        assertThat(accept(ReplayWindow.SIZE + 10)).isTrue();
        assertThat(accept(10)).as("exactly SIZE behind").isFalse();
        assertThat(accept(11)).as("the oldest number inside the window").isTrue();
    }

    @Test
    void shouldForgetOldBitsWhenTheWindowSlides() {
        for (long n = 1; n <= 3 * ReplayWindow.SIZE; n++) {
            assertThat(accept(n)).as("first sight of %d", n).isTrue();
        }
        for (long n = 2 * ReplayWindow.SIZE + 1; n <= 3 * ReplayWindow.SIZE; n++) {
            assertThat(accept(n)).as("replay of %d", n).isFalse();
        }
        // a jump past the whole window clears it: every number in the new window is fresh once
        long top = 10 * ReplayWindow.SIZE;
        assertThat(accept(top)).isTrue();
        for (long n = top - ReplayWindow.SIZE + 1; n < top; n++) {
            assertThat(accept(n)).as("first sight of %d after the jump", n).isTrue();
            assertThat(accept(n)).isFalse();
        }
    }

    @Test
    void shouldNotChangeStateWhenOnlyAsked() {
        window.mark(7);
        assertThat(window.isFresh(8)).isTrue();
        assertThat(window.isFresh(8)).isTrue();
        assertThat(window.highest()).isEqualTo(7);
    }
}
