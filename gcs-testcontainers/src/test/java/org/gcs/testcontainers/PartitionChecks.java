package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;

/**
 * What the partition tests ({@link PartitionHealIT}, {@link PartitionHealBetweenTimeoutsScenario}) share: their
 * traffic, waiting for it, healing a cut, checking what arrived, and a timeline on standard output. Three sites of
 * two nodes ({@link Sites}); every node sends check messages at {@value #MESSAGES_PER_SECOND}/s once the group has
 * all six members, until the test ends ({@value #TRAFFIC_LIMIT} at most, far more than a test takes), and reports
 * per sender what arrived ({@code from} and {@code gaps} of {@code gcs node}'s status line), so a lost stretch
 * shows as one gap. The checks compare what arrived with what the senders had sent at given moments, so no test
 * depends on how fast the machine runs through its steps.
 */
final class PartitionChecks {
    /** Short, for a quick test, but well above what Docker needs to disconnect and reconnect a container. */
    static final int SITE_TIMEOUT_SECONDS = 4;
    static final int MESSAGES_PER_SECOND = 20;
    /** The senders' limit: about 80 minutes at the rate, never reached. */
    static final int TRAFFIC_LIMIT = 100_000;
    /** Messages every node sends before the first cut. */
    static final int SENT_BEFORE_CUT = 40;
    /** Messages every node sends after the views split and before the heal (2 s). */
    static final int SENT_WHILE_APART = 2 * MESSAGES_PER_SECOND;
    /** Messages every sender sends after its view is whole again, all of which must arrive everywhere (3 s). */
    static final int MIN_SENT_AFTER_HEAL = 60;
    /** The first group's view with all six members in three sites, as {@link Sites#view} reads it. */
    static final String WHOLE = "6/3";

    private final String tag;
    private final long startNs = System.nanoTime();

    /** @param tag prefixes every timeline line */
    PartitionChecks(String tag) {
        this.tag = tag;
    }

    /**
     * When a heal happened, what each sender had sent when its own view was whole again, and what it had sent a
     * while later ({@value #MIN_SENT_AFTER_HEAL} messages or more after that): everything up to there must arrive.
     */
    record Heal(long atNs, Map<String, Long> sentWhenWhole, Map<String, Long> sentAfter) {
    }

    /**
     * Reconnects the cut-off node, waits until every view is whole, finds what each sender had sent then, and
     * waits until every sender has sent {@value #MIN_SENT_AFTER_HEAL} more.
     */
    Heal heal(Sites sites, GcsContainer cutOff) {
        Map<String, Integer> statusLinesBefore = new HashMap<>();
        sites.nodes.forEach(n -> statusLinesBefore.put(name(n), Sites.statusLines(n).size()));
        log("heal: reconnect " + name(cutOff));
        sites.connectToWan(cutOff);
        long healNs = System.nanoTime();
        await("every view is whole again", Duration.ofSeconds(60)).until(() ->
                sites.nodes.stream().allMatch(n -> Sites.view(n).equals(WHOLE)));
        log(String.format("heal: every node sees 6 members in 3 sites, %.1f s after the reconnect",
                seconds(System.nanoTime() - healNs)));
        Map<String, Long> sentWhenWhole = new HashMap<>();
        for (GcsContainer sender : sites.nodes) {
            List<String> lines = Sites.statusLines(sender);
            String first = lines.subList(statusLinesBefore.get(name(sender)), lines.size()).stream()
                    .filter(l -> Sites.view(l).equals(WHOLE)).findFirst().orElseThrow();
            sentWhenWhole.put(name(sender), Sites.sent(first));
        }
        log("heal: sent when the sender's own view was whole again: " + sentWhenWhole);
        await("every node sends after the heal", Duration.ofSeconds(30)).until(() -> sites.nodes.stream()
                .allMatch(n -> Sites.sent(n) >= sentWhenWhole.get(name(n)) + MIN_SENT_AFTER_HEAL));
        return new Heal(healNs, sentWhenWhole, sent(sites));
    }

    /** Asserts that the status line shows every message of the sender up to {@code upTo} once, in order. */
    static void assertComplete(String line, GcsContainer sender, GcsContainer receiver, long upTo, String why) {
        Sites.Received got = received(line, sender);
        String what = why + ": from " + name(sender) + " at " + name(receiver) + ": " + got;
        assertThat(got.gaps()).as("no gap; " + what).isZero();
        assertThat(got.contiguous()).as("everything once, in order, up to " + upTo + "; " + what)
                .isGreaterThanOrEqualTo(upTo);
    }

