package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.testcontainers.PartitionChecks.MESSAGES_PER_SECOND;
import static org.gcs.testcontainers.PartitionChecks.assertComplete;
import static org.gcs.testcontainers.PartitionChecks.await;
import static org.gcs.testcontainers.PartitionChecks.awaitTrafficEverywhere;
import static org.gcs.testcontainers.PartitionChecks.name;
import static org.gcs.testcontainers.PartitionChecks.received;
import static org.gcs.testcontainers.PartitionChecks.seconds;
import static org.gcs.testcontainers.PartitionChecks.sent;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * A hung delegate (docs/architecture.md §7, "A hung delegate"): two sites of three nodes ({@link Sites}), every node
 * sends check messages at {@value PartitionChecks#MESSAGES_PER_SECOND}/s; site1's delegate (site1-1) is stopped with
 * SIGSTOP, a real stop of its JVM, for clearly longer than LAN failure detection (3 s of silence, then 0.5 s of
 * verification), then continued with SIGCONT after at least 30 s. The default {@code site.timeout} (5 s) applies.
 *
 * <p>Checked, while it hangs: site1-2 becomes site1's delegate, every view of the five others shows five members in
 * two sites, and every one of them receives every message of the five, sent before and during the hang, exactly once
 * and in order: nothing is lost although the hung delegate held what it had not forwarded yet, and site2 never drops
 * site1 (its successor speaks before site2's timeout). After SIGCONT: site1's LAN merges the thawed node back (a
 * JGroups {@code MergeView}), site1 has one delegate again, and the site keeps working: everything sent after the
 * merge arrives everywhere, the thawed node included; no node ever delivers a message twice or out of order; the
 * thawed node's own stream reaches every other node with at most one gap, none after the merge; the thawed node
 * misses at most one stretch of each other sender's stream, inside its hang (a JGroups merge transfers no state);
 * no node logs the duplicate-site ERROR (a superseded delegate is reported as such, issue 33).
 */
@Testcontainers(disabledWithoutDocker = true)
class HungDelegateIT {
    /** Bounded: far more than the test needs (about a minute at 20/s). */
    private static final int MESSAGES_PER_SENDER = 4_000;
    /** Messages every live node sends after site1-2 became delegate, before the thaw (3 s): the hang's length. */
    private static final int SENT_WHILE_HUNG = 3 * MESSAGES_PER_SECOND;
    /** Messages every node sends after the site is whole again, all of which must arrive everywhere (3 s). */
    private static final int SENT_AFTER_MERGE = 3 * MESSAGES_PER_SECOND;
    /** How long site1-1 stays stopped at least (the acceptance: 30 s, far beyond the site timeout). */
    private static final Duration HANG = Duration.ofSeconds(30);
    /** The ERROR of two LANs with one site name, which a paused delegate must not raise (issue 33, Deliver 6). */
    private static final String DUPLICATE_SITE_ERROR = "two delegates announce";
    private static final String WHOLE = "6/2";
    private static final String WITHOUT_ONE = "5/2";

    private final PartitionChecks timeline = new PartitionChecks("HungDelegateIT");

    @Test
    void aSiteReplacesItsHungDelegateLosesNothingAndTakesItBackAfterTheThaw() {
        try (Sites sites = Sites.start(86, 2, 3, n -> n.withCheckTraffic(MESSAGES_PER_SECOND, MESSAGES_PER_SENDER, 6))) {
            GcsContainer hung = sites.nodes.get(0);
            GcsContainer successor = sites.nodes.get(1);
            List<GcsContainer> site1 = sites.nodes.subList(0, 3);
            List<GcsContainer> live = sites.nodes.stream().filter(n -> n != hung).toList();
            boolean frozen = false;
            try {
                awaitTrafficEverywhere(sites, hung);

                // 1. the hang: the site elects site1-2, and the live nodes lose nothing
                Map<String, Long> sentBeforeStop = sent(sites);
                timeline.log("SIGSTOP " + name(hung) + "; sent so far: " + sentBeforeStop);
                sites.freeze(hung);
                frozen = true;
                long stoppedNs = System.nanoTime();
                await("site1-2 becomes delegate and the live nodes see five members", Duration.ofSeconds(60))
                        .until(() -> successor.lastStatusLine().orElse("").contains("delegate=yes")
                                && live.stream().allMatch(n -> Sites.view(n).equals(WITHOUT_ONE)));
                timeline.log(String.format("site1-2 is delegate and every live view shows %s, %.1f s after the"
                        + " SIGSTOP", WITHOUT_ONE, seconds(System.nanoTime() - stoppedNs)));
                Map<String, Long> sentWhenReplaced = sent(sites);
                await("every live node sends while site1-1 hangs", Duration.ofSeconds(60)).until(() -> live.stream()
                        .allMatch(n -> Sites.sent(n) >= sentWhenReplaced.get(name(n)) + SENT_WHILE_HUNG));
                Map<String, Long> sentWhileHung = sent(sites);
                await("the live nodes have every live node's messages", Duration.ofSeconds(60)).untilAsserted(() -> {
                    for (GcsContainer receiver : live) {
                        String line = receiver.lastStatusLine().orElse("");
                        assertThat(Sites.field(line, "dup")).as("duplicates: %s", line).isEqualTo("0");
                        assertThat(Sites.field(line, "ooo")).as("out of order: %s", line).isEqualTo("0");
                        for (GcsContainer sender : live) {
                            assertComplete(line, sender, receiver, sentWhileHung.get(name(sender)), "while hung");
                        }
                    }
                });
                assertThat(live).as("site1-1 still hangs, site1-2 is still delegate, no view changed")
                        .allMatch(n -> Sites.view(n).equals(WITHOUT_ONE));
                assertThat(successor.lastStatusLine().orElse("")).contains("delegate=yes");
                await("site1-1 stays stopped for " + HANG.toSeconds() + " s", HANG.plusSeconds(10))
                        .pollInterval(Duration.ofMillis(200))
                        .until(() -> System.nanoTime() - stoppedNs >= HANG.toNanos());
                long hungNs = System.nanoTime() - stoppedNs;
                timeline.log(String.format("the live nodes have everything the live nodes sent before and during"
                        + " the hang; SIGCONT after %.1f s", seconds(hungNs)));

                // 2. the thaw: merged back, one delegate, the site keeps working
                int linesBeforeThaw = Sites.statusLines(hung).size();
                sites.thaw(hung);
                frozen = false;
                long thawNs = System.nanoTime();
                await("site1-1 is merged back: every view whole, one delegate in site1", Duration.ofSeconds(90))
                        .until(() -> Sites.statusLines(hung).size() > linesBeforeThaw
                                && sites.nodes.stream().allMatch(n -> Sites.view(n).equals(WHOLE))
                                && site1.stream().filter(n -> n.lastStatusLine().orElse("")
                                        .contains("delegate=yes")).count() == 1);
                Map<String, Long> sentWhenWhole = sent(sites);
                timeline.log(String.format("whole again %.1f s after the SIGCONT; site1's delegate: %s; sent: %s",
                        seconds(System.nanoTime() - thawNs), site1.stream().filter(n -> n.lastStatusLine()
                                .orElse("").contains("delegate=yes")).map(PartitionChecks::name).toList(),
                        sentWhenWhole));
                await("every node sends after the merge", Duration.ofSeconds(60)).until(() -> sites.nodes.stream()
                        .allMatch(n -> Sites.sent(n) >= sentWhenWhole.get(name(n)) + SENT_AFTER_MERGE));
                Map<String, Long> sentAfterMerge = sent(sites);
                await("everything sent after the merge arrives everywhere", Duration.ofMinutes(2)).untilAsserted(() -> {
                    for (GcsContainer receiver : sites.nodes) {
                        String line = receiver.lastStatusLine().orElse("");
                        assertThat(Sites.field(line, "dup")).as("duplicates: %s", line).isEqualTo("0");
                        if (receiver != hung) { // the thawed node's streams have gaps, so arrivals after them count
                            assertThat(Sites.field(line, "ooo")).as("out of order: %s", line).isEqualTo("0");
                        }
                        for (GcsContainer sender : sites.nodes) {
                            if (receiver != hung) {
                                assertComplete(line, sender, receiver, sentAfterMerge.get(name(sender)),
                                        sender == hung ? "the thawed node's, kept in its window until the merge"
                                                : "live");
                            } else {
                                assertAtMostOneGapBefore(line, sender, receiver, sentWhenWhole,
                                        sentAfterMerge.get(name(sender)));
                            }
                        }
                    }
                });
                for (GcsContainer node : sites.nodes) {
                    assertThat(node.getLogs().lines().filter(l -> l.contains(DUPLICATE_SITE_ERROR)).toList())
                            .as("a paused delegate is no duplicate site: no such ERROR at %s", name(node)).isEmpty();
                }
                assertThat(sites.nodes.stream().anyMatch(n -> n.getLogs().contains("speaks again after a newer"
                        + " delegate") || n.getLogs().contains("did not run for a while, so its LAN replaced it")))
                        .as("the pause is reported as a superseded delegate").isTrue();
                timeline.log("everything sent after the merge arrived everywhere; losses of the thawed node:");
                logLosses(sites, hung);
            } catch (AssertionError | RuntimeException e) {
                timeline.log("FAILED: " + e.getMessage().lines().findFirst().orElse("") + "; every node's status:");
                sites.nodes.forEach(n -> timeline.log(n.lastStatusLine().orElse(name(n) + ": no status line")));
                throw e;
            } finally {
                if (frozen) {
                    sites.thaw(hung); // so that the container stops promptly
                }
                timeline.saveLogs(sites);
            }
        }
    }

    /**
     * The sender's stream at the receiver has at most one gap, which ends before what the sender had sent when the
     * site was whole again, and everything after it arrived, up to {@code upTo}.
     */
    private static void assertAtMostOneGapBefore(String line, GcsContainer sender, GcsContainer receiver,
                                                 Map<String, Long> sentWhenWhole, long upTo) {
        Sites.Received got = received(line, sender);
        String what = "from " + name(sender) + " at " + name(receiver) + ": " + got;
        assertThat(got.highest()).as("up to what was sent after the merge; " + what).isGreaterThanOrEqualTo(upTo);
        assertThat(got.gaps()).as("at most one gap, in the hang; " + what).isLessThanOrEqualTo(1);
        if (got.gaps() == 1) {
            assertThat(got.lastMissingOfTheOnlyGap()).as("the gap ends before what the sender had sent when the"
                    + " site was whole again; " + what).isLessThanOrEqualTo(sentWhenWhole.get(name(sender)));
        }
    }

    private void logLosses(Sites sites, GcsContainer hung) {
        for (GcsContainer receiver : sites.nodes) {
            String line = receiver.lastStatusLine().orElse("");
            for (GcsContainer sender : sites.nodes) {
                if ((receiver == hung) != (sender == hung)) {
                    Sites.Received r = received(line, sender);
                    timeline.log(name(sender) + " -> " + name(receiver) + ": " + (r.gaps() == 0 ? "nothing lost"
                            : r.gaps() > 1 ? r.gaps() + " gaps" : "lost " + r.firstMissing() + ".."
                                    + r.lastMissingOfTheOnlyGap()));
                }
            }
        }
    }
}
