package org.gcs.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The warm-up runs once per JVM, on a daemon thread, and ends by itself. */
class CipherWarmupTest {
    @Test
    void shouldRunOnceOnADaemonThreadAndEnd() {
        CipherWarmup.startOnce();
        CipherWarmup.startOnce();
        long threads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("gcs-cipher-warmup")).peek(t -> assertThat(t.isDaemon()).isTrue())
                .count();
        assertThat(threads).isLessThanOrEqualTo(1);
        await().atMost(Duration.ofSeconds(60)).until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().equals("gcs-cipher-warmup")));
    }
}
