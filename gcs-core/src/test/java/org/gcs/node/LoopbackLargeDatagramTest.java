package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.junit.jupiter.api.Test;

/**
 * Datagrams as large as {@code max.datagram.bytes} allows cross real sockets whole: Netty's default receive buffer
 * (2048 bytes) had cut every larger datagram, so with 8 000-byte datagrams nothing arrived.
 */
class LoopbackLargeDatagramTest {
    private static final int DATAGRAM_BYTES = 8_000;

    @Test
    void shouldDeliverMessagesInEightThousandByteDatagrams() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1", b -> b.maxDatagramBytes(DATAGRAM_BYTES));
            GcsNode b = cluster.start("b", "b1", c -> c.maxDatagramBytes(DATAGRAM_BYTES));
            List<GroupMessage> atB = new CopyOnWriteArrayList<>();
            b.onMessage(atB::add);
            a.join("g");
            b.join("g");
            await().atMost(Duration.ofSeconds(10)).until(() -> a.view("g").map(v -> v.size() == 2).orElse(false)
                    && b.view("g").map(v -> v.size() == 2).orElse(false));
            int[] sizes = {7_000, 7_500, 30_000, 100};
            for (int i = 0; i < sizes.length; i++) {
                byte[] payload = new byte[sizes[i]];
                Arrays.fill(payload, (byte) i);
                a.send("g", payload);
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> atB.size() == sizes.length);
            for (int i = 0; i < sizes.length; i++) {
                byte[] expected = new byte[sizes[i]];
                Arrays.fill(expected, (byte) i);
                assertThat(atB.get(i).payload()).as("message %d", i).isEqualTo(expected);
            }
        }
    }
}
