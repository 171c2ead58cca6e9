package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A burst of two after a quiet spell, then one per interval. */
class PacerTest {
    private static final long MS = 1_000_000L;

    @Test
    void shouldLetTwoGoAtOnceThenOnePerInterval() {
        Pacer pacer = new Pacer(20 * MS);
        assertThat(pacer.tryTake(0)).isTrue();
        assertThat(pacer.tryTake(0)).isTrue();
        assertThat(pacer.tryTake(0)).isFalse();
        assertThat(pacer.tryTake(10 * MS)).isFalse();
        assertThat(pacer.tryTake(20 * MS)).isTrue();
        assertThat(pacer.tryTake(1_000 * MS)).isTrue();
        assertThat(pacer.tryTake(1_000 * MS)).isTrue();
        assertThat(pacer.tryTake(1_000 * MS)).isFalse();
    }
}
