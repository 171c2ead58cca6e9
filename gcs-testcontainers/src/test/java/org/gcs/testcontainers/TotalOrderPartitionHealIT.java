package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.testcontainers.PartitionChecks.SITE_TIMEOUT_SECONDS;
import static org.gcs.testcontainers.PartitionChecks.await;
import static org.gcs.testcontainers.PartitionChecks.name;
import static org.gcs.testcontainers.PartitionChecks.received;
import static org.gcs.testcontainers.PartitionChecks.seconds;
import static org.gcs.testcontainers.PartitionChecks.sent;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.order.DeliveryLog;
import org.gcs.order.OrderChecker;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * {@link PartitionHealIT} in a {@code total} group (docs/architecture.md §7a and §12 "Partitions"): three sites of
 * two nodes ({@link Sites}) with {@code order = total} and {@code site.timeout} {@value
 * PartitionChecks#SITE_TIMEOUT_SECONDS} s, every node sending {@value #MESSAGES_PER_SENDER} check messages at
 * {@value #PER_SECOND}/s; site3's delegate (site3-1) is cut off the WAN network ({@code docker network disconnect})
 * until both sides have reacted and sent {@value #SENT_WHILE_APART} more each, then reconnected at the same address.
 *
 * <p>Sites 1 and 2 hold four of the six members, a majority: they go on, their agreed views list four. Site3's two
 * are the minority: checked that they block (neither delivers anything while apart, and one of them at least prints
 * a {@code blocked} line: in the runs so far only site3-1, the one that would take over from the lost sequencer, did;
 * site3-2 printed none), and after the heal learn that the majority went on and join again ({@code rejoined} line at
 * both, a new incarnation in their logs), after which every agreed view lists six. At the end: the four of sites 1
 * and 2 delivered all of each other's messages exactly
 * once, in order (status lines and delivery logs); across the partition every sender's stream has at most one gap at
 * every receiver (it may start below what the sender had sent at the cut: sent, not yet ordered) and everything
 * sent after the re-admission of site3 arrives; no duplicates anywhere;
 * {@link OrderChecker} over the six logs finds no violation.
 */
@Testcontainers(disabledWithoutDocker = true)
class TotalOrderPartitionHealIT {
    private static final int PER_SECOND = 20;
    /** Enough for the whole scenario: the views were whole again after 21 of these 50 s of traffic (loaded machine). */
    private static final int MESSAGES_PER_SENDER = 1_000;
    /** Messages every node sends once both sides reacted to the cut, before the heal (2 s). */
    private static final int SENT_WHILE_APART = 2 * PER_SECOND;

    private final TotalOrderChecks checks = new TotalOrderChecks("TotalOrderPartitionHealIT");

    @Test
    void theMinorityBlocksAndJoinsAgainAfterTheHealAndEveryLogHasOneOrder() {
        try (Sites sites = Sites.start(83, 3, 2, n -> TotalOrderChecks.totalOrder(PER_SECOND, MESSAGES_PER_SENDER, 6)
                .apply(n.withSetting("site.timeout", SITE_TIMEOUT_SECONDS + "s")))) {
            GcsContainer cutOff = sites.nodes.get(4);
            List<GcsContainer> site3 = sites.nodes.subList(4, 6);
            List<GcsContainer> majority = sites.nodes.subList(0, 4);
            boolean passed = false;
            try {
                PartitionChecks.awaitTrafficEverywhere(sites, cutOff);

                Map<String, Long> sentBeforeCut = sent(sites);
                sites.disconnectFromWan(cutOff);
                long cutNs = System.nanoTime();
                checks.log(name(cutOff) + " off the WAN; sent so far: " + sentBeforeCut);
                await("the majority's agreed views list four, site3 blocks", Duration.ofSeconds(60)).until(() ->
                        majority.stream().allMatch(n -> Sites.view(n).equals("4/2"))
                                && site3.stream().anyMatch(n -> !TotalOrderChecks.lines(n, "blocked").isEmpty()));
                checks.log(String.format("apart: sites 1-2 agreed on 4 members, %.1f s after the cut; site3: %s",
                        seconds(System.nanoTime() - cutNs), blockedLines(site3)));
                Map<String, Long> deliveredWhenBlocked = deliveredSoon(site3);
                Map<String, Long> sentWhenApart = sent(sites);
                await("every node sends while apart", Duration.ofSeconds(60)).until(() -> sites.nodes.stream()
                        .allMatch(n -> Sites.sent(n) >= sentWhenApart.get(name(n)) + SENT_WHILE_APART));
                assertThat(delivered(site3)).as("the blocked minority delivers nothing while apart")
                        .isEqualTo(deliveredWhenBlocked);
                assertThat(majority).as("the majority still lists four before the heal")
                        .allMatch(n -> Sites.view(n).equals("4/2"));

                sites.connectToWan(cutOff);
                long healNs = System.nanoTime();
                checks.log("heal: " + name(cutOff) + " back on the WAN after " + seconds(healNs - cutNs) + " s");
                await("site3 joins again and every agreed view lists six", Duration.ofSeconds(90)).until(() ->
                        site3.stream().allMatch(n -> TotalOrderChecks.admittedAgain(n, 6))
                                && sites.nodes.stream().allMatch(n -> Sites.view(n).equals("6/3")));
                Map<String, Long> sentWhenWhole = TotalOrderChecks.sentAfterTwoStatusLines(sites);
                checks.log(String.format("heal: site3 joined again (%s); every agreed view lists 6, %.1f s after the"
                        + " reconnect; sent so far: %s", TotalOrderChecks.lines(site3.get(0), "rejoined"),
                        seconds(System.nanoTime() - healNs), sentWhenWhole));
                assertThat(sentWhenWhole.values()).as("the senders are not done yet: the test sees traffic after the"
                        + " heal").allMatch(s -> s < MESSAGES_PER_SENDER - PER_SECOND);

                await("every node sent all, and everything arrived", Duration.ofMinutes(3)).untilAsserted(() -> {
                    for (GcsContainer receiver : sites.nodes) {
                        String line = receiver.lastStatusLine().orElse("");
                        assertThat(Sites.field(line, "dup")).as("duplicates: %s", line).isEqualTo("0");
                        for (GcsContainer sender : sites.nodes) {
                            Sites.Received got = received(line, sender);
                            String what = "from " + name(sender) + " at " + name(receiver) + ": " + got;
                            assertThat(got.highest()).as(what).isEqualTo(MESSAGES_PER_SENDER);
                            if (majority.contains(receiver) && majority.contains(sender)) {
                                assertThat(got.gaps()).as("the majority loses nothing, " + what).isZero();
                                assertThat(got.contiguous()).as(what).isEqualTo(MESSAGES_PER_SENDER);
                            } else {
                                assertThat(got.gaps()).as("at most one gap, " + what).isLessThanOrEqualTo(1);
                                if (got.gaps() == 1) { // it may start below sentBeforeCut: sent but not ordered
                                    // sentWhenWhole: read a status line after the views were whole
                                    assertThat(got.lastMissingOfTheOnlyGap()).as("the gap ends no later than what"
                                            + " was sent when the views were whole, " + what)
                                            .isLessThanOrEqualTo(sentWhenWhole.get(name(sender)));
                                }
                            }
                        }
                    }
                });

                Map<GcsContainer, DeliveryLog> logs = checks.copyLogs(sites);
                checks.log("incarnations per node: " + TotalOrderChecks.incarnations(logs));
                checks.assertAgreedOrder(logs);
                TotalOrderChecks.assertEveryMessageOnce(logs, majority, majority, MESSAGES_PER_SENDER);
                for (GcsContainer node : site3) {
                    assertThat(logs.get(node).incarnations()).as("%s joined again: a new incarnation", name(node))
                            .hasSizeGreaterThanOrEqualTo(2);
                }
                passed = true;
            } finally {
                if (!passed) {
                    checks.keepOutput(sites);
                }
            }
        }
    }

    /** @return the blocked lines of each node, by member name */
    private static Map<String, List<String>> blockedLines(List<GcsContainer> nodes) {
        Map<String, List<String>> lines = new java.util.TreeMap<>();
        nodes.forEach(n -> lines.put(n.memberName(), TotalOrderChecks.lines(n, "blocked")));
        return lines;
    }

    /** @return the {@code delivered} count of each node once it printed two more status lines (1 s) than now */
    private static Map<String, Long> deliveredSoon(List<GcsContainer> nodes) {
        Map<String, Integer> linesNow = new HashMap<>();
        nodes.forEach(n -> linesNow.put(name(n), Sites.statusLines(n).size()));
        await("two more status lines", Duration.ofSeconds(20)).until(() -> nodes.stream()
                .allMatch(n -> Sites.statusLines(n).size() >= linesNow.get(name(n)) + 2));
        return delivered(nodes);
    }

    /** @return the {@code delivered} count of each node's newest status line */
    private static Map<String, Long> delivered(List<GcsContainer> nodes) {
        Map<String, Long> delivered = new HashMap<>();
        nodes.forEach(n -> delivered.put(name(n), Long.parseLong(Sites.field(n, "delivered"))));
        return delivered;
    }
}
