package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.testcontainers.PartitionChecks.await;
import static org.gcs.testcontainers.PartitionChecks.name;
import static org.gcs.testcontainers.PartitionChecks.received;
import static org.gcs.testcontainers.PartitionChecks.seconds;
import static org.gcs.testcontainers.PartitionChecks.sent;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gcs.order.DeliveryLog;
import org.gcs.order.OrderChecker;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * {@link HungDelegateIT} in a {@code total} group (docs/architecture.md §7 "A hung delegate" and §12): three sites
 * of two nodes ({@link Sites}) with {@code order = total}, every node sending {@value #MESSAGES_PER_SENDER} check
 * messages at {@value #PER_SECOND}/s; site1's delegate (site1-1, the first node started) is stopped with SIGSTOP
 * ({@link Sites#freeze}, as HungDelegateIT: the JVM is the container's PID 1), and continued with SIGCONT once the
 * five others' agreed views left it out and each of them sent {@value #SENT_WHILE_HUNG} more.
 *
 * <p>Checked, while it hangs: site1-2 becomes delegate, the agreed views of the five list five members, and each of
 * them delivers every message of the five exactly once, in order. After the thaw: the thawed node learns that it was
 * left out and joins again ({@code rejoined} line; a new incarnation in its log), every agreed view lists six members
 * again, and at the end the five deliver all of each other's {@value #MESSAGES_PER_SENDER} messages exactly once (the
 * status lines and the delivery logs), and every node delivers everything each sender sent after the thaw;
 * {@link OrderChecker} over the six logs finds no violation. What the thawed node sent while it was being left out
 * and had not been ordered is lost by design (at most one gap in its stream elsewhere, §12 "Partitions").
 */
@Testcontainers(disabledWithoutDocker = true)
class TotalOrderHungDelegateIT {
    private static final int PER_SECOND = 20;
    /** Enough for the whole scenario: the views were whole again after 23 of these 50 s of traffic (loaded machine). */
    private static final int MESSAGES_PER_SENDER = 1_000;
    /** Messages every live node sends after the views left the hung node out, before the thaw (3 s). */
    private static final int SENT_WHILE_HUNG = 3 * PER_SECOND;

    private final TotalOrderChecks checks = new TotalOrderChecks("TotalOrderHungDelegateIT");

    @Test
    void theLiveNodesGoOnInOneOrderWithoutTheHungDelegateWhichJoinsAgainAfterTheThaw() {
        try (Sites sites = Sites.start(82, 3, 2, TotalOrderChecks.totalOrder(PER_SECOND, MESSAGES_PER_SENDER, 6))) {
            GcsContainer hung = sites.nodes.get(0);
            GcsContainer successor = sites.nodes.get(1);
            List<GcsContainer> live = sites.nodes.stream().filter(n -> n != hung).toList();
            boolean frozen = false;
            boolean passed = false;
            try {
                PartitionChecks.awaitTrafficEverywhere(sites, hung);

                sites.freeze(hung);
                frozen = true;
                long stoppedNs = System.nanoTime();
                checks.log("SIGSTOP " + name(hung) + "; sent so far: " + sent(sites));
                await("site1-2 becomes delegate and the live agreed views leave site1-1 out", Duration.ofSeconds(60))
                        .until(() -> successor.lastStatusLine().orElse("").contains("delegate=yes")
                                && live.stream().allMatch(n -> Sites.view(n).equals("5/3")));
                checks.log(String.format("site1-2 is delegate and every live agreed view lists 5, %.1f s after the"
                        + " SIGSTOP", seconds(System.nanoTime() - stoppedNs)));
                Map<String, Long> sentWhenLeftOut = sent(sites);
                await("every live node sends while site1-1 hangs", Duration.ofSeconds(60)).until(() -> live.stream()
                        .allMatch(n -> Sites.sent(n) >= sentWhenLeftOut.get(name(n)) + SENT_WHILE_HUNG));
                Map<String, Long> sentWhileHung = sent(sites);
                await("the live nodes have every live node's messages", Duration.ofSeconds(60)).untilAsserted(() ->
                        assertComplete(live, live, sentWhileHung));
                checks.log("while hung: the live nodes have every live node's messages up to " + sentWhileHung);

                sites.thaw(hung);
                frozen = false;
                long thawNs = System.nanoTime();
                checks.log("SIGCONT " + name(hung));
                await("the thawed node joins again and every agreed view lists six", Duration.ofSeconds(90))
                        .until(() -> TotalOrderChecks.admittedAgain(hung, 6)
                                && sites.nodes.stream().allMatch(n -> Sites.view(n).equals("6/3")));
                checks.log(String.format("%s joined again (%s); every agreed view lists 6, %.1f s after the SIGCONT",
                        name(hung), TotalOrderChecks.lines(hung, "rejoined"), seconds(System.nanoTime() - thawNs)));
                Map<String, Long> sentWhenWhole = TotalOrderChecks.sentAfterTwoStatusLines(sites);
                assertThat(sentWhenWhole.values()).as("the senders are not done yet: the test sees traffic after"
                        + " the thaw").allMatch(s -> s < MESSAGES_PER_SENDER - PER_SECOND);

                await("every node sent all, and everything arrived", Duration.ofMinutes(3)).untilAsserted(() -> {
                    assertComplete(live, live, Map.of());
                    for (GcsContainer receiver : sites.nodes) {
                        String line = receiver.lastStatusLine().orElse("");
                        assertThat(Sites.field(line, "dup")).as("duplicates: %s", line).isEqualTo("0");
                        for (GcsContainer sender : sites.nodes) {
                            Sites.Received got = received(line, sender);
                            String what = "from " + name(sender) + " at " + name(receiver) + ": " + got;
                            assertThat(got.highest()).as(what).isEqualTo(MESSAGES_PER_SENDER);
                            assertThat(got.gaps()).as("at most one gap, " + what).isLessThanOrEqualTo(1);
                            assertThat(got.contiguous()).as("the gap ends before the views were whole, " + what)
                                    .isGreaterThanOrEqualTo(got.gaps() == 0 ? MESSAGES_PER_SENDER : 0);
                            if (got.gaps() == 1) {
                                // sentWhenWhole: read a status line after the views were whole
                                assertThat(got.lastMissingOfTheOnlyGap()).as("the gap ends no later than what"
                                        + " was sent when the views were whole, " + what)
                                        .isLessThanOrEqualTo(sentWhenWhole.get(name(sender)));
                            }
                        }
                    }
                });
                checks.log("every node sent " + MESSAGES_PER_SENDER + "; the live nodes have all of each other's;"
                        + " what crossed the hang: " + lossesAtAndFrom(sites, hung));

                Map<GcsContainer, DeliveryLog> logs = checks.copyLogs(sites);
                checks.log("incarnations per node: " + TotalOrderChecks.incarnations(logs));
                checks.assertAgreedOrder(logs);
                TotalOrderChecks.assertEveryMessageOnce(logs, live, live, MESSAGES_PER_SENDER);
                assertThat(logs.get(hung).incarnations()).as("the thawed node joined again: a new incarnation")
                        .hasSizeGreaterThanOrEqualTo(2);
                passed = true;
            } finally {
                if (frozen) {
                    sites.thaw(hung); // lets the container stop
                }
                if (!passed) {
                    checks.keepOutput(sites);
                }
            }
        }
    }

    /**
     * Asserts that every receiver has every sender's messages once, in order, up to {@code upTo} of that sender (all
     * {@value #MESSAGES_PER_SENDER} for a sender it does not name).
     */
    private static void assertComplete(List<GcsContainer> receivers, List<GcsContainer> senders,
                                       Map<String, Long> upTo) {
        for (GcsContainer receiver : receivers) {
            String line = receiver.lastStatusLine().orElse("");
            assertThat(Sites.field(line, "dup")).as("duplicates: %s", line).isEqualTo("0");
            for (GcsContainer sender : senders) {
                long expected = upTo.getOrDefault(name(sender), (long) MESSAGES_PER_SENDER);
                Sites.Received got = received(line, sender);
                assertThat(got.gaps()).as("no gap from %s at %s: %s", name(sender), name(receiver), line).isZero();
                assertThat(got.contiguous()).as("from %s at %s: %s", name(sender), name(receiver), line)
                        .isGreaterThanOrEqualTo(expected);
            }
        }
    }

    /** @return what the thawed node lost of each sender, and each node of its stream, per the status lines */
    private static String lossesAtAndFrom(Sites sites, GcsContainer hung) {
        StringBuilder text = new StringBuilder();
        for (GcsContainer other : sites.nodes) {
            if (other != hung) {
                text.append(text.isEmpty() ? "" : "; ").append(name(other)).append(" -> ").append(name(hung))
                        .append(' ').append(lost(received(hung.lastStatusLine().orElse(""), other)))
                        .append(", back ").append(lost(received(other.lastStatusLine().orElse(""), hung)));
            }
        }
        return text.toString();
    }

    private static String lost(Sites.Received r) {
        return r.gaps() == 0 ? "nothing lost" : "lost " + r.firstMissing() + ".." + r.lastMissingOfTheOnlyGap();
    }
}
