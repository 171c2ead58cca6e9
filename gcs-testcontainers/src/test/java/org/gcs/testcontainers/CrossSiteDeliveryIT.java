package org.gcs.testcontainers;

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
                    .untilAsserted(() -> sites.assertEveryNodeHasEveryMessageOnceInOrder(
                            node -> MESSAGES_PER_SENDER));
        }
    }
}
