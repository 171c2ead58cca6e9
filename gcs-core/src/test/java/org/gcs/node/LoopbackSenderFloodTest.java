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
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.ClusterKeys;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.WanProtection;
import org.gcs.internal.wire.ReplayGuard;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.junit.jupiter.api.Test;

/**
 * Issue 33, item 5, on real sockets: a key holder fills site b's replay table with {@value #FLOOD_SENDERS} sender ids,
 * and site a's delegate dies meanwhile, so that another member of a takes over (with a sender id of its own). The new
 * delegate must get in at once and every message whose {@code send} returned must reach b. With a table that refused every newcomer while full
 * of live windows, the new delegate was refused ({@code too-many-senders}) for as long as the flood's windows lived,
 * took b's silence for a one-way link, and its messages never reached b.
 */
class LoopbackSenderFloodTest {
    private static final String G = "g";
    private static final int FLOOD_SENDERS = 5_000;
    private static final int MESSAGES = 200;
    private static final int SLACK = 256;

    @Test
    void shouldAdmitARestartedDelegateWhileAKeyHolderFloodsSenderIds() throws Exception {
        SimpleMeterRegistry registryB = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster();
             DatagramSocket attacker = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            GcsNode a1 = cluster.start("a", "a1");
            GcsNode a2 = cluster.start("a", "a2");
            GcsNode b = cluster.start("b", "b1", c -> c.meterRegistry(registryB));
            List<GroupMessage> atB = new CopyOnWriteArrayList<>();
            b.onMessage(atB::add);
            for (GcsNode n : List.of(a1, a2, b)) {
                n.join(G);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> a1.isDelegate()
                    && b.view(G).map(v -> v.size() == 3).orElse(false));
            InetSocketAddress bWan = new InetSocketAddress("127.0.0.1", b.wanAddress().getPort());

            flood(attacker, bWan, 1, registryB);
            assertThat(FLOOD_SENDERS - SLACK).as("the flood outnumbers the table")
                    .isGreaterThan(ReplayGuard.DEFAULT_MAX_SENDERS);

            a1.close(); // a's delegate dies while the table is full: a2 takes over, with a sender id of its own
            await().atMost(Duration.ofSeconds(30)).until(a2::isDelegate);
            flood(attacker, bWan, 2, registryB); // the flood goes on: every id again, fresh packet numbers
            await().atMost(Duration.ofSeconds(30)).until(() -> b.view(G).map(v -> v.members().stream()
                    .noneMatch(m -> m.name().equals("a1"))).orElse(false)
                    && b.view(G).map(v -> v.size() == 2).orElse(false)
                    && a2.view(G).map(v -> v.size() == 2).orElse(false));
            for (int i = 0; i < MESSAGES; i++) {
                a2.send(G, ("m" + i).getBytes(StandardCharsets.UTF_8));
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> fromA2(atB) == MESSAGES);
            assertThat(a2.awaitStable(Duration.ofSeconds(30))).isTrue();
            assertThat(fromA2(atB)).isEqualTo(MESSAGES);
        }
    }

    /**
     * Sends one authentic datagram from each of the flood's sender ids, addressed to site b, waiting every
     * {@value #SLACK} datagrams until b has received all but the last {@value #SLACK} (so that b's socket buffer does
     * not overflow).
     */
    private static void flood(DatagramSocket attacker, InetSocketAddress to, long packetNumberRound,
                              SimpleMeterRegistry registry) throws Exception {
        double receivedBefore = received(registry);
        byte[] key = LoopbackCluster.KEY.getBytes(StandardCharsets.UTF_8);
        WanEnvelope sync = new WanEnvelope("intruder", 1, new WanPacket.Sync("intruder", "other", 1, 1, 0));
        for (long senderId = 1; senderId <= FLOOD_SENDERS; senderId++) {
            WanCodec codec = new WanCodec(ClusterKeys.single(key), WanProtection.AES_GCM, 0x5eed_0000_0000L + senderId);
            byte[] datagram = null;
            for (long n = 1; n <= packetNumberRound; n++) {
                datagram = codec.encode(sync, "b", System.currentTimeMillis());
            }
            attacker.send(new DatagramPacket(datagram, datagram.length, to));
            if (senderId % SLACK == 0) {
                long sent = senderId;
                await().atMost(Duration.ofSeconds(30)).until(() -> received(registry) - receivedBefore >= sent - SLACK);
            }
        }
        await().atMost(Duration.ofSeconds(30))
                .until(() -> received(registry) - receivedBefore >= FLOOD_SENDERS - SLACK);
    }

    private static long fromA2(List<GroupMessage> messages) {
        return messages.stream().filter(m -> m.sender().name().equals("a2")).count();
    }

    private static double received(SimpleMeterRegistry registry) {
        Counter counter = registry.find("gcs.wan.datagrams.received").counter();
        return counter == null ? 0 : counter.count();
    }
}
