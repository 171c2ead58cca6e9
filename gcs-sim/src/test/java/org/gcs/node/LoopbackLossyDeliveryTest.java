package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.gcs.GcsNode;
import org.gcs.MemberId;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.emulator.Topology;
import org.junit.jupiter.api.Test;
import org.gcs.emulator.LinkEmulation;

/**
 * Real nodes (Netty UDP WAN, JGroups LANs) on loopback, with the link emulator dropping 5 % of the WAN
 * datagrams in every direction: 10 000 messages from six senders in three sites reach every member exactly
 * once and in per-sender order.
 */
class LoopbackLossyDeliveryTest {
    private static final String GROUP = "room";
    private static final int MESSAGES = 10_000;

    @Test
    void shouldDeliverTenThousandMessagesExactlyOnceInSenderOrderAtFivePercentLoss() throws Exception {
        LinkProfile lossy = LinkProfile.IDEAL.withOneWayDelayNs(5_000_000L).withLoss(LossProfile.bernoulli(0.05))
                .withBandwidthBitsPerSec(50_000_000L).withQueueBytes(512 * 1024);
        Topology wan = Topology.builder("lossy3").site("a").site("b").site("c")
                .bidirectionalLink("a", "b", lossy).bidirectionalLink("b", "c", lossy).bidirectionalLink("a", "c", lossy)
                .build();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            List<GcsNode> nodes = new ArrayList<>();
            Map<MemberId, SequenceChecker> checkers = new ConcurrentHashMap<>();
            for (String site : List.of("a", "b", "c")) {
                for (int i = 1; i <= 2; i++) {
                    GcsNode node = cluster.start(site, site + i, b -> b.wanPipelineHook(LinkEmulation.of(wan, 42)).meterRegistry(registry));
                    SequenceChecker checker = new SequenceChecker();
                    checkers.put(node.self(), checker);
                    node.onMessage(checker::accept);
                    nodes.add(node);
                }
            }
            nodes.forEach(n -> n.join(GROUP));
            await().atMost(Duration.ofSeconds(20)).until(() -> nodes.stream()
                    .allMatch(n -> n.view(GROUP).map(v -> v.size() == nodes.size()).orElse(false)));

            int perSender = MESSAGES / nodes.size() + 1;
            LoopbackCluster.sendFromEach(nodes, GROUP, perSender);
            long expectedPerReceiver = (long) perSender * nodes.size();
            await().atMost(Duration.ofSeconds(120)).until(() -> checkers.values().stream()
                    .allMatch(c -> c.delivered() >= expectedPerReceiver));
            for (GcsNode node : nodes) {
                assertThat(node.awaitStable(Duration.ofSeconds(30))).as("all stable at " + node.self()).isTrue();
            }
            for (Map.Entry<MemberId, SequenceChecker> e : checkers.entrySet()) {
                SequenceChecker c = e.getValue();
                assertThat(c.problems()).as("problems at " + e.getKey()).isEmpty();
                assertThat(c.delivered()).as("deliveries at " + e.getKey()).isEqualTo(expectedPerReceiver);
                for (GcsNode sender : nodes) {
                    assertThat(c.lastSequence(sender.self())).isEqualTo(perSender);
                }
            }
            double retransmits = registry.find("gcs.flow.retransmits").counters().stream().mapToDouble(c -> c.count()).sum();
            assertThat(retransmits).as("the emulated loss forced repairs").isPositive();
        }
    }
}
