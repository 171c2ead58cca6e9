package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.gcs.MemberId;
import org.gcs.order.DeliveryLog;
import org.gcs.order.DeliveryLogFile;
import org.gcs.order.OrderChecker;

/**
 * What the total-order ITs share: nodes that join {@link Sites#GROUP} with {@code order = total} and record their
 * delivery log to {@value #LOG_PATH} in their container ({@code order.log.file}); copying those logs out at the end
 * (into {@code target/total-order-logs/IT/}, a killed container's too) and checking them with {@link OrderChecker};
 * counting, from the logs, what each receiver delivered of each sender.
 */
final class TotalOrderChecks {
    /** Where each node writes its delivery log, inside its container. */
    static final String LOG_PATH = "/tmp/gcs-order.log";

    private final PartitionChecks timeline;
    private final Path dir;

    /** @param tag the IT's name: prefixes the timeline and names the directory of the copied logs */
    TotalOrderChecks(String tag) {
        this.timeline = new PartitionChecks(tag);
        this.dir = Path.of("target", "total-order-logs", tag);
    }

    /**
     * @param perSecond check messages per second every node sends
     * @param count how many each node sends
     * @param whenMembers the members the agreed view must list before a node starts sending
     * @return what turns a node of {@link Sites} into a total-order node with check traffic and a delivery log
     */
    static UnaryOperator<GcsContainer> totalOrder(int perSecond, int count, int whenMembers) {
        return n -> n.withSetting("order", "total").withSetting("order.log.file", LOG_PATH)
                .withCheckTraffic(perSecond, count, whenMembers);
    }

    /** Prints an event on the IT's timeline. */
    void log(String event) {
        timeline.log(event);
    }

