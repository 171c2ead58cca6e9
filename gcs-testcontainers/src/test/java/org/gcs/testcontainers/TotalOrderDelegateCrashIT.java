package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.testcontainers.PartitionChecks.await;
import static org.gcs.testcontainers.PartitionChecks.name;
import static org.gcs.testcontainers.PartitionChecks.seconds;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gcs.order.DeliveryLog;
import org.gcs.order.OrderChecker;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * {@link DelegateCrashIT} in a {@code total} group (docs/architecture.md §12): three sites of two nodes
 * ({@link Sites}) with {@code order = total}; every node sends {@value #MESSAGES_PER_SENDER} check messages at
 * 20/s once the agreed view lists all six; site1's delegate (its first member, the first node started) is killed
 * ({@code docker kill}) once it has sent 60 and delivered some in the total order (a member starved of CPU at the
 * start holds every delivery back until it acknowledges: the kill must not come before the first one).
 *
 * <p>Checked: site1-2 becomes site1's delegate; every survivor delivers every survivor's
 * {@value #MESSAGES_PER_SENDER} messages exactly once and in per-sender order (the status lines, and the delivery
 * logs); the agreed views of the survivors list five members; {@link OrderChecker} over the six delivery logs, the
 * killed node's included (copied out of its stopped container, valid up to its death), finds no violation: one
 * order, no gap, each sender's order, view synchrony.
 */
@Testcontainers(disabledWithoutDocker = true)
class TotalOrderDelegateCrashIT {
    private static final int MESSAGES_PER_SENDER = 200;
    private static final int SENT_BEFORE_KILL = 60;
    private static final int DELIVERED_BEFORE_KILL = 20;

    private final TotalOrderChecks checks = new TotalOrderChecks("TotalOrderDelegateCrashIT");

    @Test
    void survivorsDeliverEverySurvivorsMessagesOnceInOneOrderWhenTheSequencersDelegateDies() {
        try (Sites sites = Sites.start(81, 3, 2, TotalOrderChecks.totalOrder(20, MESSAGES_PER_SENDER, 6))) {
            GcsContainer delegate = sites.nodes.get(0);
            GcsContainer successor = sites.nodes.get(1);
            List<GcsContainer> survivors = sites.nodes.stream().filter(n -> n != delegate).toList();
            boolean passed = false;
            try {
                await("site1's delegate sends and delivers in the total order", Duration.ofMinutes(2))
                        .until(() -> {
                            String line = delegate.lastStatusLine().orElse("");
                            return line.contains("delegate=yes") && Sites.sent(line) >= SENT_BEFORE_KILL
                                    && delivered(line) >= DELIVERED_BEFORE_KILL;
                        });
                String lastLine = delegate.lastStatusLine().orElse("");
                sites.kill(delegate);
                long killedNs = System.nanoTime();
                checks.log("killed " + name(delegate) + " after it sent " + Sites.sent(lastLine) + " and delivered "
                        + delivered(lastLine));
                await("survivors have every survivor's message", Duration.ofMinutes(3)).untilAsserted(() -> {
                    assertThat(successor.lastStatusLine().orElse("")).contains("delegate=yes");
                    for (GcsContainer node : survivors) {
                        String line = node.lastStatusLine().orElse("");
                        assertThat(Sites.field(line, "dup")).as("duplicates: %s", line).isEqualTo("0");
                        assertThat(Sites.view(line)).as("the agreed view without the killed node: %s", line)
                                .isEqualTo("5/3");
                        for (GcsContainer sender : survivors) {
                            assertThat(Sites.receivedFrom(node, name(sender)))
                                    .as("from %s at %s: %s", sender.memberName(), node.memberName(), line)
                                    .isEqualTo(MESSAGES_PER_SENDER + "/" + MESSAGES_PER_SENDER);
                        }
                    }
                });
                checks.log(String.format("every survivor has every survivor's %d messages, %.1f s after the kill",
                        MESSAGES_PER_SENDER, seconds(System.nanoTime() - killedNs)));
                for (GcsContainer node : survivors) {
                    assertThat(Sites.field(node, "ooo")).as("out of order at %s", name(node)).isEqualTo("0");
                }

                Map<GcsContainer, DeliveryLog> logs = checks.copyLogs(sites);
                checks.log("messages delivered per node (logs): " + survivorsAndKilled(logs, sites));
                checks.assertAgreedOrder(logs);
                TotalOrderChecks.assertEveryMessageOnce(logs, survivors, survivors, MESSAGES_PER_SENDER);
                assertThat(TotalOrderChecks.messages(logs, delegate)).as("the killed node's log, up to its death")
                        .isPositive();
                passed = true;
            } finally {
                if (!passed) {
                    checks.keepOutput(sites);
                }
            }
        }
    }

    /** @return the {@code delivered} count of a status line, 0 if it has none */
    private static long delivered(String statusLine) {
        String value = Sites.field(statusLine, "delivered");
        return value.isEmpty() ? 0 : Long.parseLong(value);
    }

    private static String survivorsAndKilled(Map<GcsContainer, DeliveryLog> logs, Sites sites) {
        StringBuilder text = new StringBuilder();
        for (GcsContainer node : sites.nodes) {
            text.append(text.isEmpty() ? "" : ", ").append(node.memberName()).append('=')
                    .append(TotalOrderChecks.messages(logs, node));
        }
        return text.toString();
    }
}
