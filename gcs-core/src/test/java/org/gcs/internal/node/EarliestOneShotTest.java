package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gcs.MemberId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The one-shot under the driver's timers, on a real event loop: the task gets the time it was due at, and a cancel
 * from another thread keeps a pending task from running.
 */
class EarliestOneShotTest {
    private static final long MS = 1_000_000L;
    private final NodeLoop loop = new NodeLoop(new MemberId("site-a", "m1"), WanSocketKind.NIO);

    @AfterEach
    void stop() {
        loop.shutdown();
    }

    @Test
    void theTaskGetsTheEarliestDueTimeAskedFor() throws Exception {
        List<Long> dueNs = new CopyOnWriteArrayList<>();
        CountDownLatch ran = new CountDownLatch(1);
        EarliestOneShot timer = new EarliestOneShot(loop, atNs -> {
            dueNs.add(atNs);
            ran.countDown();
        });
        long[] askedNs = new long[1];
        loop.runAndWait(() -> {
            askedNs[0] = NodeClock.nowNs() + 30 * MS;
            timer.at(askedNs[0] + 50 * MS);
            timer.at(askedNs[0]);
        }, TimeUnit.SECONDS.toNanos(5));

        assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(dueNs).containsExactly(askedNs[0]);
    }

    @Test
    void aCancelFromAnotherThreadKeepsThePendingTaskFromRunning() throws Exception {
        List<Long> dueNs = new CopyOnWriteArrayList<>();
        EarliestOneShot timer = new EarliestOneShot(loop, dueNs::add);
        CountDownLatch pastDue = new CountDownLatch(1);
        loop.runAndWait(() -> timer.at(NodeClock.nowNs() + 200 * MS), TimeUnit.SECONDS.toNanos(5));
        timer.cancel(); // this test's thread, not the loop
        loop.runAndWait(() -> loop.after(300 * MS, pastDue::countDown), TimeUnit.SECONDS.toNanos(5));

        assertThat(pastDue.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(dueNs).as("cancelled before it was due").isEmpty();
    }
}
