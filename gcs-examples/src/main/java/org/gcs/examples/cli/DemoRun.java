package org.gcs.examples.cli;

import org.gcs.SettingNames;
import org.gcs.tools.json.JsonWriter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.gcs.GcsException;
import org.gcs.FlowStatus;
import org.gcs.GcsNode;
import org.gcs.GroupMember;
import org.gcs.GroupTree;
import org.gcs.MemberId;
import org.gcs.examples.dashboard.DashboardServer;
import org.gcs.examples.dashboard.SentCounts;
import org.gcs.metrics.GcsMeters;
import org.gcs.order.Ordering;

/**
 * One run of {@code gcs demo}: start the nodes, wait for the group views, send for the duration while printing
 * live rates, drain, wait for stability, print the summary, close the nodes, and judge the deliveries.
 */
final class DemoRun {
    /** How long the members may take to see each other in the group. */
    static final Duration VIEW_TIMEOUT = Duration.ofSeconds(45);
    /**
     * How long to wait at least for the last deliveries after the senders stopped; a run waits up to
     * {@link #DRAIN_PER_SENDING} times its sending time if that is longer, because the backlog that may be left grows
     * with it: without a rate controller (hop by hop with {@code none}) every member keeps up to its send window queued
     * behind the slowest tree edge.
     */
    static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(60);
    /** The drain limit as a multiple of the sending time, when that is longer than {@link #DRAIN_TIMEOUT}. */
    static final int DRAIN_PER_SENDING = 4;
    /** Draining ends early when no delivery (and no send) happens for this long. */
    static final Duration STALL_TIMEOUT = Duration.ofSeconds(15);
    /** How long all nodes together may take to become stable. */
    static final Duration STABLE_TIMEOUT = Duration.ofSeconds(20);
    private static final long POLL_MS = 50;

    private final DemoSettings settings;
    private final PrintWriter out;
    private final PrintWriter err;
    private final DemoReport report;
    private final java.util.function.Consumer<GcsNode> onStarted;
    private List<GcsNode> nodes = List.of();
    /** Where the dashboard listens ({@code --dashboard}), or null for none. */
    private java.net.InetSocketAddress dashboardAddress;
    /** The senders, once they exist (the dashboard reads them). */
    private volatile DemoTraffic traffic;

    /**
     * @param settings the validated settings
     * @param out where the tables go, and the JSON line (with --json, only the JSON line: the tables go to err)
     * @param err where the failure reason goes
     */
    DemoRun(DemoSettings settings, PrintWriter out, PrintWriter err) {
        this(settings, out, err, node -> { });
    }

    /**
     * @param settings the validated settings
     * @param out where the tables go, and the JSON line (with --json, only the JSON line: the tables go to err)
     * @param err where the failure reason goes
     * @param onStarted told of every node once all are started (monitoring)
     */
    DemoRun(DemoSettings settings, PrintWriter out, PrintWriter err, java.util.function.Consumer<GcsNode> onStarted) {
        this.onStarted = onStarted;
        this.settings = settings;
        this.out = out;
        this.err = err;
        this.report = new DemoReport(settings.json() ? err : out);
    }

    /**
     * Serves the live dashboard of the run's nodes while it runs.
     *
     * @param address where the dashboard listens
     * @return this run
     */
    DemoRun withDashboard(java.net.InetSocketAddress address) {
        this.dashboardAddress = address;
        return this;
    }

    /** @return the exit code: 0 if every delivery checked out, else 1 */
    int run() throws InterruptedException {
        report.header(settings);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        long startNs = System.nanoTime();
        DemoResult result;
        DemoCluster cluster;
        try {
            cluster = DemoCluster.start(settings.topology(), settings.membersPerSite(), settings.treeStrategy(),
                    settings.seed(), registry, settings.nodeSettings());
        } catch (GcsException e) {
            return finish(DemoResult.failedEarly(settings, "cannot start the nodes: "
                    + SettingNames.forUser(e.getMessage())), false);
        }
        DashboardServer dashboard = null;
        try (cluster) {
            cluster.nodes().forEach(onStarted);
            report.line(String.format(java.util.Locale.ROOT, "started %d nodes in %.1f s (run %s); joining group '%s'",
                    cluster.nodes().size(), seconds(System.nanoTime() - startNs), cluster.runId(), settings.group()));
            if (dashboardAddress != null) {
                try {
                    dashboard = startDashboard(cluster.nodes());
                } catch (java.io.UncheckedIOException e) {
                    return finish(DemoResult.failedEarly(settings, e.getMessage()), false);
                }
            }
            result = exercise(cluster, new MeterTotals(registry));
            report.summary(result);
        } finally {
            if (dashboard != null) {
                dashboard.close();
            }
        }
        return finish(result, true);
    }

