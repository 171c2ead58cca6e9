package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import org.gcs.internal.wire.DropReason;
import org.gcs.metrics.NodeMetrics;
import org.junit.jupiter.api.Test;

/** The status line's trouble fields: drops by reason, a stalled backlog, exclusions; nothing when all is well. */
class NodeStatusTroubleTest {
    @Test
    void shouldAddNothingForAHealthyNode() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        NodeMetrics metrics = new NodeMetrics(registry, "boston", "boston-1");
        metrics.bindDeliveryBacklog(() -> 0, () -> 0);
        StringBuilder line = new StringBuilder();

        NodeStatus.appendTrouble(line, NodeStatus.Trouble.of(registry));

        assertThat(line).hasToString("");
    }

    @Test
    void shouldShowNonZeroDropsByReasonTheStallAndTheExclusionsFromTheNodesMeters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        NodeMetrics metrics = new NodeMetrics(registry, "boston", "boston-1");
        metrics.bindDeliveryBacklog(() -> 2_500_000_000L, () -> 65_536);
        metrics.wanDropped(DropReason.STALE);
        metrics.wanDropped(DropReason.STALE);
        metrics.lanDropped(org.gcs.internal.wire.LanDropReason.FORGED_ORIGIN);
        metrics.memberExcluded("chat", "stalled");
        StringBuilder line = new StringBuilder();

        NodeStatus.appendTrouble(line, NodeStatus.Trouble.of(registry));

        assertThat(line).hasToString(" drops=lan-forged-origin:1," + DropReason.STALE.tag() + ":2 stalled=2.5s excluded=chat:1");
        assertThat(metrics.membersExcluded()).isEqualTo(1);
    }

    @Test
    void shouldShowHowLongADelegatesSiteIsHeldBackFromOneSecondOn() {
        StringBuilder shortWait = new StringBuilder();
        StringBuilder longWait = new StringBuilder();

        NodeStatus.appendTrouble(shortWait, new NodeStatus.Trouble(Map.of(), 0, Map.of(), 0.4));
        NodeStatus.appendTrouble(longWait, new NodeStatus.Trouble(Map.of(), 0, Map.of(), 3.25));

        assertThat(shortWait).hasToString("");
        assertThat(longWait).hasToString(" heldback=3.3s");
    }

    @Test
    void shouldFormatCountsSortedByName() {
        StringBuilder line = new StringBuilder();

        NodeStatus.appendTrouble(line, new NodeStatus.Trouble(new java.util.TreeMap<>(Map.of("truncated", 3L,
                "bad-hmac", 5L)), 0, Map.of()));

        assertThat(line).hasToString(" drops=bad-hmac:5,truncated:3");
    }
}
