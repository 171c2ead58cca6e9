package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.gcs.FlowStatus;
import org.gcs.GroupTree;
import org.junit.jupiter.api.Test;

class NodeStatusTest {
    private final DeliveryTracker tracker = new DeliveryTracker();

    private String checkFields() {
        StringBuilder line = new StringBuilder();
        NodeStatus.appendCheck(line, tracker.snapshot());
        return line.toString();
    }

    @Test
    void shouldShowTheBuffersWithTheirPeaks() {
        StringBuilder line = new StringBuilder();

        NodeStatus.appendBuffers(line, 4000, 65_000, 1_048_576, 3, 70);

        assertThat(line).hasToString(" unstable=4000/65000 window=1048576 rtx=3/70");
    }

    @Test
    void shouldShowEachFlowsAllowedRateAndLimitingSiteOrNone() {
        FlowStatus limited = new FlowStatus("boston", "chat", "tfrc", 97_499.6, Optional.of("ottawa"), false,
                "lossEventRate", List.of(), List.of(), java.util.Map.of());
        FlowStatus unlimited = new FlowStatus("boston", "board", "tfrc", Double.POSITIVE_INFINITY, Optional.empty(), true,
                "lossEventRate", List.of(), List.of(), java.util.Map.of());
        StringBuilder none = new StringBuilder();
        StringBuilder two = new StringBuilder();

        NodeStatus.appendFlows(none, List.of());
        NodeStatus.appendFlows(two, List.of(limited, unlimited));

        assertThat(none).hasToString(" flows=none");
        assertThat(two).hasToString(" flows=chat:97500@ottawa,board:unlimited");
    }

    @Test
    void shouldDescribeATreeByItsRootAndEdges() {
        GroupTree tree = new GroupTree("chat", 3, "spt", "ottawa", List.of(
                new GroupTree.Edge("ottawa", "boston", 12.5), new GroupTree.Edge("boston", "chicago", 20)));
        GroupTree alone = new GroupTree("chat", 1, "spt", "ottawa", List.of());

        assertThat(NodeStatus.treeLine(tree)).matches("\\d\\d:\\d\\d:\\d\\d tree chat v3 root=ottawa"
                + " edges=ottawa>boston,boston>chicago");
        assertThat(NodeStatus.treeLine(alone)).endsWith(" tree chat v1 root=ottawa edges=none");
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
