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

/**
 * {@code overlay.membership = swim} over real sockets (heartbeat 500 ms, site timeout 3 s): three sites form and carry
 * a group; when site a's delegate leaves, its successor (a higher term, so a higher SWIM incarnation) takes over and
 * the others deliver its messages; when site c stops, the others remove it within 3 site timeouts.
 */
class LoopbackSwimTest {
    private static final String G = "g";

    @Test
    void shouldFormFailOverAndRemoveAStoppedSiteWithSwim() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a1 = cluster.start("a", "a1", b -> b.overlayMembership("swim"));
            GcsNode a2 = cluster.start("a", "a2", b -> b.overlayMembership("swim"));
            GcsNode b1 = cluster.start("b", "b1", b -> b.overlayMembership("swim"));
            GcsNode c1 = cluster.start("c", "c1", b -> b.overlayMembership("swim"));
            List<GroupMessage> atB = new CopyOnWriteArrayList<>();
            b1.onMessage(atB::add);
            for (GcsNode n : List.of(a1, a2, b1, c1)) {
                n.join(G);
            }
            await().atMost(Duration.ofSeconds(15)).until(() -> List.of(a2, b1, c1).stream()
                    .allMatch(n -> n.view(G).map(v -> v.size() == 4).orElse(false)));
            a2.send(G, "before".getBytes(StandardCharsets.UTF_8));
            await().atMost(Duration.ofSeconds(10)).until(() -> atB.size() == 1);

            a1.close(); // a's delegate leaves: a2 takes over with a higher term
            await().atMost(Duration.ofSeconds(15)).until(() -> a2.isDelegate()
                    && List.of(b1, c1).stream().allMatch(n -> n.view(G).map(v -> v.size() == 3).orElse(false)));
            a2.send(G, "after".getBytes(StandardCharsets.UTF_8));
            await().atMost(Duration.ofSeconds(10)).until(() -> atB.size() == 2);
            assertThat(new String(atB.get(1).payload(), StandardCharsets.UTF_8)).isEqualTo("after");

            c1.close(); // c stops: SWIM's suspicion, then its removal everywhere
            long stoppedNs = System.nanoTime();
            await().atMost(Duration.ofSeconds(9)).until(() -> !b1.status().remoteSites().contains("c")
                    && !a2.status().remoteSites().contains("c"));
            assertThat((System.nanoTime() - stoppedNs) / 1e9).as("seconds to remove c").isLessThan(9);
        }
    }
}
