package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * Three sites of two nodes each ({@link Sites}); every node sends 100 check messages once the group has all six
 * members. Every node must receive all 600 exactly once and in per-sender order.
 */
@Testcontainers(disabledWithoutDocker = true)
class CrossSiteDeliveryIT {
    private static final int MESSAGES_PER_SENDER = 100;

    @Test
    void everyMemberReceivesEverythingOnceInPerSenderOrder() {
        try (Sites sites = Sites.start(77, 3, 2, n -> n.withCheckTraffic(20, MESSAGES_PER_SENDER, 6))) {
            Awaitility.await("every node has every message").atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofSeconds(1))
                    .untilAsserted(() -> {
                        for (GcsContainer node : sites.nodes) {
                            String line = node.lastStatusLine().orElse("");
                            assertThat(Sites.field(node, "dup")).as("duplicates: %s", line).isEqualTo("0");
                            assertThat(Sites.field(node, "ooo")).as("out of order: %s", line).isEqualTo("0");
                            for (GcsContainer sender : sites.nodes) {
                                assertThat(Sites.receivedFrom(node, sender.site() + "/" + sender.memberName()))
                                        .as("from %s at %s: %s", sender.memberName(), node.memberName(), line)
                                        .isEqualTo(MESSAGES_PER_SENDER + "/" + MESSAGES_PER_SENDER);
                            }
                        }
                    });
        }
    }
}