    private DashboardServer startDashboard(List<GcsNode> clusterNodes) {
        DashboardServer dashboard = DashboardServer.start(dashboardAddress,
                "gcs demo " + settings.topology().name(), clusterNodes, member -> {
                    DemoTraffic senders = traffic;
                    long messages = senders == null ? 0 : senders.sentBy(member);
                    return new SentCounts.Sent(messages, messages * settings.messageBytes());
                });
        report.line("dashboard: " + dashboard.url());
        return dashboard;
    }

    private DemoResult exercise(DemoCluster cluster, MeterTotals meters) throws InterruptedException {
        nodes = cluster.nodes();
        try (DemoMembers members = DemoMembers.over(nodes, settings.group(), settings.ordering())) {
            return exercise(members, meters);
        }
    }

    private DemoResult exercise(DemoMembers members, MeterTotals meters) throws InterruptedException {
        Map<MemberId, DeliveryChecker> receivers = new LinkedHashMap<>();
        LatencyRecorder latency = new LatencyRecorder();
        List<GroupMember> all = members.members();
        for (int i = 0; i < all.size(); i++) {
            DeliveryChecker checker = new DeliveryChecker();
            receivers.put(all.get(i).self(), checker);
            all.get(i).onMessage(message -> {
                if (message.group().equals(settings.group())) {
                    checker.accept(message);
                    long sentMicros = Payloads.sentMicros(message.payload());
                    if (sentMicros >= 0) {
                        latency.record(Payloads.nowMicros() - sentMicros);
                    }
                }
            });
            members.join(i);
        }
        long joinNs = System.nanoTime();
        String inAgreedView = members.ordering() == Ordering.TOTAL ? " in the agreed view" : "";
        if (!Waits.until(members::everyoneSeesEveryone, VIEW_TIMEOUT, Duration.ofMillis(POLL_MS))) {
            return DemoResult.failedEarly(settings, "after " + VIEW_TIMEOUT.toSeconds() + " s not every member sees"
                    + " all " + nodes.size() + " members of group '" + settings.group() + "'" + inAgreedView + ": "
                    + members.viewSizes());
        }
        report.line(String.format(java.util.Locale.ROOT, "all %d members see each other%s after %.1f s; sending for %s",
                nodes.size(), inAgreedView, seconds(System.nanoTime() - joinNs),
                DemoReport.human(settings.duration())));

        long endNs = System.nanoTime() + settings.duration().toNanos();
        DemoTraffic traffic = new DemoTraffic(members, settings.messageBytes(), settings.ratePerMember(), endNs);
        this.traffic = traffic;
        DemoProgress progress = new DemoProgress(traffic, receivers, latency);
        traffic.start();
        String problem = sendAndDrain(traffic, progress, endNs);
        if (problem == null) {
            problem = traffic.firstFailure();
        }
        boolean stable = awaitStable(nodes);
        Histogram total = latency.total();
        List<DemoResult.SenderResult> senders = new ArrayList<>();
        for (MemberId sender : traffic.members()) {
            senders.add(new DemoResult.SenderResult(sender, traffic.sentBy(sender), progress.receivedFrom(sender)));
        }
        return new DemoResult(settings, senders, nodes.size(), traffic.totalSent(), progress.received(),
                traffic.sendingSeconds(), LatencyRecorder.percentileMs(total, 50),
                LatencyRecorder.percentileMs(total, 99), LatencyRecorder.maxMs(total),
                meters.sum(GcsMeters.RETRANSMITS), meters.sum(GcsMeters.NAKS_SENT),
                meters.sum(GcsMeters.WAN_DATAGRAMS_SENT), meters.sum(GcsMeters.EMULATOR_DATAGRAMS_DROPPED),
                nodes.get(0).tree(settings.group()).orElse(null), treesAgree(nodes), flows(), stable, problem,
                members.checkOrder());
    }

    /**
     * @return true if every node uses the same tree plan for the demo's group: the same shared tree, or (for a
     *         source-rooted strategy, whose tree differs per source) the same plan version
     */
    private boolean treesAgree(List<GcsNode> nodes) {
        java.util.Set<Object> distinct = new java.util.HashSet<>();
        for (GcsNode node : nodes) {
            GroupTree tree = node.tree(settings.group()).orElse(null);
            boolean perSource = tree != null && tree.strategy().equals("star");
            distinct.add(tree == null ? null : perSource ? tree.version() + "/" + tree.strategy() : tree);
        }
        return distinct.size() == 1 && !distinct.contains(null);
    }

