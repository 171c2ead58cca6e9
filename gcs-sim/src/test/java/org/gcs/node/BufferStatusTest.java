package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.gcs.GcsNode;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;
import org.junit.jupiter.api.Test;
import org.gcs.emulator.LinkEmulation;

/**
 * A node exposes its unstable bytes, its send window and (as delegate) its retransmit buffer; all three stay within
 * the configured window while a slow link keeps messages unacknowledged, and the buffers empty once everything is
 * stable.
 */
class BufferStatusTest {
    private static final long WINDOW_BYTES = 16 * 1024;
    private static final int MESSAGE_BYTES = 1000;

    @Test
    void shouldShowUnstableBytesAndRetransmitBufferWithinTheWindow() throws Exception {
        LinkProfile far = LinkProfile.IDEAL.withOneWayDelayNs(100_000_000L);
        Topology wan = Topology.builder("far2").site("a").site("b").bidirectionalLink("a", "b", far).build();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1", c -> c.wanPipelineHook(LinkEmulation.of(wan, 1)).sendWindowBytes(WINDOW_BYTES));
            GcsNode b = cluster.start("b", "b1", c -> c.wanPipelineHook(LinkEmulation.of(wan, 1)));
            assertThat(a.sendWindowBytes()).isPositive().isLessThanOrEqualTo(WINDOW_BYTES);
            a.join("g");
            b.join("g");
            await().atMost(Duration.ofSeconds(10)).until(() -> a.view("g").map(v -> v.size() == 2).orElse(false));

            List<CompletableFuture<Void>> sends = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                sends.add(a.sendAsync("g", new byte[MESSAGE_BYTES]).toCompletableFuture());
            }
            await("messages wait for acknowledgements over the 200 ms round trip").atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(20))
                    .untilAsserted(() -> {
                        assertThat(a.unstableBytes()).isPositive().isLessThanOrEqualTo(WINDOW_BYTES);
                        assertThat(a.retransmitBufferPackets()).isPositive()
                                .isLessThanOrEqualTo((int) (WINDOW_BYTES / MESSAGE_BYTES));
                        assertThat(a.sendWindowBytes()).isPositive().isLessThanOrEqualTo(WINDOW_BYTES);
                    });
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).get();
            assertThat(a.awaitStable(Duration.ofSeconds(20))).isTrue();
            await("the buffers empty").atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                assertThat(a.unstableBytes()).isZero();
                assertThat(a.retransmitBufferPackets()).isZero();
            });
            assertThat(b.retransmitBufferPackets()).as("b sent nothing").isZero();
            assertThat(b.unstableBytes()).isZero();
        }
    }
}
