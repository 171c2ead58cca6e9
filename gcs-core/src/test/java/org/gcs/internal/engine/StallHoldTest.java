package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StallHoldTest {
    private static final long S = 1_000_000_000L;
    private static final long T0 = 5 * S;

    private final StallHold hold = new StallHold();

    @Test
    void shouldHoldNothingBeforeAStall() {
        assertThat(hold.holds(T0)).isFalse();
        assertThat(hold.running()).isFalse();
        assertThat(hold.probeDue(T0)).isZero();
    }

    @Test
    void shouldProbeTwoSecondsAfterTheStallAndThenEveryHalfSecond() {
        hold.start(T0);

        assertThat(hold.probeDue(T0 + StallHold.PROBE_AFTER_NS - 1)).as("not yet").isZero();
        assertThat(hold.probeDue(T0 + StallHold.PROBE_AFTER_NS)).as("the first stall's probe").isEqualTo(1);
        assertThat(hold.probeDue(T0 + StallHold.PROBE_AFTER_NS + 1)).as("just sent").isZero();
        assertThat(hold.probeDue(T0 + StallHold.PROBE_AFTER_NS + StallHold.PROBE_INTERVAL_NS)).isEqualTo(1);
    }

    @Test
    void shouldEndTheHoldOnAConfirmationOfThisStallsProbe() {
        hold.start(T0);

        assertThat(hold.onConfirmed(1, T0 + 2 * S + 3_000_000)).as("held ns").isEqualTo(2 * S + 3_000_000);
        assertThat(hold.holds(T0 + 2 * S + 3_000_000)).isFalse();
        assertThat(hold.running()).isFalse();
        assertThat(hold.probeDue(T0 + 3 * S)).as("no probe once released").isZero();
    }

    @Test
    void shouldIgnoreAConfirmationOfAnEarlierStallsProbe() {
        hold.start(T0);
        hold.onConfirmed(1, T0 + 2 * S);
        hold.start(T0 + 10 * S);

        assertThat(hold.onConfirmed(1, T0 + 12 * S)).as("replayed answer to stall 1").isEqualTo(-1);
        assertThat(hold.holds(T0 + 12 * S)).isTrue();
        assertThat(hold.probeDue(T0 + 12 * S)).as("stall 2 probes with number 2").isEqualTo(2);
        assertThat(hold.onConfirmed(2, T0 + 12 * S)).isPositive();
    }

    @Test
    void shouldEndTheHoldOnTheMergeOrAtTheBound() {
        hold.start(T0);
        hold.end();
        assertThat(hold.holds(T0 + 1)).as("merged back").isFalse();
        assertThat(hold.onConfirmed(1, T0 + 2 * S)).as("a late answer ends nothing").isEqualTo(-1);

        hold.start(T0);
        assertThat(hold.holds(T0 + StallHold.MAX_HOLD_NS - 1)).isTrue();
        assertThat(hold.running()).isTrue();
        assertThat(hold.holds(T0 + StallHold.MAX_HOLD_NS)).as("the bound").isFalse();
        assertThat(hold.running()).isFalse();
    }
}
