package org.gcs.alm.swim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Lifeguard §IV-B's suspicion timeout, with concrete numbers, and the timers that apply it. */
class SwimSuspicionTimeoutTest {
    private static final long S = 1_000_000_000L;

    @Test
    void shouldScaleTheMinimumWithLog10OfTheGroupSize() {
        assertThat(SuspicionTimers.minTimeoutNs(4, 100, S)).as("4 · log10(100) · 1 s").isEqualTo(8 * S);
        assertThat(SuspicionTimers.minTimeoutNs(4, 1, S)).as("log10 floored at 1").isEqualTo(4 * S);
        assertThat(SuspicionTimers.minTimeoutNs(4, 10, S)).isEqualTo(4 * S);
        assertThat(SuspicionTimers.minTimeoutNs(6, 1000, 5 * S)).as("WAN: 6 · 3 · 5 s").isEqualTo(90 * S);
        assertThat(SuspicionTimers.minTimeoutNs(4, 2048, S) / (double) S).isCloseTo(13.245, within(0.001));
    }

    @Test
    void shouldFallFromMaxToMinLogarithmicallyWithConfirmations() {
        long minNs = SuspicionTimers.minTimeoutNs(4, 100, S);
        long maxNs = 6 * minNs;
        assertThat(maxNs).isEqualTo(48 * S);
        int k = SuspicionTimers.expectedConfirmations(4, 100);
        assertThat(k).isEqualTo(2);
        assertThat(SuspicionTimers.timeoutNs(minNs, maxNs, 0, k)).isEqualTo(48 * S);
        // 48 − 40 · log(2) / log(3) = 22.762 s
        assertThat(SuspicionTimers.timeoutNs(minNs, maxNs, 1, k) / (double) S).isCloseTo(22.762, within(0.001));
        assertThat(SuspicionTimers.timeoutNs(minNs, maxNs, 2, k)).isEqualTo(8 * S);
        assertThat(SuspicionTimers.timeoutNs(minNs, maxNs, 5, k)).as("never below Min").isEqualTo(8 * S);
    }

    @Test
    void shouldExpectNoConfirmationsInAGroupTooSmallToGiveThem() {
        assertThat(SuspicionTimers.expectedConfirmations(4, 3)).isZero();
        assertThat(SuspicionTimers.expectedConfirmations(4, 4)).isEqualTo(2);
        assertThat(SuspicionTimers.expectedConfirmations(1, 100)).isZero();
        assertThat(SuspicionTimers.timeoutNs(4 * S, 24 * S, 0, 0)).as("K = 0: Min at once").isEqualTo(4 * S);
    }

    @Property(tries = 300)
    void shouldStayWithinMinAndMaxAndNeverGrowWithConfirmations(@ForAll @IntRange(min = 1, max = 10) int alpha,
            @ForAll @IntRange(min = 1, max = 10) int beta, @ForAll @IntRange(min = 1, max = 5000) int members) {
        long minNs = SuspicionTimers.minTimeoutNs(alpha, members, S);
        long maxNs = beta * minNs;
        int k = SuspicionTimers.expectedConfirmations(alpha, members);
        long previous = Long.MAX_VALUE;
        for (int c = 0; c <= k + 1; c++) {
            long timeout = SuspicionTimers.timeoutNs(minNs, maxNs, c, k);
            assertThat(timeout).isBetween(minNs, maxNs).isLessThanOrEqualTo(previous);
            previous = timeout;
        }
        assertThat(previous).isEqualTo(minNs);
    }

