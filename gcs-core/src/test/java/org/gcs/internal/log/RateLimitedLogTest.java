package org.gcs.internal.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class RateLimitedLogTest {
    private static final long SECOND_NS = TimeUnit.SECONDS.toNanos(1);
    private final RateLimitedLog log = new RateLimitedLog(LoggerFactory.getLogger(RateLimitedLogTest.class), 10 * SECOND_NS);

    @Test
    void shouldLogTheFirstLineOfAKeyAndHoldBackTheRestOfTheInterval() {
        assertThat(log.warn("drop:bad-hmac", 0, "dropped {}", 1)).isTrue();
        assertThat(log.warn("drop:bad-hmac", 5 * SECOND_NS, "dropped {}", 2)).isFalse();
        assertThat(log.warn("drop:bad-hmac", 9 * SECOND_NS, "dropped {}", 3)).isFalse();
        assertThat(log.suppressedSinceLastLine("drop:bad-hmac")).isEqualTo(2);
        assertThat(log.warn("drop:bad-hmac", 10 * SECOND_NS, "dropped {}", 4)).isTrue();
        assertThat(log.suppressedSinceLastLine("drop:bad-hmac")).isZero();
    }

    @Test
    void shouldNotLetOneKeyHoldBackAnother() {
        assertThat(log.warn("drop:bad-hmac", 0, "a")).isTrue();
        assertThat(log.error("duplicate-site:boston", SECOND_NS, "b")).isTrue();
        assertThat(log.error("duplicate-site:boston", 2 * SECOND_NS, "b")).isFalse();
    }

    @Test
    void shouldRejectANonPositiveInterval() {
        assertThatThrownBy(() -> new RateLimitedLog(LoggerFactory.getLogger(RateLimitedLogTest.class), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("intervalNs");
    }
}
