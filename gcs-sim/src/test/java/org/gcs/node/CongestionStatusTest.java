package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.gcs.FlowStatus;
import org.gcs.GcsNode;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.emulator.Topology;
import org.junit.jupiter.api.Test;
import org.gcs.emulator.LinkEmulation;

/** A sending delegate exposes its group's congestion state through the API and as meters. */
class CongestionStatusTest {

    @Test
    void shouldExposeAllowedRateLimitingSiteRttLossAndSenderShares() throws Exception {
        LinkProfile lossy = LinkProfile.IDEAL.withOneWayDelayNs(10_000_000L).withLoss(LossProfile.bernoulli(0.03))
                .withBandwidthBitsPerSec(20_000_000L).withQueueBytes(256 * 1024);
        Topology wan = Topology.builder("lossy2").site("a").site("b").bidirectionalLink("a", "b", lossy).build();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1", b -> b.wanPipelineHook(LinkEmulation.of(wan, 3)).meterRegistry(registry));
            GcsNode b = cluster.start("b", "b1", c -> c.wanPipelineHook(LinkEmulation.of(wan, 3)));
            a.join("g");
            b.join("g");
            await().atMost(Duration.ofSeconds(10)).until(() -> a.view("g").map(v -> v.size() == 2).orElse(false));
            for (int i = 0; i < 400; i++) {
                a.send("g", new byte[1000]);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> a.flows().stream()
                    .anyMatch(f -> f.limitingSite().isPresent()));
            FlowStatus flow = a.flows().get(0);
            assertThat(flow.site()).isEqualTo("a");
            assertThat(flow.group()).isEqualTo("g");
            assertThat(flow.limitingSite()).contains("b");
            assertThat(flow.allowedRateBytesPerSec()).isFinite().isPositive();
            FlowStatus.Receiver receiver = flow.limitingReceiver().orElseThrow();
            assertThat(receiver.rttMs()).isGreaterThan(15);
            assertThat(flow.controller()).isEqualTo("tfrc");
            assertThat(flow.congestionMeasure()).isEqualTo("lossEventRate");
            assertThat(receiver.congestion()).isPositive();
            assertThat(receiver.feedback("acceptableRateBytesPerSec")).isPositive();
            assertThat(flow.senders()).extracting(FlowStatus.Sender::member).containsExactly("a1");
            assertThat(b.flows()).allSatisfy(f -> assertThat(f.site()).isEqualTo("b"));
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                assertThat(registry.find("gcs.cc.rate.allowed").tag("group", "g").tag("controller", "tfrc").gauge())
                        .isNotNull();
                assertThat(registry.find("gcs.cc.congestion.loss.event.rate").tag("peer", "b")
                        .tag("controller", "tfrc").gauge().value()).isPositive();
                assertThat(registry.find("gcs.cc.feedback.acceptable.rate").tag("peer", "b").gauge().getId()
                        .getBaseUnit()).isEqualTo("bytes.per.second");
                assertThat(registry.find("gcs.cc.rtt").tag("group", "g").tag("peer", "b").gauge().value())
                        .isGreaterThan(0.015);
                assertThat(registry.find("gcs.cc.limiting").tag("peer", "b").gauge().value()).isEqualTo(1.0);
                assertThat(registry.find("gcs.cc.sender.grant").tag("sender", "a1").gauge()).isNotNull();
            });
        }
    }
}
