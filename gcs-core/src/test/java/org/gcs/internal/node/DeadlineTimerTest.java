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
 * The engine's deadline timer on a real event loop: it runs the engine's deadline work once per deadline, an earlier
 * deadline replaces a pending later one, and a later one waits for the pending one (the engine asks again then).
 */
class DeadlineTimerTest {
    private static final long MS = 1_000_000L;
    private final NodeLoop loop = new NodeLoop(new MemberId("site-a", "m1"), WanSocketKind.NIO);

    @AfterEach
    void stop() {
        loop.shutdown();
    }

    @Test
    void anEarlierDeadlineReplacesThePendingOneAndALaterOneWaitsForIt() throws Exception {
        DeadlineTimer timer = new DeadlineTimer(loop);
        List<Long> firedNs = new CopyOnWriteArrayList<>();
        CountDownLatch fired = new CountDownLatch(1);
        timer.target(nowNs -> {
            firedNs.add(nowNs);
            fired.countDown();
        });
        long[] askedNs = new long[1];
        CountDownLatch quietUntil = new CountDownLatch(1);
        loop.runAndWait(() -> {
            askedNs[0] = NodeClock.nowNs();
            timer.wakeAt(askedNs[0] + 200 * MS);
            timer.wakeAt(askedNs[0] + 20 * MS); // earlier: replaces the 200-ms timer
            timer.wakeAt(askedNs[0] + 100 * MS); // later than the pending one: not scheduled
            loop.after(300 * MS, quietUntil::countDown); // past every deadline asked for
        }, TimeUnit.SECONDS.toNanos(5));

        assertThat(fired.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(quietUntil.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(firedNs).as("one run, for the earliest deadline").hasSize(1);
        assertThat(firedNs.get(0) - askedNs[0]).isGreaterThanOrEqualTo(20 * MS).isLessThan(200 * MS);
    }

    @Test
    void theTargetMayAskForTheNextDeadlineWhenItRuns() throws Exception {
        DeadlineTimer timer = new DeadlineTimer(loop);
        List<Long> firedNs = new CopyOnWriteArrayList<>();
        CountDownLatch twice = new CountDownLatch(2);
        timer.target(nowNs -> {
            firedNs.add(nowNs);
            twice.countDown();
            if (firedNs.size() == 1) {
                timer.wakeAt(nowNs + 10 * MS);
            }
        });
        loop.runAndWait(() -> timer.wakeAt(NodeClock.nowNs() + 5 * MS), TimeUnit.SECONDS.toNanos(5));

        assertThat(twice.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(firedNs.get(1) - firedNs.get(0)).isGreaterThanOrEqualTo(10 * MS);
    }
}
