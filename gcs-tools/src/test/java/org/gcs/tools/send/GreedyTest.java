package org.gcs.tools.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A greedy pacing tops up the outstanding messages to its bound, whatever the time. */
class GreedyTest {
    @Test
    void shouldTopUpTheOutstandingMessagesToTheBound() {
        Greedy greedy = new Greedy(16);

        assertThat(greedy.offer(0, 0)).isEqualTo(16);
        assertThat(greedy.offer(5, 3)).isEqualTo(13);
        assertThat(greedy.offer(5, 16)).isZero();
        assertThat(greedy.offer(9, 17)).isZero();
    }

    @Test
    void shouldAlwaysHaveAMessageDue() {
        assertThat(new Greedy(1).nextDueNs(42)).isEqualTo(42);
    }

    @Test
    void shouldRejectABoundBelowOne() {
        assertThatThrownBy(() -> new Greedy(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1, got 0");
    }
}
