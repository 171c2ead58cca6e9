package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Meter;
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
 * The hop-by-hop transport on real sockets (Netty UDP WAN, JGroups LANs, the link emulator dropping 3 % of the WAN
 * datagrams): a chain a – b – c whose middle site relays, with the end-to-end repair switched off, so that only the
 * links' own retransmissions can repair the loss. Every member receives every message once and in per-sender order,
 * no delegate sends a NAK, and the per-edge meters show the links at work.
 */
class LoopbackHopByHopTest {
    private static final String GROUP = "room";
    private static final int PER_SENDER = 400;

    @Test
    void shouldRepairLossOnTheLinksAloneAndMeterEveryEdge() throws Exception {
        LinkProfile lossy = LinkProfile.IDEAL.withOneWayDelayNs(5_000_000L).withLoss(LossProfile.bernoulli(0.03))
                .withBandwidthBitsPerSec(50_000_000L).withQueueBytes(512 * 1024);
        Topology wan = Topology.builder("chain3").site("a").site("b").site("c")
                .bidirectionalLink("a", "b", lossy).bidirectionalLink("b", "c", lossy).bidirectionalLink("a", "c", lossy)
                .build();
        Map<String, SimpleMeterRegistry> registries = new ConcurrentHashMap<>();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            List<GcsNode> nodes = new ArrayList<>();
            Map<MemberId, SequenceChecker> checkers = new ConcurrentHashMap<>();
            for (String site : List.of("a", "b", "c")) {
                SimpleMeterRegistry registry = registries.computeIfAbsent(site, s -> new SimpleMeterRegistry());
                for (int i = 1; i <= 2; i++) {
                    GcsNode node = cluster.start(site, site + i, b -> b.wanPipelineHook(LinkEmulation.of(wan, 11)).meterRegistry(registry)
                            .treeStrategy("fixed:a-b,b-c").wanTransport("hop-by-hop")
                            .hopEndToEndRepair(false, Duration.ofSeconds(5)));
                    SequenceChecker checker = new SequenceChecker();
                    checkers.put(node.self(), checker);
                    node.onMessage(checker::accept);
                    nodes.add(node);
                }
            }
            nodes.forEach(n -> n.join(GROUP));
            await().atMost(Duration.ofSeconds(20)).until(() -> nodes.stream()
                    .allMatch(n -> n.view(GROUP).map(v -> v.size() == nodes.size()).orElse(false)));

            LoopbackCluster.sendFromEach(nodes, GROUP, PER_SENDER);
            long expectedPerReceiver = (long) PER_SENDER * nodes.size();
            await().atMost(Duration.ofSeconds(120)).until(() -> checkers.values().stream()
                    .allMatch(c -> c.delivered() >= expectedPerReceiver));
            for (GcsNode node : nodes) {
                assertThat(node.awaitStable(Duration.ofSeconds(30))).as("all stable at " + node.self()).isTrue();
            }
            for (Map.Entry<MemberId, SequenceChecker> e : checkers.entrySet()) {
                assertThat(e.getValue().problems()).as("problems at " + e.getKey()).isEmpty();
                assertThat(e.getValue().delivered()).as("deliveries at " + e.getKey()).isEqualTo(expectedPerReceiver);
            }
            for (SimpleMeterRegistry registry : registries.values()) {
                assertThat(sum(registry, "gcs.flow.naks.sent")).as("the end-to-end repair is off").isZero();
            }
            // the meters are refreshed with the status snapshots: wait for the next one
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                SimpleMeterRegistry relay = registries.get("b");
                assertThat(relay.find("gcs.hop.window").tag("peer", "a").gauge()).as("b's link to a").isNotNull();
                assertThat(relay.find("gcs.hop.window").tag("peer", "c").gauge()).as("b's link to c").isNotNull();
                assertThat(relay.find("gcs.hop.window").tag("peer", "a").gauge().value()).isPositive();
                assertThat(relay.find("gcs.hop.backup.occupancy").gauge().value()).as("b keeps what it relayed")
                        .isPositive();
                assertThat(relay.find("gcs.hop.input.occupancy").tag("peer", "c").gauge()).isNotNull();
                assertThat(relay.find("gcs.hop.output.occupancy").tag("peer", "c").gauge()).isNotNull();
                double linkRetransmits = 0;
                for (SimpleMeterRegistry registry : registries.values()) {
                    linkRetransmits += sum(registry, "gcs.hop.retransmits");
                }
                assertThat(linkRetransmits).as("the emulated loss was repaired on the links").isPositive();
            });
            assertThat(registries.get("a").find("gcs.hop.window").tag("peer", "c").gauge())
                    .as("a and c are not neighbours in the fixed tree").isNull();
        }
    }

    private static double sum(SimpleMeterRegistry registry, String name) {
        double total = 0;
        for (Meter meter : registry.find(name).meters()) {
            for (var measurement : meter.measure()) {
                total += measurement.getValue();
            }
        }
        return total;
    }
}
