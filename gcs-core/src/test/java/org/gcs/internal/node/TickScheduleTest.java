package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gcs.MemberId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The protocol tick's schedule on a real event loop: every tick interval while the engine has work for the tick, every
 * quiet interval otherwise, brought forward when work appears, and no tick after a stop (the grid's arithmetic:
 * {@code TickGridTest}).
 */
class TickScheduleTest {
    private static final long MS = 1_000_000L;
    private static final long FIVE_S_NS = TimeUnit.SECONDS.toNanos(5);
    private final NodeLoop loop = new NodeLoop(new MemberId("site-a", "m1"), WanSocketKind.NIO);

    @AfterEach
    void stop() {
        loop.shutdown();
    }

    @Test
    void aQuietNodeTicksOncePerQuietIntervalUntilWorkAsksForATick() throws Exception {
        TickSchedule ticks = new TickSchedule(loop, 2 * MS, 60_000 * MS);
        List<Long> tickNs = new CopyOnWriteArrayList<>();
        CountDownLatch first = new CountDownLatch(1);
        ticks.drive(() -> {
            tickNs.add(NodeClock.nowNs());
            first.countDown();
        }, () -> false, () -> Long.MAX_VALUE);
        ticks.start();
        assertThat(first.await(5, TimeUnit.SECONDS)).isTrue();

        // 200 ms later (a hundred tick intervals) the quiet node has not ticked again
        CountDownLatch later = new CountDownLatch(1);
        loop.after(200 * MS, later::countDown);
        assertThat(later.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(tickNs).hasSize(1);

        long[] askedNs = new long[1];
        loop.runAndWait(() -> {
            askedNs[0] = NodeClock.nowNs();
            ticks.soon(askedNs[0]);
            ticks.soon(NodeClock.nowNs()); // the tick is already due soon: nothing more
        }, FIVE_S_NS);
        CountDownLatch pastIt = new CountDownLatch(1);
        loop.after(200 * MS, pastIt::countDown);
        assertThat(pastIt.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(tickNs).as("one more tick, at the grid point after the work appeared").hasSize(2);
        assertThat(tickNs.get(1)).isGreaterThan(askedNs[0]);
    }

    @Test
    void aNodeWithWorkTicksEveryIntervalAndNoTickFollowsAStop() throws Exception {
        TickSchedule ticks = new TickSchedule(loop, 2 * MS, 60_000 * MS);
        AtomicBoolean due = new AtomicBoolean(true);
        List<Long> tickNs = new CopyOnWriteArrayList<>();
        CountDownLatch ten = new CountDownLatch(10);
        ticks.drive(() -> {
            tickNs.add(NodeClock.nowNs());
            ten.countDown();
        }, due::get, () -> Long.MAX_VALUE);
        long startNs = NodeClock.nowNs();
        ticks.start();
        assertThat(ten.await(5, TimeUnit.SECONDS)).isTrue();
        for (int i = 0; i < 10; i++) { // the grid starts a tick interval after start(); a late tick does not add one
            assertThat(tickNs.get(i) - startNs).as("tick %d", i).isGreaterThanOrEqualTo((i + 1) * 2 * MS);
        }

        ticks.stop();
        int afterStop = loop.call(tickNs::size); // a tick running while stop() ran has ended by now
        CountDownLatch later = new CountDownLatch(1);
        loop.after(100 * MS, later::countDown);
        assertThat(later.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(tickNs).hasSize(afterStop);
        loop.runAndWait(() -> ticks.soon(NodeClock.nowNs()), FIVE_S_NS);
        CountDownLatch stillLater = new CountDownLatch(1);
        loop.after(50 * MS, stillLater::countDown);
        assertThat(stillLater.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(tickNs).as("a stopped schedule ignores requests for a tick").hasSize(afterStop);
    }
}
