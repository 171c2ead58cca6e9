package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.junit.jupiter.api.Test;

class LoopbackSmokeTest {
    @Test
    void shouldDeliverAcrossTwoSitesOverRealSockets() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1");
            GcsNode a2 = cluster.start("a", "a2");
            GcsNode b = cluster.start("b", "b1");
            GcsNode b2 = cluster.start("b", "b2");
            List<GroupMessage> atB = new CopyOnWriteArrayList<>();
            b2.onMessage(atB::add);
            for (GcsNode n : List.of(a, a2, b, b2)) {
                n.join("g");
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> a2.view("g").map(v -> v.size() == 4).orElse(false)
                    && b2.view("g").map(v -> v.size() == 4).orElse(false));
            a.send("g", "hello".getBytes(StandardCharsets.UTF_8));
            await().atMost(Duration.ofSeconds(10)).until(() -> atB.size() == 1);
            assertThat(new String(atB.get(0).payload(), StandardCharsets.UTF_8)).isEqualTo("hello");
            assertThat(a.isDelegate()).isTrue();
        }
    }
}
