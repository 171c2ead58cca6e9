package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.gcs.ClusterKeys;
import org.gcs.GcsNode;
import org.junit.jupiter.api.Test;

/**
 * Key rotation without a restart over real sockets, with traffic flowing in both directions during every step: both
 * accept keys 1 and 2 while sending with 1, then both send with 2, then key 1 is removed. Every message arrives
 * exactly once, in order, and an old key's datagram is refused once the key is gone.
 */
class LoopbackKeyRotationTest {
    private static final byte[] KEY_1 = "rotation-test-key-one-0123456789abc".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_2 = "rotation-test-key-two-9876543210xyz".getBytes(StandardCharsets.US_ASCII);
    private static final int PER_BATCH = 60;

    @Test
    void shouldRotateKeysWithoutLossOrDuplicates() throws Exception {
        SimpleMeterRegistry registryB = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            ClusterKeys onlyOne = ClusterKeys.of(Map.of(1, KEY_1), 1);
            GcsNode a = cluster.start("a", "a1", b -> b.clusterKeys(onlyOne));
            GcsNode b = cluster.start("b", "b1", c -> c.clusterKeys(onlyOne).meterRegistry(registryB));
            SequenceChecker atA = new SequenceChecker();
            SequenceChecker atB = new SequenceChecker();
            a.onMessage(atA::accept);
            b.onMessage(atB::accept);
            a.join("g");
            b.join("g");
            await().atMost(Duration.ofSeconds(60)).until(() -> a.view("g").map(v -> v.size() == 2).orElse(false)
                    && b.view("g").map(v -> v.size() == 2).orElse(false));

            List<Runnable> steps = List.of(
                    () -> {
                        ClusterKeys both = ClusterKeys.of(Map.of(1, KEY_1, 2, KEY_2), 1);
                        b.updateKeys(both);
                        a.updateKeys(both);
                    },
                    () -> {
                        ClusterKeys sendTwo = ClusterKeys.of(Map.of(1, KEY_1, 2, KEY_2), 2);
                        a.updateKeys(sendTwo);
                        b.updateKeys(sendTwo);
                    },
                    () -> {
                        ClusterKeys onlyTwo = ClusterKeys.of(Map.of(2, KEY_2), 2);
                        a.updateKeys(onlyTwo);
                        b.updateKeys(onlyTwo);
                    });
            long expected = 0;
            for (Runnable step : steps) {
                CompletableFuture<Void> traffic = CompletableFuture.runAsync(() -> {
                    try {
                        LoopbackCluster.sendFromEach(List.of(a, b), "g", PER_BATCH);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                step.run();
                traffic.get();
                expected += 2L * PER_BATCH;
                long batchTotal = expected;
                await().atMost(Duration.ofSeconds(60)).until(() -> atA.delivered() == batchTotal
                        && atB.delivered() == batchTotal);
            }
            LoopbackCluster.sendFromEach(List.of(a, b), "g", PER_BATCH); // key 2 alone
            long total = expected + 2L * PER_BATCH;
            await().atMost(Duration.ofSeconds(60)).until(() -> atA.delivered() == total && atB.delivered() == total);
            assertThat(a.awaitStable(Duration.ofSeconds(60))).isTrue();
            assertThat(b.awaitStable(Duration.ofSeconds(60))).isTrue();

            assertThat(atA.problems()).as("duplicates, gaps or reordering at a").isEmpty();
            assertThat(atB.problems()).as("duplicates, gaps or reordering at b").isEmpty();
            assertThat(atA.delivered()).isEqualTo(total);
            assertThat(atB.delivered()).isEqualTo(total);
            assertThat(a.view("g").orElseThrow().size()).isEqualTo(2);
            Counter badMac = registryB.find("gcs.wan.datagrams.dropped").tag("reason", "bad-hmac").counter();
            assertThat(badMac.count()).as("no datagram authenticated under the wrong key").isZero();
        }
    }
}