    /**
     * @param sending how long the members send
     * @return how long the drain may take at most
     */
    static Duration drainLimit(Duration sending) {
        Duration scaled = sending.multipliedBy(DRAIN_PER_SENDING);
        return scaled.compareTo(DRAIN_TIMEOUT) > 0 ? scaled : DRAIN_TIMEOUT;
    }

    /**
     * Reports every interval while the members send, then until every member delivered every message, nothing
     * progresses for {@link #STALL_TIMEOUT}, or the drain limit passes ({@link #DRAIN_TIMEOUT} or
     * {@link #DRAIN_PER_SENDING} times the sending time, whichever is longer).
     *
     * @return what went wrong, or null
     */
    private String sendAndDrain(DemoTraffic traffic, DemoProgress progress, long endNs) throws InterruptedException {
        long startNs = System.nanoTime();
        long reportNs = settings.reportEvery().toNanos();
        long nextReportNs = startNs + reportNs;
        long lastReportNs = startNs;
        Duration drainLimit = drainLimit(settings.duration());
        long drainDeadlineNs = endNs + drainLimit.toNanos();
        long lastProgressNs = endNs;
        long lastDelivered = -1;
        long lastSent = -1;
        String problem = null;
        while (true) {
            long now = System.nanoTime();
            boolean sending = !traffic.done();
            long delivered = progress.delivered();
            if (!sending && delivered >= progress.expected()) {
                break;
            }
            if (now - endNs >= 0) {
                long sent = traffic.totalSent();
                if (delivered != lastDelivered || sent != lastSent) {
                    lastDelivered = delivered;
                    lastSent = sent;
                    lastProgressNs = now;
                } else if (now - lastProgressNs >= STALL_TIMEOUT.toNanos()) {
                    problem = "nothing progressed for " + STALL_TIMEOUT.toSeconds() + " s after sending"
                            + (sending ? " (a sender is blocked in send)" : "");
                    break;
                }
                if (now - drainDeadlineNs >= 0) {
                    problem = "not every message was delivered within " + drainLimit.toSeconds()
                            + " s after sending" + (sending ? " (a sender is still blocked in send)" : "");
                    break;
                }
            }
            if (now - nextReportNs >= 0) {
                report.interval(seconds(now - startNs), lastReportNs - endNs < 0 ? "sending" : "draining",
                        progress.nextInterval());
                report.flows(flows());
                lastReportNs = now;
                nextReportNs += reportNs;
            }
            if (sending) {
                traffic.awaitDone(Math.max(1, Math.min(POLL_MS, TimeUnit.NANOSECONDS.toMillis(nextReportNs - now))));
            } else {
                Thread.sleep(POLL_MS);
            }
        }
        if (!traffic.done()) {
            traffic.abort();
            traffic.awaitDone(5_000);
        }
        long now = System.nanoTime();
        if (now - lastReportNs >= TimeUnit.MILLISECONDS.toNanos(200)) {
            report.interval(seconds(now - startNs), problem == null ? "done" : "stopped", progress.nextInterval());
        }
        return problem;
    }

    /** @return the congestion state of every site's traffic to the demo's group, from the site delegates */
    private List<FlowStatus> flows() {
        List<FlowStatus> flows = new ArrayList<>();
        for (GcsNode node : nodes) {
            for (FlowStatus flow : node.flows()) {
                if (flow.group().equals(settings.group())) {
                    flows.add(flow);
                }
            }
        }
        return flows;
    }

    private boolean awaitStable(List<GcsNode> nodes) throws InterruptedException {
        long deadline = System.nanoTime() + STABLE_TIMEOUT.toNanos();
        boolean stable = true;
        for (GcsNode node : nodes) {
            long left = Math.max(1, deadline - System.nanoTime());
            stable &= node.awaitStable(Duration.ofNanos(left));
        }
        return stable;
    }

    private int finish(DemoResult result, boolean summaryPrinted) {
        if (!summaryPrinted) {
            report.line("FAILED: " + result.failureReason());
        }
        if (settings.json()) {
            out.println(JsonWriter.write(result.toJson()));
            out.flush();
        }
        if (result.passed()) {
            return 0;
        }
        err.println("gcs demo failed: " + result.failureReason());
        err.flush();
        return 1;
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
