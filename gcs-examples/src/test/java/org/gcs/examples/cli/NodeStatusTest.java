package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NodeStatusTest {
    private final DeliveryTracker tracker = new DeliveryTracker();

    private String checkFields() {
        StringBuilder line = new StringBuilder();
        NodeStatus.appendCheck(line, tracker.snapshot());
        return line.toString();
    }

    @Test
    void shouldShowNoSendersBeforeTheFirstCheckMessage() {
        tracker.accept("chat line".getBytes(java.nio.charset.StandardCharsets.UTF_8));

        assertThat(checkFields()).isEqualTo(" checked=0 dup=0 ooo=0 from=none gaps=none");
    }

    @Test
    void shouldListEverySenderSortedWithItsContiguousAndDistinctSequences() {
        tracker.accept("ottawa/ottawa-1", 1);
        tracker.accept("ottawa/ottawa-1", 3);
        tracker.accept("boston/boston-1", 1);
        tracker.accept("boston/boston-1", 1);

        assertThat(checkFields())
                .isEqualTo(" checked=4 dup=1 ooo=1 from=boston/boston-1:1/1,ottawa/ottawa-1:1/2"
                        + " gaps=boston/boston-1:0/1,ottawa/ottawa-1:1/3");
    }

    @Test
    void shouldShowOneGapAndTheHighestSequenceOfAStreamThatResumedAfterALoss() {
        for (long sequence = 1; sequence <= 40; sequence++) {
            if (sequence <= 10 || sequence > 25) {
                tracker.accept("ottawa/ottawa-1", sequence);
            }
        }

        assertThat(checkFields()).as("11 to 25 lost: every later arrival is out of order, but there is one gap")
                .isEqualTo(" checked=25 dup=0 ooo=15 from=ottawa/ottawa-1:10/25 gaps=ottawa/ottawa-1:1/40");
    }
}
