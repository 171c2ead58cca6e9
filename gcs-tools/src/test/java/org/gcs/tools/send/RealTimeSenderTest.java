package org.gcs.tools.send;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.gcs.tools.send.RealTimeSender.End;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The real-time sender loop: its bounds, stops, failures and waiting, with blocking and asynchronous sends. */
class RealTimeSenderTest {
    private static final long TIMEOUT_S = 10;

    private final List<Long> sequences = new CopyOnWriteArrayList<>();

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void shouldSendBackToBackUntilTheCount() {
        RealTimeSender sender = new RealTimeSender(new Greedy(1), MessageSend.blocking(sequences::add),
                new SendCounter(10)).stopAfter(5);

        sender.run();

        assertThat(sender.end()).isEqualTo(End.COUNT);
        assertThat(sequences).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(sender.counter().admittedMessages()).isEqualTo(5);
        assertThat(sender.counter().admittedBytes()).isEqualTo(50);
        assertThat(sender.failure()).isNull();
    }

    @Test
    void shouldEndAtAPastDeadlineWithoutSending() {
        RealTimeSender sender = new RealTimeSender(new Greedy(1), MessageSend.blocking(sequences::add),
                new SendCounter(1)).stopAt(System.nanoTime());

        sender.run();

        assertThat(sender.end()).isEqualTo(End.DEADLINE);
        assertThat(sequences).isEmpty();
    }

    @Test
    void shouldWaitForTheDeadlineWhenNoMessageIsDueBeforeIt() {
        long deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
        RealTimeSender sender = new RealTimeSender(FixedRate.messagesPerSec(1e-3, 1, FixedRate.NO_CATCH_UP),
                MessageSend.blocking(sequences::add), new SendCounter(1)).stopAt(deadlineNs);

        sender.run();

        assertThat(System.nanoTime() - deadlineNs).as("returned at the deadline").isNotNegative();
        assertThat(sender.end()).isEqualTo(End.DEADLINE);
        assertThat(sequences).as("the first is due at once (unless the deadline came first), the next in 1000 s")
                .hasSizeLessThanOrEqualTo(1);
    }

    @Test
    void shouldKeepAtMostTheBoundOutstandingAndGoOnAsTheyAreAdmitted() throws Exception {
        BlockingQueue<CompletableFuture<Void>> pending = new LinkedBlockingQueue<>();
        AtomicInteger outstanding = new AtomicInteger();
        AtomicInteger mostOutstanding = new AtomicInteger();
        RealTimeSender sender = new RealTimeSender(new Greedy(2), sequence -> {
            mostOutstanding.accumulateAndGet(outstanding.incrementAndGet(), Math::max);
            CompletableFuture<Void> send = new CompletableFuture<>();
            pending.add(send);
            return send;
        }, new SendCounter(1)).stopAfter(6);

        Thread thread = sender.start("test-send");
        List<CompletableFuture<Void>> offered = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            CompletableFuture<Void> next = pending.poll(TIMEOUT_S, TimeUnit.SECONDS);
            assertThat(next).as("send %d", i + 1).isNotNull();
            offered.add(next);
            if (i >= 1) { // two go without an admission; each later one only after the oldest is admitted
                outstanding.decrementAndGet();
                offered.get(i - 1).complete(null);
            }
        }
        outstanding.decrementAndGet();
        offered.get(5).complete(null);
        thread.join(TimeUnit.SECONDS.toMillis(TIMEOUT_S));