    /**
     * Copies every node's delivery log out of its container (a stopped or killed container's too) into
     * {@code target/total-order-logs/IT/MEMBER.order.log} and reads them; keeps the nodes' output beside them.
     *
     * @return the logs by node, in the order of {@link Sites#nodes}
     * @throws AssertionError if a log cannot be copied or read
     */
    Map<GcsContainer, DeliveryLog> copyLogs(Sites sites) {
        Map<GcsContainer, DeliveryLog> logs = new java.util.LinkedHashMap<>();
        try {
            Files.createDirectories(dir);
            for (GcsContainer node : sites.nodes) {
                Path file = dir.resolve(node.memberName() + ".order.log");
                node.copyFileFromContainer(LOG_PATH, file.toString());
                logs.put(node, DeliveryLogFile.read(file));
                Files.writeString(dir.resolve(node.memberName() + ".out"), node.getLogs());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        log("delivery logs and output of every node in " + dir.toAbsolutePath());
        return logs;
    }

    /**
     * Keeps every node's output and, when it can be copied, its delivery log in {@code target/total-order-logs/IT/},
     * and prints each node's newest status line and blocked/rejoined lines: for a run that failed on the way.
     */
    void keepOutput(Sites sites) {
        try {
            Files.createDirectories(dir);
            for (GcsContainer node : sites.nodes) {
                Files.writeString(dir.resolve(node.memberName() + ".out"), node.getLogs());
                try {
                    node.copyFileFromContainer(LOG_PATH, dir.resolve(node.memberName() + ".order.log").toString());
                } catch (RuntimeException e) {
                    log("no delivery log from " + node.memberName() + ": " + e);
                }
                log(node.memberName() + ": " + node.lastStatusLine().orElse("no status line") + " "
                        + lines(node, "blocked|rejoined"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        log("output of every node in " + dir.toAbsolutePath());
    }

    /**
     * Runs {@link OrderChecker} over the logs and requires no violation at all.
     *
     * @return its result
     */
    OrderChecker.Result assertAgreedOrder(Map<GcsContainer, DeliveryLog> logs) {
        OrderChecker.Result result = OrderChecker.check(List.copyOf(logs.values()));
        log(String.format("OrderChecker: %d member incarnations, %d events; order disagreements %d, gaps %d,"
                        + " sender order violations %d, view synchrony violations %d%s", result.members(),
                result.events(), result.orderDisagreements(), result.gaps(), result.senderOrderViolations(),
                result.viewSynchronyViolations(), result.problems().isEmpty() ? "" : "; " + result.problems()));
        assertThat(result.ok()).as("OrderChecker over every node's delivery log: %s", result).isTrue();
        assertThat(result.events()).as("the logs are not empty").isPositive();
        return result;
    }

    /**
     * Requires, from the logs, that every receiver delivered every sender's check messages exactly once: as many
     * message events from the sender as it sent, all different (sender number and payload hash).
     *
     * @param logs the logs by node
     * @param receivers whose logs to look at
     * @param senders whose messages they must hold
     * @param count how many each sender sent
     */
    static void assertEveryMessageOnce(Map<GcsContainer, DeliveryLog> logs, List<GcsContainer> receivers,
                                       List<GcsContainer> senders, long count) {
        for (GcsContainer receiver : receivers) {
            Map<MemberId, Long> delivered = new HashMap<>();
            Map<MemberId, Set<String>> distinct = new HashMap<>();
            for (List<DeliveryLog.Event> incarnation : logs.get(receiver).incarnations()) {
                for (DeliveryLog.Event e : incarnation) {
                    if (!e.isView()) {
                        delivered.merge(e.sender(), 1L, Long::sum);
                        distinct.computeIfAbsent(e.sender(), s -> new HashSet<>()).add(e.seq() + ":" + e.contentHash());
                    }
                }
            }
            for (GcsContainer sender : senders) {
                MemberId id = new MemberId(sender.site(), sender.memberName());
                assertThat(delivered.getOrDefault(id, 0L)).as("messages of %s in %s's delivery log", id,
                        receiver.memberName()).isEqualTo(count);
                assertThat((long) distinct.getOrDefault(id, Set.of()).size()).as("distinct messages of %s in %s's"
                        + " delivery log", id, receiver.memberName()).isEqualTo(count);
            }
        }
    }

    /** @return the messages in a node's log, over its incarnations */
    static long messages(Map<GcsContainer, DeliveryLog> logs, GcsContainer node) {
        return logs.get(node).messages();
    }

    /** @return the number of incarnations of each node's log, by member name (more than one: it joined again) */
    static Map<String, Integer> incarnations(Map<GcsContainer, DeliveryLog> logs) {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        logs.forEach((node, log) -> counts.put(node.memberName(), log.incarnations().size()));
        return counts;
    }

    /**
     * @return true once the node printed, after its first {@code rejoined} line, the view line of an agreed view of
     *     {@code members} members: the view that admitted its new incarnation (until then its agreed view is still
     *     the one it had before it was left out)
     */
    static boolean admittedAgain(GcsContainer node, int members) {
        List<String> lines = node.getLogs().lines().toList();
        boolean rejoined = false;
        for (String line : lines) {
            if (line.matches("\\d\\d:\\d\\d:\\d\\d rejoined .*")) {
                rejoined = true;
            } else if (rejoined && line.matches("\\d\\d:\\d\\d:\\d\\d view " + Sites.GROUP + " #\\d+: "
                    + members + " members .*")) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return every node's {@code sent} count once it printed two more status lines than now (1 s): what it had sent
     *     at least a status line after this moment, so that everything above it was sent after this moment
     */
    static Map<String, Long> sentAfterTwoStatusLines(Sites sites) {
        Map<String, Integer> linesNow = new HashMap<>();
        sites.nodes.forEach(n -> linesNow.put(n.memberName(), Sites.statusLines(n).size()));
        PartitionChecks.await("two more status lines", java.time.Duration.ofSeconds(20)).until(() -> sites.nodes
                .stream().allMatch(n -> Sites.statusLines(n).size() >= linesNow.get(n.memberName()) + 2));
        return PartitionChecks.sent(sites);
    }

    /** @return the lines of a node's output that start with {@code HH:mm:ss WORD } (e.g. blocked, rejoined) */
    static List<String> lines(GcsContainer node, String word) {
        return new ArrayList<>(node.getLogs().lines().filter(l -> l.matches("\\d\\d:\\d\\d:\\d\\d (" + word + ") .*"))
                .toList());
    }
}
