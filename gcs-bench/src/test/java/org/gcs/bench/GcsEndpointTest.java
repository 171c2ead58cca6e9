package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import org.gcs.GcsConfig;
import org.junit.jupiter.api.Test;

class GcsEndpointTest {

    @Test
    void shouldConfigureANodeLikeTheDemoOnLoopbackWithOverridesApplied() {
        BenchSettings settings = new BenchSettings(List.of(Scenario.CROSS_SITE_THROUGHPUT), 1, -1, -1, -1, 1000, 2000,
                false, null, false, List.of(), Duration.ofSeconds(30), List.of(),
                List.of("send.window.bytes=4MB", "congestion.control=none"), false, 0);
        NodeSpec b2 = RunPlan.create(Scenario.CROSS_SITE_THROUGHPUT, BenchSystem.GCS, settings).nodes().get(3);

        GcsConfig config = new GcsEndpoint(b2).config();

        assertThat(config.site()).isEqualTo("site-b");
        assertThat(config.memberName()).isEqualTo("b2");
        assertThat(config.wanBindHost()).isEqualTo("127.0.0.1");
        assertThat(config.wanBindPort()).isEqualTo(b2.wanPort());
        assertThat(config.seeds()).extracting(InetSocketAddress::getPort).containsExactlyElementsOf(b2.seedPorts());
        assertThat(config.lan().bindAddress()).contains("127.0.0.1");
        assertThat(config.lan().mcastPortFor("site-b")).isEqualTo(b2.mcastPort());
        assertThat(config.lan().clusterNameFor("site-b")).isEqualTo(b2.lanClusterName("gcs"));
        assertThat(config.lan().joinTimeout()).isEqualTo(Duration.ofMillis(JGroupsStacks.LAN_JOIN_TIMEOUT_MS));
        assertThat(config.heartbeatInterval()).isEqualTo(Duration.ofMillis(500));
        assertThat(config.wanPipelineHook()).isEmpty();
        assertThat(config.sendWindowBytes()).isEqualTo(4L << 20);
        assertThat(config.congestionControl()).isEqualTo("none");
    }

    @Test
    void shouldKeepEveryDefaultButTheLoopbackDatagramSizeWithoutOverrides() {
        BenchSettings settings = new BenchSettings(List.of(Scenario.LAN_THROUGHPUT), 1, -1, -1, -1, 1000, 2000,
                false, null, false, List.of(), Duration.ofSeconds(30), List.of(), List.of(), false, 256);
        NodeSpec a1 = RunPlan.create(Scenario.LAN_THROUGHPUT, BenchSystem.GCS, settings).nodes().get(0);

        GcsConfig config = new GcsEndpoint(a1).config();
        GcsConfig defaults = GcsConfig.builder().site("x").clusterKey("0123456789abcdef").build();

        assertThat(config.congestionControl()).isEqualTo(defaults.congestionControl());
        assertThat(config.sendWindowBytes()).isEqualTo(defaults.sendWindowBytes());
        assertThat(config.maxDatagramBytes()).as("sized for the loopback 'WAN', not the default")
                .isEqualTo(GcsEndpoint.LOOPBACK_DATAGRAM_BYTES).isNotEqualTo(defaults.maxDatagramBytes());
        assertThat(config.seeds()).isEmpty();
    }

    @Test
    void shouldKeepSendsInFlightWithinTwoMegabytesOfPayload() {
        assertThat(new GcsEndpoint(sender(1000, 256)).sendsInFlight()).isEqualTo(256);
        assertThat(new GcsEndpoint(sender(100, 256)).sendsInFlight()).as("a count, whatever the size").isEqualTo(256);
        assertThat(new GcsEndpoint(sender(100, 100_000)).sendsInFlight()).isEqualTo((2 << 20) / 100);
        assertThat(new GcsEndpoint(sender(60_000, 256)).sendsInFlight()).isEqualTo((2 << 20) / 60_000);
        assertThat(new GcsEndpoint(sender(1000, 0)).sendsInFlight()).isZero();
    }

    private static NodeSpec sender(int messageBytes, int sendsInFlight) {
        return new NodeSpec(BenchSystem.GCS, "r", List.of("site-a"), "site-a", "a2", 2, true, false, "239.7.9.9",
                40_000, 0, List.of(), List.of(), 0, "00", messageBytes, 0, 0, 1, 0, List.of(), sendsInFlight, false);
    }
}