        assertThat(sender.end()).isEqualTo(End.COUNT);
        assertThat(mostOutstanding).hasValue(2);
        assertThat(sender.counter().admittedMessages()).isEqualTo(6);
    }

    @Test
    void shouldEndAtTheFirstFailedSend() {
        RealTimeSender sender = new RealTimeSender(new Greedy(1), MessageSend.blocking(sequence -> {
            if (sequence == 3) {
                throw new IOException("broken pipe");
            }
            sequences.add(sequence);
        }), new SendCounter(1));

        sender.run();

        assertThat(sender.end()).isEqualTo(End.FAILED);
        assertThat(sender.failure()).isInstanceOf(IOException.class).hasMessage("broken pipe");
        assertThat(sequences).containsExactly(1L, 2L);
        assertThat(sender.counter().admittedMessages()).isEqualTo(2);
        assertThat(sender.counter().failedMessages()).isEqualTo(1);
    }

    @Test
    void shouldEndWhenAnAsynchronousSendFails() throws Exception {
        CompletableFuture<Void> first = new CompletableFuture<>();
        RealTimeSender sender = new RealTimeSender(new Greedy(1), sequence -> sequence == 1
                ? first : CompletableFuture.completedFuture(null), new SendCounter(1));
        Thread thread = sender.start("test-send");

        first.completeExceptionally(new IllegalStateException("node closed"));
        thread.join(TimeUnit.SECONDS.toMillis(TIMEOUT_S));

        assertThat(sender.end()).isEqualTo(End.FAILED);
        assertThat(sender.failure()).hasMessage("node closed");
        assertThat(sender.counter().offeredMessages()).isEqualTo(1);
    }

    @Test
    void shouldTakeAFailureAfterAStopForTheEndOfAClosingSystem() {
        AtomicReference<RealTimeSender> self = new AtomicReference<>();
        RealTimeSender sender = new RealTimeSender(new Greedy(1), MessageSend.blocking(sequence -> {
            if (sequence == 2) {
                self.get().stop();
                throw new IOException("socket closed");
            }
        }), new SendCounter(1));
        self.set(sender);

        sender.run();

        assertThat(sender.end()).isEqualTo(End.STOPPED);
        assertThat(sender.stopRequested()).isTrue();
        assertThat(sender.failure()).isNull();
    }

    @Test
    void shouldWakeAndEndWhenStoppedWhileWaiting() throws Exception {
        CountDownLatch firstSent = new CountDownLatch(1);
        RealTimeSender sender = new RealTimeSender(FixedRate.messagesPerSec(1e-3, 1, FixedRate.NO_CATCH_UP),
                MessageSend.blocking(sequence -> firstSent.countDown()), new SendCounter(1));
        Thread thread = sender.start("test-send");
        assertThat(firstSent.await(TIMEOUT_S, TimeUnit.SECONDS)).isTrue();

        sender.stop();
        thread.join(TimeUnit.SECONDS.toMillis(TIMEOUT_S));

        assertThat(thread.isAlive()).isFalse();
        assertThat(sender.end()).isEqualTo(End.STOPPED);
        assertThat(sender.counter().admittedMessages()).isEqualTo(1);
    }

    @Test
    void shouldEndInterruptedWithTheInterruptKept() {
        RealTimeSender sender = new RealTimeSender(new Greedy(1), MessageSend.blocking(sequence -> {
            sequences.add(sequence);
            if (sequence == 2) {
                Thread.currentThread().interrupt();
            }
        }), new SendCounter(1));

        sender.run();

        assertThat(Thread.interrupted()).isTrue();
        assertThat(sender.end()).isEqualTo(End.INTERRUPTED);
        assertThat(sequences).containsExactly(1L, 2L);
        assertThat(sender.failure()).isNull();
    }

    @Test
    void shouldEndInterruptedWhenABlockingSendIsInterrupted() {
        RealTimeSender sender = new RealTimeSender(new Greedy(1), MessageSend.blocking(sequence -> {
            throw new InterruptedException();
        }), new SendCounter(1));

        sender.run();

        assertThat(Thread.interrupted()).isTrue();
        assertThat(sender.end()).isEqualTo(End.INTERRUPTED);
        assertThat(sender.failure()).isNull();
    }

    @Test
    void shouldPaceAtTheScheduleAndCatchUpWhatIsOverdue() {
        // 10 000 a second with full catch-up: a loop that is late sends the overdue ones back to back
        FixedRate schedule = FixedRate.messagesPerSec(10_000, 1, FixedRate.FULL_CATCH_UP);
        List<Long> sentNs = new CopyOnWriteArrayList<>();
        RealTimeSender sender = new RealTimeSender(schedule, MessageSend.blocking(sequence -> {
            sentNs.add(System.nanoTime());
        }), new SendCounter(1)).stopAfter(20);
        long before = System.nanoTime();

        sender.run();

        assertThat(sender.end()).isEqualTo(End.COUNT);
        assertThat(sentNs).hasSize(20);
        // message n is not sent before it is due (the schedule starts at or after 'before')
        for (int n = 1; n <= 20; n++) {
            assertThat(sentNs.get(n - 1) - before).isGreaterThanOrEqualTo(schedule.dueAfterStartNs(n));
        }
    }
}
