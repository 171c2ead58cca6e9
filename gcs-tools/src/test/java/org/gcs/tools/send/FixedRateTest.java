package org.gcs.tools.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The fixed-rate schedule's decisions, at explicit times. */
class FixedRateTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;

    @Test
    void shouldCallForTheFirstMessageAtTheStartThenOneEachTimeItsBytesAreDue() {
        // 1000 B/s in messages of 100 B: one every 100 ms, from the first call
        FixedRate rate = new FixedRate(1000, 100, 100, FixedRate.FULL_CATCH_UP);
        long start = 5_000;

        assertThat(rate.offer(start, 0)).isEqualTo(1);
        assertThat(rate.offer(start + 100 * MS - 1, 0)).isZero();
        assertThat(rate.offer(start + 100 * MS, 0)).isEqualTo(1);
        assertThat(rate.offer(start + 350 * MS, 0)).isEqualTo(2);
        assertThat(rate.nextDueNs(start + 350 * MS)).isEqualTo(start + 400 * MS);
        assertThat(rate.startNs()).as("the first call's time, which due times count from").isEqualTo(start);
    }

    @Test
    void shouldDropAtOnceWhatTheBoundHeldBackWithoutCatchUp() {
        FixedRate rate = FixedRate.messagesPerSec(10, 1, FixedRate.NO_CATCH_UP);

        assertThat(rate.offer(0, 0)).isEqualTo(1);
        assertThat(rate.offer(100 * MS, 1)).as("one waits: the second message is dropped").isZero();
        assertThat(rate.offer(150 * MS, 0)).as("and not made up once the first is admitted").isZero();
        assertThat(rate.nextDueNs(150 * MS)).isEqualTo(200 * MS);
        assertThat(rate.offer(200 * MS, 0)).isEqualTo(1);
    }

    @Test
    void shouldOfferAtMostTheBoundAtOnce() {
        FixedRate rate = FixedRate.messagesPerSec(10, 3, FixedRate.NO_CATCH_UP);

        assertThat(rate.offer(0, 0)).isEqualTo(1);
        assertThat(rate.offer(1 * SECOND, 1)).as("ten more are due; two may join the waiting one").isEqualTo(2);
        assertThat(rate.offer(1 * SECOND, 0)).as("the other eight were dropped").isZero();
    }

    @Test
    void shouldCatchUpNoMoreThanTheMessagesDueWithinTheCatchUpTime() {
        FixedRate rate = FixedRate.messagesPerSec(10, 1, SECOND);
        assertThat(rate.offer(0, 0)).isEqualTo(1);
        assertThat(rate.offer(5 * SECOND, 1)).as("held back for 5 s").isZero();

        // 51 are due by 5 s; the first went, those due before 4 s are dropped: 10 are owed, one at a time
        assertThat(offerUntilNone(rate, 5 * SECOND)).isEqualTo(10);
        assertThat(rate.nextDueNs(5 * SECOND)).isEqualTo(5 * SECOND + 100 * MS);
    }

    @Test
    void shouldSendEverythingOverdueWithFullCatchUp() {
        FixedRate rate = FixedRate.messagesPerSec(10, 1, FixedRate.FULL_CATCH_UP);
        assertThat(rate.offer(0, 0)).isEqualTo(1);
        assertThat(rate.offer(5 * SECOND, 1)).isZero();

        assertThat(offerUntilNone(rate, 5 * SECOND)).isEqualTo(50);
    }

    @Test
    void shouldNameTheExactTimeAtWhichEachMessageIsDue() {
        for (FixedRate rate : new FixedRate[] {FixedRate.messagesPerSec(7, 1000, FixedRate.FULL_CATCH_UP),
            FixedRate.messagesPerSec(333.3, 1000, FixedRate.FULL_CATCH_UP),
            new FixedRate(1e6, 1442, 1000, FixedRate.FULL_CATCH_UP),
            new FixedRate(2.5e7, 100, 1000, FixedRate.FULL_CATCH_UP)}) {
            long start = -3 * SECOND; // any origin, as System.nanoTime() has
            assertThat(rate.offer(start, 0)).isEqualTo(1);
            long offered = 1;
            for (long message = 2; message <= 2_000; message++) {
                long dueNs = start + rate.dueAfterStartNs(message);
                assertThat(rate.nextDueNs(dueNs - 1)).isEqualTo(dueNs);
                offered += rate.offer(dueNs - 1, 0);
                assertThat(offered).as("offered just before message %d is due", message).isEqualTo(message - 1);
                offered += rate.offer(dueNs, 0);
                assertThat(offered).as("offered when message %d is due", message).isEqualTo(message);
            }
        }
    }

    @Test
    void shouldHaveTheFirstMessageDueAtOnce() {
        FixedRate rate = FixedRate.messagesPerSec(1e-9, 1, FixedRate.NO_CATCH_UP);

        assertThat(rate.nextDueNs(77)).as("not started yet").isEqualTo(77);
        assertThat(rate.dueAfterStartNs(1)).isZero();
        assertThat(rate.offer(77, 0)).isEqualTo(1);
        assertThat(rate.nextDueNs(78) - 77).as("a second message some 31 years later")
                .isGreaterThan(30 * 365 * 24 * 3600 * SECOND);
    }

    @Test
    void shouldRejectArgumentsOutOfRange() {
        assertThatThrownBy(() -> new FixedRate(0, 1, 1, 0)).hasMessageContaining("positive and finite, got 0.0");
        assertThatThrownBy(() -> new FixedRate(Double.NaN, 1, 1, 0)).hasMessageContaining("got NaN");
        assertThatThrownBy(() -> new FixedRate(Double.POSITIVE_INFINITY, 1, 1, 0)).hasMessageContaining("Infinity");
        assertThatThrownBy(() -> new FixedRate(1, 0, 1, 0)).hasMessageContaining("bytesPerMessage");
        assertThatThrownBy(() -> new FixedRate(1, 1, 0, 0)).hasMessageContaining("maxOutstandingMessages");
        assertThatThrownBy(() -> new FixedRate(1, 1, 1, -1)).hasMessageContaining("maxCatchUpNs");
    }

    private static long offerUntilNone(FixedRate rate, long nowNs) {
        long total = 0;
        for (long offers = rate.offer(nowNs, 0); offers > 0; offers = rate.offer(nowNs, 0)) {
            total += offers;
        }
        return total;
    }
}
