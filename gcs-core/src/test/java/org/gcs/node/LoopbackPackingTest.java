package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.epoll.Epoll;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.gcs.GcsNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Batching on every hop over real sockets and real JGroups clusters, on either WAN socket transport: a burst of small
 * messages from one member reaches every member of both sites exactly once and in order, while the sending site's
 * delegate packs several packets per WAN datagram and the members bundle several GCS messages per JGroups message.
 */
class LoopbackPackingTest {
    private static final String GROUP = "g";
    private static final int MESSAGES = 5_000;
    private static final int PAYLOAD_BYTES = 100;

    @ParameterizedTest
    @ValueSource(strings = {"nio", "epoll"})
    void shouldPackAndBundleABurstAndDeliverItExactlyOnceInOrder(String wanIo) throws Exception {
        Assumptions.assumeTrue(!wanIo.equals("epoll") || Epoll.isAvailable(), "epoll is not available here");
        MeterRegistry siteA = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a1 = cluster.start("a", "a1", b -> b.wanIo(wanIo).meterRegistry(siteA));
            GcsNode a2 = cluster.start("a", "a2", b -> b.wanIo(wanIo).meterRegistry(siteA));
            GcsNode b1 = cluster.start("b", "b1", b -> b.wanIo(wanIo));
            GcsNode b2 = cluster.start("b", "b2", b -> b.wanIo(wanIo));
            List<GcsNode> all = List.of(a1, a2, b1, b2);
            List<SequenceChecker> checkers = new ArrayList<>();
            for (GcsNode node : all) {
                SequenceChecker checker = new SequenceChecker();
                node.onMessage(checker::accept);
                checkers.add(checker);
                node.join(GROUP);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> all.stream()
                    .allMatch(n -> n.view(GROUP).map(v -> v.size() == 4).orElse(false)));

            List<CompletableFuture<Void>> sends = new ArrayList<>();
            for (int i = 1; i <= MESSAGES; i++) {
                byte[] payload = ByteBuffer.allocate(PAYLOAD_BYTES).putLong(i).array();
                sends.add(a2.sendAsync(GROUP, payload).toCompletableFuture());
            }
            CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> checkers.stream().allMatch(c -> c.delivered() >= MESSAGES));

            for (SequenceChecker checker : checkers) {
                assertThat(checker.problems()).isEmpty();
                assertThat(checker.delivered()).isEqualTo(MESSAGES);
            }
            double packets = count(siteA, "gcs.wan.packets.sent", "a1");
            double datagrams = count(siteA, "gcs.wan.datagrams.sent", "a1");
            assertThat(packets).as("WAN packets from a's delegate").isGreaterThanOrEqualTo(MESSAGES);
            assertThat(datagrams).as("WAN datagrams from a's delegate: several packets each").isLessThan(packets / 2);
            double lanMessages = count(siteA, "gcs.lan.messages.sent", "a2");
            double lanSends = count(siteA, "gcs.lan.sends", "a2");
            assertThat(lanMessages).isGreaterThanOrEqualTo(MESSAGES);
            assertThat(lanSends).as("JGroups messages from the sender: several GCS messages each")
                    .isLessThan(lanMessages / 2);
        }
    }

    private static double count(MeterRegistry registry, String name, String member) {
        return registry.get(name).tag("member", member).counter().count();
    }
}
