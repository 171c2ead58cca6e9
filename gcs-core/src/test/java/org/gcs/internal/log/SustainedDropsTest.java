package org.gcs.internal.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class SustainedDropsTest {
    private static final long SECOND_NS = TimeUnit.SECONDS.toNanos(1);
    private final SustainedDrops drops = new SustainedDrops(LoggerFactory.getLogger(SustainedDropsTest.class),
            "WAN datagrams", 5, 10 * SECOND_NS);

    @Test
    void shouldStaySilentForScatteredDropsAndWarnOncePerWindowWhenTheyAreSustained() {
        for (int i = 0; i < 5; i++) {
            assertThat(drops.onDrop("bad-hmac", i * SECOND_NS)).as("drop %d", i).isFalse();
        }
        assertThat(drops.onDrop("bad-hmac", 6 * SECOND_NS)).as("the sixth within 10 s").isTrue();
        assertThat(drops.onDrop("bad-hmac", 7 * SECOND_NS)).as("once per window").isFalse();
        assertThat(drops.onDrop("truncated", 7 * SECOND_NS)).as("another reason counts apart").isFalse();
        for (int i = 0; i < 5; i++) {
            assertThat(drops.onDrop("bad-hmac", 11 * SECOND_NS + i)).isFalse(); // a new window starts at 11 s
        }
        assertThat(drops.onDrop("bad-hmac", 12 * SECOND_NS)).isFalse(); // less than 10 s after the last line
        assertThat(drops.onDrop("bad-hmac", 21 * SECOND_NS + 5)).isFalse(); // a new window: count from 1
    }

    @Test
    void shouldWarnAgainInALaterWindow() {
        for (int i = 0; i <= 5; i++) {
            drops.onDrop("stale", 0);
        }
        boolean warned = false;
        for (int i = 0; i <= 5; i++) {
            warned |= drops.onDrop("stale", 20 * SECOND_NS);
        }
        assertThat(warned).isTrue();
    }
}