    @Test
    void timerShouldShortenOnDistinctConfirmationsOnly() {
        SuspicionTimers timers = new SuspicionTimers(SwimSettings.DEFAULTS);
        timers.start("m", 3, "a", 100, 10 * S);
        assertThat(timers.deadlineNs("m")).isEqualTo(58 * S);
        assertThat(timers.confirm("m", 3, "a")).as("the suspicion's own origin").isFalse();
        assertThat(timers.confirm("m", 2, "b")).as("another incarnation").isFalse();
        assertThat(timers.confirm("x", 3, "b")).as("not suspected").isFalse();
        assertThat(timers.confirm("m", 3, "b")).isTrue();
        assertThat(timers.confirm("m", 3, "b")).as("counted already").isFalse();
        assertThat((timers.deadlineNs("m") - 10 * S) / (double) S).isCloseTo(22.762, within(0.001));
        assertThat(timers.confirm("m", 3, "c")).isTrue();
        assertThat(timers.deadlineNs("m")).isEqualTo(18 * S);
        assertThat(timers.confirm("m", 3, "d")).as("K reached").isFalse();
        assertThat(timers.nextDeadlineNs()).as("the refresh, Min / 2 after the start").isEqualTo(14 * S);
        assertThat(timers.refresh(14 * S)).containsExactly("m");
        assertThat(timers.refresh(15 * S)).as("once").isEmpty();
        assertThat(timers.nextDeadlineNs()).isEqualTo(18 * S);
        assertThat(timers.expire(18 * S - 1)).isEmpty();
        assertThat(timers.expire(18 * S)).containsExactly("m");
        assertThat(timers.nextDeadlineNs()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void shouldFixTheMinimumWhateverNAndLeaveTheMaximumAloneUnlessBelowIt() {
        SuspicionTimers timers = new SuspicionTimers(SwimSettings.DEFAULTS.withSuspicionMin(5 * S));
        timers.start("m", 0, "a", 2048, 0);
        assertThat(timers.deadlineNs("m") / (double) S).as("Max = β · 13.245 s, as without a fixed Min")
                .isCloseTo(79.47, within(0.01));
        assertThat(timers.confirm("m", 0, "b")).isTrue();
        assertThat(timers.confirm("m", 0, "c")).isTrue();
        assertThat(timers.deadlineNs("m")).as("K = 2 confirmations: the fixed Min, below Lifeguard's").isEqualTo(5 * S);
        timers.start("small", 0, "a", 10, 0);
        assertThat(timers.deadlineNs("small")).as("no confirmation: Lifeguard's Max, 6 · 4 s").isEqualTo(24 * S);
        assertThat(timers.confirm("small", 0, "b")).isTrue();
        assertThat(timers.confirm("small", 0, "c")).isTrue();
        assertThat(timers.deadlineNs("small")).as("K = 2 confirmations: the fixed Min, above Lifeguard's 4 s")
                .isEqualTo(5 * S);
        timers.start("three", 0, "a", 3, 0);
        assertThat(timers.deadlineNs("three")).as("n = 3, K = 0: Min at once").isEqualTo(5 * S);

        SuspicionTimers longer = new SuspicionTimers(SwimSettings.DEFAULTS.withSuspicionMin(30 * S));
        longer.start("m", 0, "a", 10, 0);
        assertThat(longer.deadlineNs("m")).as("Max (24 s) raised to the fixed Min").isEqualTo(30 * S);
        assertThatThrownBy(() -> SwimSettings.DEFAULTS.withSuspicionMin(0)).isInstanceOf(
                IllegalArgumentException.class).hasMessageContaining("minNs must be positive, got 0");
    }

    @Test
    void timerShouldRestartForAHigherIncarnationAndStopWhenCancelled() {
        SuspicionTimers timers = new SuspicionTimers(SwimSettings.DEFAULTS);
        timers.start("m", 0, "a", 3, 0);
        assertThat(timers.deadlineNs("m")).as("3 members: K = 0, Min = 4 s").isEqualTo(4 * S);
        timers.start("m", 1, "b", 3, 2 * S);
        assertThat(timers.deadlineNs("m")).isEqualTo(6 * S);
        timers.cancel("m");
        assertThat(timers.expire(100 * S)).isEmpty();
    }
}