    /**
     * Asserts that the sender's stream has at most one gap, which starts after what had arrived before the cut and
     * ends no later than what the sender had sent when its view was whole again, and that everything after the
     * gap arrived, up to what the sender had sent a while after the heal.
     */
    static void assertAtMostOneGapInThePartition(String line, GcsContainer sender, GcsContainer receiver,
                                                 Map<String, Long> sentBeforeCut, Heal heal) {
        Sites.Received got = received(line, sender);
        String what = "from " + name(sender) + " at " + name(receiver) + ": " + got;
        assertThat(got.highest()).as("across, up to what was sent after the heal; " + what)
                .isGreaterThanOrEqualTo(heal.sentAfter().get(name(sender)));
        assertThat(got.gaps()).as("across, at most one gap; " + what).isLessThanOrEqualTo(1);
        if (got.gaps() == 1) {
            assertThat(got.firstMissing()).as("the gap starts after what arrived before the cut; " + what)
                    .isGreaterThan(sentBeforeCut.get(name(sender)));
            assertThat(got.lastMissingOfTheOnlyGap()).as("the gap ends no later than what the sender had sent"
                    + " when its view was whole again; " + what)
                    .isLessThanOrEqualTo(heal.sentWhenWhole().get(name(sender)));
        }
    }

    static Sites.Received received(String line, GcsContainer sender) {
        return Sites.received(line, name(sender)).orElse(new Sites.Received(0, 0, 0, 0));
    }

    /** Waits until every node sent {@value #SENT_BEFORE_CUT} and received all of it, with the delegate in place. */
    static void awaitTrafficEverywhere(Sites sites, GcsContainer delegate) {
        await("every node sends, " + name(delegate) + " is its site's delegate", Duration.ofMinutes(2)).until(() ->
                sites.nodes.stream().allMatch(n -> Sites.sent(n) >= SENT_BEFORE_CUT)
                        && delegate.lastStatusLine().orElse("").contains("delegate=yes"));
        awaitEverythingArrived(sites, sent(sites), "so far");
    }

    /** Waits until every node received, from every sender, everything up to {@code upTo} of that sender. */
    static void awaitEverythingArrived(Sites sites, Map<String, Long> upTo, String what) {
        await("everything sent " + what + " arrived everywhere", Duration.ofMinutes(1)).untilAsserted(() -> {
            for (GcsContainer receiver : sites.nodes) {
                String line = receiver.lastStatusLine().orElse("");
                assertThat(Sites.field(line, "dup")).as("duplicates: %s", line).isEqualTo("0");
                for (GcsContainer sender : sites.nodes) {
                    assertThat(received(line, sender).contiguous())
                            .as("contiguous from %s at %s: %s", name(sender), name(receiver), line)
                            .isGreaterThanOrEqualTo(upTo.get(name(sender)));
                }
            }
        });
    }

    /** Logs, per sender and receiver on the other side of the partition, the messages that did not arrive. */
    void logLosses(Sites sites, List<GcsContainer> site3) {
        for (GcsContainer receiver : sites.nodes) {
            String line = receiver.lastStatusLine().orElse("");
            for (GcsContainer sender : sites.nodes) {
                if (site3.contains(receiver) != site3.contains(sender)) {
                    Sites.Received r = received(line, sender);
                    log(name(sender) + " -> " + name(receiver) + ": " + (r.gaps() == 0 ? "nothing lost"
                            : r.gaps() > 1 ? r.gaps() + " gaps" : "lost " + r.firstMissing() + ".."
                                    + r.lastMissingOfTheOnlyGap()));
                }
            }
        }
    }

    /** @return every node's {@code sent} count, by {@code site/member} */
    static Map<String, Long> sent(Sites sites) {
        Map<String, Long> sent = new HashMap<>();
        sites.nodes.forEach(n -> sent.put(name(n), Sites.sent(n)));
        return sent;
    }

    static String name(GcsContainer node) {
        return node.site() + "/" + node.memberName();
    }

    /**
     * Keeps every node's log in {@code target/partition-logs/TAG/} (for a failed run: the view lines and status
     * lines show when each node saw what).
     */
    void saveLogs(Sites sites) {
        Path dir = Path.of("target", "partition-logs", tag);
        try {
            Files.createDirectories(dir);
            for (GcsContainer node : sites.nodes) {
                Files.writeString(dir.resolve(node.memberName() + ".log"), node.getLogs());
            }
            log("logs of every node in " + dir.toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Prints an event with the seconds since this object was made. */
    void log(String event) {
        System.out.printf("[%s %6.1f s] %s%n", tag, seconds(System.nanoTime() - startNs), event);
    }

    static double seconds(long ns) {
        return ns / 1e9;
    }

    static ConditionFactory await(String what, Duration atMost) {
        return Awaitility.await(what).atMost(atMost).pollInterval(Duration.ofMillis(100));
    }
}
