package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.testcontainers.PartitionChecks.MESSAGES_PER_SECOND;
import static org.gcs.testcontainers.PartitionChecks.await;
import static org.gcs.testcontainers.PartitionChecks.name;
import static org.gcs.testcontainers.PartitionChecks.seconds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * A member that stands still long enough to be suspected but not excluded (docs/architecture.md §7, the thaw): two
 * sites of two nodes ({@link Sites}) send check messages at {@value PartitionChecks#MESSAGES_PER_SECOND}/s; site1-2,
 * not a delegate, is stopped with SIGSTOP for {@value #STOP_MS} ms, past the 3 s after which its driver reports a
 * stall, short of the LAN's failure detection (3 s of silence, then 0.5 s of verification; the node's own traffic
 * kept its silence short of that until the stop).
 *
 * <p>Checked: nobody excludes it (every view keeps four members); it logs that its LAN view still lists it, within
 * {@value #RELEASE_WITHIN_S} s of the SIGCONT (it asks its site about 2 s after it noticed the stall; before the probe
 * it held its own messages for 30 s); every node then has every node's messages, once and in order.
 */
@Testcontainers(disabledWithoutDocker = true)
class StalledMemberIT {
    private static final int MESSAGES_PER_SENDER = 2_000;
    private static final long STOP_MS = 3_200;
    private static final int RELEASE_WITHIN_S = 8;
    private static final String RELEASED = "still lists it after it stood still";

    private final PartitionChecks timeline = new PartitionChecks("StalledMemberIT");

    /** Keeps every node's output in {@code target/stalled-member/}, for a run that failed. */
    private void keepOutput(Sites sites) {
        try {
            Path dir = Path.of("target", "stalled-member");
            Files.createDirectories(dir);
            for (GcsContainer node : sites.nodes) {
                Files.writeString(dir.resolve(node.memberName() + ".out"), node.getLogs());
            }
            timeline.log("output of every node in " + dir.toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aMemberSuspectedButNotExcludedSendsAgainOnceItsSiteConfirmsIt() {
        try (Sites sites = Sites.start(84, 2, 2,
                n -> n.withCheckTraffic(MESSAGES_PER_SECOND, MESSAGES_PER_SENDER, 4))) {
            GcsContainer stalled = sites.nodes.get(1);
            boolean passed = false;
            try {
                await("every node sends", Duration.ofMinutes(2))
                        .until(() -> sites.nodes.stream().allMatch(n -> Sites.sent(n) >= MESSAGES_PER_SECOND));
                List<Integer> viewLinesBefore = sites.nodes.stream().map(n -> Sites.viewLines(n).size()).toList();
                sites.freeze(stalled);
                long stoppedNs = System.nanoTime();
                await("the stop lasts " + STOP_MS + " ms", Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                        .until(() -> System.nanoTime() - stoppedNs >= STOP_MS * 1_000_000L);
                sites.thaw(stalled);
                long thawNs = System.nanoTime();
                timeline.log(String.format("SIGSTOP %s for %.2f s", name(stalled), seconds(thawNs - stoppedNs)));

                await("site1-2 reports that its site still counts it", Duration.ofSeconds(RELEASE_WITHIN_S))
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> stalled.getLogs().contains(RELEASED));
                timeline.log(String.format("released %.1f s after the SIGCONT: %s", seconds(System.nanoTime() - thawNs),
                        stalled.getLogs().lines().filter(l -> l.contains(RELEASED)).findFirst().orElse("")));
                List<Long> sentAfter = sites.nodes.stream().map(n -> Sites.sent(n) + 2L * MESSAGES_PER_SECOND).toList();
                await("every node has every node's messages", Duration.ofMinutes(2)).untilAsserted(() -> {
                    for (int i = 0; i < sites.nodes.size(); i++) {
                        assertThat(Sites.sent(sites.nodes.get(i))).as("sent by %s", name(sites.nodes.get(i)))
                                .isGreaterThanOrEqualTo(sentAfter.get(i));
                    }
                    for (GcsContainer receiver : sites.nodes) {
                        String line = receiver.lastStatusLine().orElse("");
                        assertThat(Sites.view(line)).as("nobody excluded: %s", line).isEqualTo("4/2");
                        assertThat(Sites.field(line, "dup")).as("duplicates: %s", line).isEqualTo("0");
                        assertThat(Sites.field(line, "ooo")).as("out of order: %s", line).isEqualTo("0");
                        for (int i = 0; i < sites.nodes.size(); i++) {
                            PartitionChecks.assertComplete(line, sites.nodes.get(i), receiver, sentAfter.get(i),
                                    "after the stall");
                        }
                    }
                });
                for (int i = 0; i < sites.nodes.size(); i++) {
                    assertThat(Sites.viewLines(sites.nodes.get(i))).as("no view change at %s after the stop",
                            name(sites.nodes.get(i))).hasSize(viewLinesBefore.get(i));
                }
                passed = true;
            } finally {
                if (!passed) {
                    keepOutput(sites);
                }
            }
        }
    }
}
