package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.gcs.MemberId;
import org.junit.jupiter.api.Test;

class DeliveryCheckerTest {
    private static final MemberId A = new MemberId("boston", "boston-1");
    private static final MemberId B = new MemberId("ottawa", "ottawa-1");

    private final DeliveryChecker checker = new DeliveryChecker();

    private void deliver(MemberId sender, long... sequences) {
        for (long sequence : sequences) {
            checker.accept(sender, sequence);
        }
    }

    @Test
    void shouldCountInOrderDeliveriesPerSender() {
        deliver(A, 1, 2, 3);
        deliver(B, 1, 2);

        assertThat(checker.from(A)).isEqualTo(new SequenceCounts(3, 0, 0, 3));
        assertThat(checker.from(B)).isEqualTo(new SequenceCounts(2, 0, 0, 2));
        assertThat(checker.total().unique()).isEqualTo(5);
        assertThat(checker.total().duplicates()).isZero();
        assertThat(checker.total().outOfOrder()).isZero();
    }

    @Test
    void shouldCountARepeatedSequenceAsDuplicate() {
        deliver(A, 1, 2, 2, 1, 3);

        assertThat(checker.from(A)).isEqualTo(new SequenceCounts(3, 2, 0, 3));
    }

    @Test
    void shouldCountAGapAsOutOfOrderAndTheLateMessageAsNewNotDuplicate() {
        deliver(A, 1, 4);
        assertThat(checker.from(A)).isEqualTo(new SequenceCounts(2, 0, 1, 4));

        deliver(A, 3, 2, 3, 5);
        assertThat(checker.from(A)).isEqualTo(new SequenceCounts(5, 1, 1, 5));
    }

    @Test
    void shouldFillAHoleFromTheMiddle() {
        deliver(A, 1, 10, 5);
        deliver(A, 5, 4, 6);
        assertThat(checker.from(A)).isEqualTo(new SequenceCounts(5, 1, 1, 10));
        deliver(A, 2, 3, 7, 8, 9);
        assertThat(checker.from(A)).isEqualTo(new SequenceCounts(10, 1, 1, 10));
    }

    @Test
    void shouldLeaveNeverDeliveredMessagesAsMissing() {
        deliver(A, 1, 2, 5);
        long sentByA = 6;
        long missing = sentByA - checker.from(A).unique();

        assertThat(missing).isEqualTo(3);
        assertThat(checker.from(A).outOfOrder()).isEqualTo(1);
    }

    @Test
    void shouldReportNothingForAnUnknownSender() {
        assertThat(checker.from(B)).isEqualTo(SequenceCounts.NONE);
    }
}
