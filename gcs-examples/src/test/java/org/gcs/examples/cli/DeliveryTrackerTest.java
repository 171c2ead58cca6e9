package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.gcs.examples.cli.DeliveryTracker.SenderCounts;
import org.gcs.examples.cli.DeliveryTracker.Snapshot;
import org.junit.jupiter.api.Test;

class DeliveryTrackerTest {
    private static final String A = "boston/boston-1";
    private static final String B = "ottawa/ottawa-1";

    private final DeliveryTracker tracker = new DeliveryTracker();

    private void deliver(String sender, long... sequences) {
        for (long sequence : sequences) {
            assertThat(tracker.accept(CheckPayload.of(sender, sequence, 64))).isTrue();
        }
    }

    private SenderCounts from(String sender) {
        return tracker.snapshot().bySender().get(sender);
    }

    @Test
    void shouldCountInOrderDeliveries() {
        deliver(A, 1, 2, 3);

        Snapshot snapshot = tracker.snapshot();
        assertThat(snapshot.checked()).isEqualTo(3);
        assertThat(snapshot.duplicates()).isZero();
        assertThat(snapshot.outOfOrder()).isZero();
        assertThat(snapshot.bySender()).containsOnlyKeys(A);
        assertThat(from(A)).isEqualTo(new SenderCounts(3, 3, 0, 0, 3, 0));
    }

    @Test
    void shouldCountASequenceSeenBeforeAsDuplicate() {
        deliver(A, 1, 2, 2, 1, 3);

        assertThat(from(A)).isEqualTo(new SenderCounts(3, 3, 2, 0, 3, 0));
        assertThat(tracker.snapshot().checked()).isEqualTo(5);
        assertThat(tracker.snapshot().duplicates()).isEqualTo(2);
    }

    @Test
    void shouldCountArrivalsDuringAGapAsOutOfOrderAndTheLateOneAsNew() {
        deliver(A, 1, 3, 4);

        assertThat(from(A)).as("2 missing: 3 and 4 arrived early").isEqualTo(new SenderCounts(1, 3, 0, 2, 4, 1));

        deliver(A, 2);

        assertThat(from(A)).as("the gap is filled").isEqualTo(new SenderCounts(4, 4, 0, 2, 4, 0));

        deliver(A, 5, 3);

        assertThat(from(A)).isEqualTo(new SenderCounts(5, 5, 1, 2, 5, 0));
    }

    @Test
    void shouldKeepSeveralGapsApartAndJoinThemWhenFilled() {
        deliver(A, 5, 3, 2, 7, 7, 3);

        assertThat(from(A)).as("1, 4 and 6 missing").isEqualTo(new SenderCounts(0, 4, 2, 4, 7, 3));

        deliver(A, 1);

        assertThat(from(A)).isEqualTo(new SenderCounts(3, 5, 2, 4, 7, 2));

        deliver(A, 6, 4);

        assertThat(from(A)).isEqualTo(new SenderCounts(7, 7, 2, 5, 7, 0));
    }

    @Test
    void shouldCountOneGapThatNeverFillsAsOneGapHoweverManyMessagesFollowIt() {
        for (long sequence = 1; sequence <= 10; sequence++) {
            deliver(A, sequence);
        }
        for (long sequence = 21; sequence <= 40; sequence++) {
            deliver(A, sequence);
        }

        SenderCounts counts = from(A);
        assertThat(counts).as("11 to 20 lost, everything after arrived")
                .isEqualTo(new SenderCounts(10, 30, 0, 20, 40, 1));
        assertThat(counts.missing()).isEqualTo(10);
        assertThat(counts.contiguous() + counts.missing()).as("the gap's last sequence").isEqualTo(20);
    }

    @Test
    void shouldCountASequenceAheadOfEverythingAsAGapFromOne() {
        deliver(A, 5);

        assertThat(from(A)).as("1 to 4 missing").isEqualTo(new SenderCounts(0, 1, 0, 1, 5, 1));
        assertThat(from(A).missing()).isEqualTo(4);
    }

