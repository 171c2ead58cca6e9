package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.gcs.GcsNode;
import org.gcs.WanProtection;
import org.junit.jupiter.api.Test;

/** Two sites configured with different {@code wan.protection}: the other's datagrams count as wrong-protection. */
class LoopbackProtectionMismatchTest {
    @Test
    void shouldCountTheOtherModeUnderItsOwnReasonAndNeverAsABadMac() throws Exception {
        SimpleMeterRegistry registryA = new SimpleMeterRegistry();
        SimpleMeterRegistry registryB = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1", b -> b.meterRegistry(registryA).wanProtection(WanProtection.AES_GCM));
            GcsNode b = cluster.start("b", "b1", c -> c.meterRegistry(registryB).wanProtection(WanProtection.INTEGRITY));
            a.join("g");
            b.join("g");

            // b (seeded with a's address) announces itself to a; a learns nothing from it, so never answers
            await().atMost(Duration.ofSeconds(60)).until(() -> dropped(registryA, "wrong-protection") >= 3);

            assertThat(dropped(registryA, "bad-hmac")).isZero();
            assertThat(dropped(registryB, "bad-hmac")).isZero();
            assertThat(a.view("g").orElseThrow().size()).as("b's member never joins a's view").isEqualTo(1);
            assertThat(b.view("g").orElseThrow().size()).isEqualTo(1);
        }
    }

    private static double dropped(SimpleMeterRegistry registry, String reason) {
        Counter counter = registry.find("gcs.wan.datagrams.dropped").tag("reason", reason).counter();
        return counter == null ? 0 : counter.count();
    }
}
