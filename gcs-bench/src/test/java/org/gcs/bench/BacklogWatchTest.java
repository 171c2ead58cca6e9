package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The backlog time's raw material: deliveries kept from the cut, the last one sent before the restoration. */
class BacklogWatchTest {

    @Test
    void shouldGiveTheLastDeliveryOfAMessageSentBeforeTheRestoration() {
        BacklogWatch watch = new BacklogWatch();
        watch.delivered(100, 150);          // before the cut: not kept
        watch.start();
        watch.delivered(1_000, 1_050);      // sent during the outage on a path that still worked
        watch.delivered(2_000, 9_000);      // the backlog, repaired after the restoration at 5 000
        watch.delivered(4_999, 9_200);
        watch.delivered(5_000, 9_100);      // sent at the restoration: not backlog, even if delivered first
        watch.delivered(3_000, 9_150);      // out of order: still backlog

        assertThat(watch.clearedMicros(5_000)).isEqualTo(9_200);
        assertThat(watch.clearedMicros(1_000)).as("only what was sent before").isEqualTo(-1);
        assertThat(watch.clearedMicros(1_001)).isEqualTo(1_050);
    }

    @Test
    void shouldKeepNothingBeforeItStarts() {
        BacklogWatch watch = new BacklogWatch();
        watch.delivered(1, 2);

        assertThat(watch.clearedMicros(10)).isEqualTo(-1);
    }

    @Test
    void shouldGrowPastItsFirstArray() {
        BacklogWatch watch = new BacklogWatch();
        watch.start();
        for (int i = 0; i < 5_000; i++) {
            watch.delivered(i, 10_000L + i);
        }

        assertThat(watch.clearedMicros(4_000)).isEqualTo(13_999);
    }
}