    @Test
    void shouldCountGapsApartAndForgetThoseThatFill() {
        deliver(A, 1, 2, 4, 5, 8, 10);

        assertThat(from(A)).as("3, 6-7 and 9 missing").isEqualTo(new SenderCounts(2, 6, 0, 4, 10, 3));
        assertThat(from(A).missing()).isEqualTo(4);

        deliver(A, 7, 6);

        assertThat(from(A)).as("6-7 filled, back to front").isEqualTo(new SenderCounts(2, 8, 0, 6, 10, 2));

        deliver(A, 3);

        assertThat(from(A)).as("3 filled: only 9 left").isEqualTo(new SenderCounts(8, 9, 0, 6, 10, 1));

        deliver(A, 9, 11);

        assertThat(from(A)).isEqualTo(new SenderCounts(11, 11, 0, 6, 11, 0));
        assertThat(from(A).missing()).isZero();
    }

    @Test
    void shouldTrackTwoSendersApartAndListThemSortedByName() {
        deliver(B, 1, 2);
        deliver(A, 1);
        deliver(B, 2, 4);
        deliver(A, 2);

        Snapshot snapshot = tracker.snapshot();
        assertThat(snapshot.bySender().keySet()).containsExactly(A, B);
        assertThat(from(A)).isEqualTo(new SenderCounts(2, 2, 0, 0, 2, 0));
        assertThat(from(B)).isEqualTo(new SenderCounts(2, 3, 1, 1, 4, 1));
        assertThat(snapshot.checked()).isEqualTo(6);
        assertThat(snapshot.duplicates()).isEqualTo(1);
        assertThat(snapshot.outOfOrder()).isEqualTo(1);
    }

    @Test
    void shouldIgnorePayloadsWithoutACheckHeader() {
        assertThat(tracker.accept("hello group".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(tracker.accept(Payloads.stamped(100, Payloads.nowMicros()))).isFalse();
        assertThat(tracker.accept("gcs-check boston/boston-1 x ".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(tracker.accept(new byte[0])).isFalse();

        Snapshot snapshot = tracker.snapshot();
        assertThat(snapshot.checked()).isZero();
        assertThat(snapshot.bySender()).isEmpty();
    }

    @Test
    void shouldRejectANonPositiveSequence() {
        assertThatThrownBy(() -> tracker.accept(A, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldReturnASnapshotThatLaterDeliveriesDoNotChange() {
        deliver(A, 1);
        Snapshot before = tracker.snapshot();

        deliver(A, 2);
        deliver(B, 1);

        assertThat(before.checked()).isEqualTo(1);
        assertThat(before.bySender()).containsOnlyKeys(A);
        assertThat(from(A).contiguous()).isEqualTo(2);
    }

    @Test
    void shouldCountEveryDeliveryWhenSeveralThreadsDeliverWhileAnotherReads() throws Exception {
        int messagesPerSender = 20_000;
        List<String> senders = List.of(A, B, "zurich/zurich-1");
        ExecutorService pool = Executors.newFixedThreadPool(senders.size() + 1);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> deliveries = new ArrayList<>();
            for (String sender : senders) {
                deliveries.add(pool.submit(() -> {
                    start.await();
                    for (long sequence = 1; sequence <= messagesPerSender; sequence++) {
                        tracker.accept(sender, sequence);
                    }
                    return null;
                }));
            }
            Future<?> reader = pool.submit(() -> {
                start.await();
                long lastChecked = 0;
                while (lastChecked < (long) senders.size() * messagesPerSender
                        && !Thread.currentThread().isInterrupted()) {
                    Snapshot snapshot = tracker.snapshot();
                    long distinct = snapshot.bySender().values().stream().mapToLong(SenderCounts::distinct).sum();
                    assertThat(distinct).isEqualTo(snapshot.checked());
                    assertThat(snapshot.checked()).isGreaterThanOrEqualTo(lastChecked);
                    lastChecked = snapshot.checked();
                }
                return null;
            });
            start.countDown();
            for (Future<?> delivery : deliveries) {
                delivery.get(30, TimeUnit.SECONDS);
            }
            reader.get(30, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }

        Snapshot snapshot = tracker.snapshot();
        assertThat(snapshot.checked()).isEqualTo(3L * messagesPerSender);
        assertThat(snapshot.duplicates()).isZero();
        assertThat(snapshot.outOfOrder()).isZero();
        assertThat(snapshot.bySender().values()).containsOnly(
                new SenderCounts(messagesPerSender, messagesPerSender, 0, 0, messagesPerSender, 0));
    }
}
