package org.gcs.tools.threads;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ThreadsTest {
    @Test
    void shouldMakeNamedDaemonThreads() throws Exception {
        CountDownLatch ran = new CountDownLatch(1);
        Thread thread = Threads.startDaemon(ran::countDown, "tools-test");
        assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(thread.isDaemon()).isTrue();
        assertThat(thread.getName()).isEqualTo("tools-test");
        Thread fromFactory = Threads.daemons("tools-pool").newThread(() -> { });
        assertThat(fromFactory.isDaemon()).isTrue();
        assertThat(fromFactory.getName()).isEqualTo("tools-pool");
    }

    @Test
    void shouldCloseEveryResourceAndAbandonOnesThatFailOrHang() {
        AtomicInteger closed = new AtomicInteger();
        CountDownLatch never = new CountDownLatch(1);
        List<AutoCloseable> resources = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            resources.add(closed::incrementAndGet);
        }
        resources.add(() -> {
            throw new IllegalStateException("cannot close");
        });
        resources.add(() -> never.await()); // hangs until the pool is shut down

        Threads.closeAll(resources, "tools-close", Duration.ofMillis(200));

        assertThat(closed).hasValue(10);
    }
}
