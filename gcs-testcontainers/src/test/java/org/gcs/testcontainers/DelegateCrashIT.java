package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * A site's delegate dies during traffic ({@code docker kill}): the site's other member becomes delegate, and every
 * message sent by a surviving member reaches every surviving member exactly once, in per-sender order — messages
 * leaving the crashed site (from its surviving member) and arriving into it alike. Three sites of two nodes
 * ({@link Sites}); every node sends 200 check messages at 20/s once the group has all six members; site1's
 * delegate (its first member) is killed once it has sent 60. Runs on both WAN transports: on {@code hop-by-hop} the
 * dead delegate's links, input and output buffers vanish with it; its neighbours' backup replay and, for what the
 * backup no longer holds, the end-to-end repair fill the gap.
 */
@Testcontainers(disabledWithoutDocker = true)
class DelegateCrashIT {
    private static final int MESSAGES_PER_SENDER = 200;

    @ParameterizedTest(name = "wan.transport = {0}")
    @ValueSource(strings = {"end-to-end", "hop-by-hop"})
    void survivorsLoseNothingWhenASiteDelegateDies(String transport) {
        try (Sites sites = Sites.start(78, 3, 2, n -> n.withCheckTraffic(20, MESSAGES_PER_SENDER, 6)
                .withSetting("wan.transport", transport))) {
            GcsContainer delegate = sites.nodes.get(0);
            GcsContainer successor = sites.nodes.get(1);
            Awaitility.await("site1's delegate sends").atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> delegate.lastStatusLine().orElse("").contains("delegate=yes")
                            && sent(delegate) >= 60);
            sites.kill(delegate);
            List<GcsContainer> survivors = sites.nodes.stream().filter(n -> n != delegate).toList();
            Awaitility.await("survivors have every survivor's message").atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofSeconds(1))
                    .untilAsserted(() -> {
                        assertThat(successor.lastStatusLine().orElse("")).contains("delegate=yes");
                        for (GcsContainer node : survivors) {
                            String line = node.lastStatusLine().orElse("");
                            assertThat(Sites.field(node, "dup")).as("duplicates: %s", line).isEqualTo("0");
                            for (GcsContainer sender : survivors) {
                                assertThat(Sites.receivedFrom(node, sender.site() + "/" + sender.memberName()))
                                        .as("from %s at %s: %s", sender.memberName(), node.memberName(), line)
                                        .isEqualTo(MESSAGES_PER_SENDER + "/" + MESSAGES_PER_SENDER);
                            }
                        }
                    });
        }
    }

    private static long sent(GcsContainer node) {
        String value = Sites.field(node, "sent");
        return value.isEmpty() ? 0 : Long.parseLong(value);
    }
}
