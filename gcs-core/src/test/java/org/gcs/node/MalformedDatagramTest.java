package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.internal.node.NettyJGroupsNode;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.junit.jupiter.api.Test;

/** Hostile datagrams at a delegate's WAN socket are counted by reason and dropped; the node keeps working. */
class MalformedDatagramTest {

    @Test
    void shouldCountAndDropBadDatagramsAndKeepDelivering() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster();
             DatagramSocket attacker = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            GcsNode a = cluster.start("a", "a1", b -> b.meterRegistry(registry));
            GcsNode b = cluster.start("b", "b1");
            List<GroupMessage> atA = new CopyOnWriteArrayList<>();
            a.onMessage(atA::add);
            a.join("g");
            b.join("g");
            await().atMost(Duration.ofSeconds(10)).until(() -> a.view("g").map(v -> v.size() == 2).orElse(false));
            InetSocketAddress target = a.wanAddress();

            WanEnvelope sync = new WanEnvelope("b", 1, new WanPacket.Sync("b", "g", 1, 1, 0));
            byte[] valid = new WanCodec(LoopbackCluster.KEY.getBytes(StandardCharsets.UTF_8)).encode(sync);
            byte[] wrongKey = new WanCodec("another-cluster-key-0123456789abcdef".getBytes(StandardCharsets.UTF_8)).encode(sync);
            byte[] flipped = valid.clone();
            flipped[flipped.length - 20] ^= 0x40;
            byte[] cutShort = Arrays.copyOf(valid, valid.length - 7);
            byte[] garbage = "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
            for (byte[] bad : List.of(wrongKey, flipped, cutShort, garbage, new byte[0], new byte[] {0x47})) {
                attacker.send(new DatagramPacket(bad, bad.length, target));
            }

            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                assertThat(dropped(registry, "bad-hmac")).isEqualTo(2);
                assertThat(dropped(registry, "truncated")).as("cut short, empty, one byte").isEqualTo(3);
                assertThat(dropped(registry, "bad-magic")).as("not a GCS datagram").isEqualTo(1);
            });
            b.send("g", "still alive".getBytes(StandardCharsets.UTF_8));
            await().atMost(Duration.ofSeconds(10)).until(() -> atA.stream()
                    .anyMatch(m -> new String(m.payload(), StandardCharsets.UTF_8).equals("still alive")));
            assertThat(a.isDelegate()).isTrue();
        }
    }

    private static double dropped(SimpleMeterRegistry registry, String reason) {
        Counter counter = registry.find("gcs.wan.datagrams.dropped").tag("reason", reason).counter();
        return counter == null ? 0 : counter.count();
    }
}
