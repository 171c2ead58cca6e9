package org.gcs.cc.shaping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class TokenBucketTest {
    private static final long MS = 1_000_000L;
    private static final long SEC = 1_000_000_000L;

    @Test
    void shouldConformToTheRateOverALongRun() {
        double rate = 100_000;
        long burst = 5_000;
        TokenBucket bucket = new TokenBucket(rate, burst, 0);
        long consumed = 0;
        for (long t = 0; t <= 10 * SEC; t += MS) {
            while (bucket.tryConsume(1_000, t)) {
                consumed += 1_000;
            }
        }
        double allowed = rate * 10 + burst; // 1 005 000 bytes
        assertThat((double) consumed).isLessThanOrEqualTo(allowed).isGreaterThan(allowed - 1_000);
    }

    @Test
    void shouldSendAtExactlyTheRateWhenPacedByNanosUntil() {
        TokenBucket bucket = new TokenBucket(3_000, 1_500, 0);
        long t = 0;
        int sent = 0;
        while (t <= 10 * SEC) {
            long wait = bucket.nanosUntil(700, t);
            t += wait;
            assertThat(bucket.tryConsume(700, t)).isTrue();
            sent++;
        }
        // the first two go from the full bucket (1 500 bytes); afterwards one 700-byte message per 233.3 ms
        assertThat(sent * 700.0).isCloseTo(3_000 * 10 + 1_500, within(1_400.0));
    }

    @Test
    void shouldNotAccumulateMoreThanTheBurst() {
        TokenBucket bucket = new TokenBucket(1_000, 4_000, 0);
        assertThat(bucket.availableBytes(3_600 * SEC)).isEqualTo(4_000);
        assertThat(bucket.tryConsume(4_000, 3_600 * SEC)).isTrue();
        assertThat(bucket.tryConsume(1, 3_600 * SEC)).isFalse();
    }

    @Test
    void shouldCreditTheOldRateBeforeChangingIt() {
        TokenBucket bucket = new TokenBucket(1_000, 1_000, 0);
        assertThat(bucket.tryConsume(1_000, 0)).isTrue();
        bucket.setRate(2_000, SEC / 2); // 500 tokens earned at 1 000 B/s
        assertThat(bucket.availableBytes(SEC / 2)).isEqualTo(500);
        assertThat(bucket.rateBytesPerSec()).isEqualTo(2_000);
        assertThat(bucket.availableBytes(SEC / 2 + SEC / 8)).isEqualTo(750);
        assertThat(bucket.nanosUntil(1_000, SEC / 2)).isEqualTo(SEC / 4);
    }

    @Test
    void shouldGiveExactWaitingTimes() {
        TokenBucket bucket = new TokenBucket(1_000, 1_000, 0);
        assertThat(bucket.nanosUntil(1_000, 0)).isZero();
        assertThat(bucket.tryConsume(1_000, 0)).isTrue();
        assertThat(bucket.nanosUntil(500, 0)).isEqualTo(500 * MS);
        assertThat(bucket.nanosUntil(500, 100 * MS)).isEqualTo(400 * MS);
        assertThat(bucket.tryConsume(500, 500 * MS - 1)).isFalse();
        assertThat(bucket.tryConsume(500, 500 * MS)).isTrue();

        TokenBucket third = new TokenBucket(3, 10, 0); // 1 byte per 333 333 333.3 ns
        assertThat(third.tryConsume(10, 0)).isTrue();
        assertThat(third.nanosUntil(1, 0)).isEqualTo(333_333_334L);
        assertThat(third.tryConsume(1, 333_333_333L)).isFalse();
        assertThat(third.tryConsume(1, 333_333_334L)).isTrue();
    }

    @Property(tries = 1000)
    void shouldSucceedExactlyWhenNanosUntilSays(
            @ForAll @DoubleRange(min = 0.5, max = 1e9) double rate,
            @ForAll @LongRange(min = 1, max = 1_000_000) long burst,
            @ForAll @LongRange(min = 0, max = 2_000_000) long first,
            @ForAll @LongRange(min = 0, max = 2_000_000) long second,
            @ForAll @LongRange(min = 0, max = 10 * SEC) long start,
            @ForAll @LongRange(min = 0, max = SEC) long gap) {
        TokenBucket bucket = new TokenBucket(rate, burst, start);
        long t = start + gap;
        long wait = bucket.nanosUntil(first, t);
        assertThat(wait).isGreaterThanOrEqualTo(0);
        if (wait > 0) {
            assertThat(bucket.tryConsume(first, t + wait - 1)).isFalse();
        }
        assertThat(bucket.tryConsume(first, t + wait)).isTrue();
        t += wait;
        long wait2 = bucket.nanosUntil(second, t);
        if (wait2 > 0 && wait2 < Long.MAX_VALUE) {
            assertThat(bucket.tryConsume(second, t + wait2 - 1)).isFalse();
            assertThat(bucket.tryConsume(second, t + wait2)).isTrue();
        }
    }

    @Test
    void shouldBeUnlimitedAtAnInfiniteRate() {
        TokenBucket bucket = new TokenBucket(Double.POSITIVE_INFINITY, 1_000, 0);
        for (int i = 0; i < 100; i++) {
            assertThat(bucket.tryConsume(1_000_000, 0)).isTrue();
        }
        assertThat(bucket.nanosUntil(Long.MAX_VALUE, 0)).isZero();
        bucket.setRate(1_000, 10); // from unlimited the bucket is full
        assertThat(bucket.availableBytes(10)).isEqualTo(1_000);
        assertThat(bucket.tryConsume(1_000, 10)).isTrue();
        assertThat(bucket.tryConsume(1, 10)).isFalse();
    }

    @Test
    void shouldLetAnOversizedMessageGoWhenFullAndRepayTheDebt() {
        TokenBucket bucket = new TokenBucket(1_000, 1_000, 0);
        assertThat(bucket.tryConsume(100, 0)).isTrue();
        assertThat(bucket.tryConsume(3_000, 0)).isFalse(); // not full
        assertThat(bucket.nanosUntil(3_000, 0)).isEqualTo(100 * MS); // until full
        assertThat(bucket.tryConsume(3_000, 100 * MS)).isTrue();
        assertThat(bucket.availableBytes(100 * MS)).isEqualTo(-2_000);
        // the next 100-byte message waits for 2 100 tokens: 2.1 s
        assertThat(bucket.nanosUntil(100, 100 * MS)).isEqualTo(2_100 * MS);
        assertThat(bucket.tryConsume(100, 2_200 * MS - 1)).isFalse();
        assertThat(bucket.tryConsume(100, 2_200 * MS)).isTrue();
    }

    @Test
    void shouldNeverSendAtRateZero() {
        TokenBucket bucket = new TokenBucket(0, 1_000, 0);
        assertThat(bucket.tryConsume(1_000, 0)).isTrue();
        assertThat(bucket.nanosUntil(1, 0)).isEqualTo(Long.MAX_VALUE);
        assertThat(bucket.tryConsume(1, 100 * SEC)).isFalse();
    }

    @Test
    void shouldStartWithTheGivenTokensOnly() {
        TokenBucket bucket = new TokenBucket(1_000, 64_000, 1_200, 0);
        assertThat(bucket.tryConsume(1_200, 0)).isTrue(); // the first message goes at once ...
        assertThat(bucket.tryConsume(1_200, 0)).isFalse(); // ... not a 64 KB burst
        assertThat(bucket.nanosUntil(1_200, 0)).isEqualTo(1_200 * MS);
        assertThatThrownBy(() -> new TokenBucket(1, 10, 11, 0)).hasMessageContaining("initialTokensBytes");
        assertThatThrownBy(() -> new TokenBucket(1, 10, -1, 0)).hasMessageContaining("initialTokensBytes");
    }

    @Test
    void shouldRejectInvalidArguments() {
        assertThatThrownBy(() -> new TokenBucket(-1, 1, 0)).hasMessageContaining("rateBytesPerSec");
        assertThatThrownBy(() -> new TokenBucket(Double.NaN, 1, 0)).hasMessageContaining("rateBytesPerSec");
        assertThatThrownBy(() -> new TokenBucket(1, 0, 0)).hasMessageContaining("burstBytes");
        TokenBucket bucket = new TokenBucket(1, 1, 0);
        assertThatThrownBy(() -> bucket.setRate(-1, 0)).hasMessageContaining("rateBytesPerSec");
        assertThatThrownBy(() -> bucket.tryConsume(-1, 0)).hasMessageContaining("bytes");
        assertThatThrownBy(() -> bucket.nanosUntil(-1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bytes");
    }
}
