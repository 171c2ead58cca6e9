package org.gcs.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.gcs.tools.netns.WanNetwork;
import org.gcs.tools.threads.Threads;

/**
 * The parent's side of one run: starts every node at once and waits until each is {@code started}, has them
 * connect wave by wave (the first member of every site, then the second, ...; each wave after the previous one
 * {@code joined}), waits until
 * every node is {@code ready}, has the sender probe until every receiver saw a probe, starts the workload, follows
 * the progress (failing when nothing moves for the stall timeout; a scenario that {@link Scenario#settles()}
 * warms up until every node's JIT compilers are quiet, see {@link #settle}; a failover run kills a node halfway,
 * {@link #crashVictim}; an outage run cuts a site's link for a while, {@link #cutOneSite}), stops every node and
 * checks its {@code final} counts with {@link DeliveryVerdict}; then computes the run's figures. Any node's
 * {@code error} line or early end fails the run at once. Every node is stopped (or killed) whatever happens.
 */
final class RunDriver {
    private static final long START_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(90);
    private static final long JOIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    private static final long READY_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(NodeAgent.READY_TIMEOUT_MS + 10_000);
    private static final long PROBE_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);
    private static final long FINAL_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(20);
    private static final long POLL_MS = 250;
    private static final long PROGRESS_EVERY_NS = TimeUnit.SECONDS.toNanos(3);
    private static final long SETTLE_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(NodeAgent.SETTLE_TIMEOUT_MS + 10_000);

    private final NodeLauncher launcher;
    private final Duration stallTimeout;
    private final Consumer<String> progress;

    /**
     * @param launcher how nodes start
     * @param stallTimeout how long the traffic may stand still before the run fails
     * @param progress where progress lines go
     */
    RunDriver(NodeLauncher launcher, Duration stallTimeout, Consumer<String> progress) {
        this.launcher = launcher;
        this.stallTimeout = stallTimeout;
        this.progress = progress;
    }

    /**
     * Runs one system once.
     *
     * @param plan the nodes
     * @param run the run's number within its system, from 1
     * @return the figures
     * @throws BenchFailure if a node fails, a phase times out or a delivery check fails
     */
    RunResult run(RunPlan plan, int run) throws BenchFailure, InterruptedException {
        return run(plan, run, null);
    }

    /**
     * Runs one system once on an emulated WAN.
     *
     * @param plan the nodes
     * @param run the run's number within its system, from 1
     * @param wan the emulated WAN, whose site link is cut and restored when the plan has an {@linkplain
     *     RunPlan#outageSite() outage}; null off the WAN
     * @return the figures
     * @throws BenchFailure if a node fails, a phase times out or a delivery check fails
     */
    RunResult run(RunPlan plan, int run, WanNetwork wan) throws BenchFailure, InterruptedException {
        long startNs = System.nanoTime();
        String title = plan.system().id() + " run " + run;
        RunBoard board = new RunBoard();
        Map<String, NodeLauncher.RunningNode> nodes = new LinkedHashMap<>();
        try {
            for (NodeSpec spec : plan.nodes()) {
                nodes.put(spec.member(), launch(plan, run, spec, board));
            }
            awaitAll(board, nodes, names(plan.nodes()), NodeLine.STARTED, START_TIMEOUT_NS, "starting");
            double startedSec = seconds(startNs);
            for (List<NodeSpec> wave : plan.waves()) {
                for (NodeSpec spec : wave) {
                    nodes.get(spec.member()).command("connect");
                }
                awaitAll(board, nodes, names(wave), NodeLine.JOINED, JOIN_TIMEOUT_NS, "joining");
            }
            double joinedSec = seconds(startNs);
            awaitAll(board, nodes, names(plan.nodes()), NodeLine.READY, READY_TIMEOUT_NS, "seeing every member");
            List<String> masters = masters(plan, board);
            List<String> expected = plan.expectedMasters();
            if (!expected.isEmpty() && !masters.equals(expected)) {
                throw new BenchFailure(title + ": the nodes carrying traffic between sites are " + masters
                        + ", expected the oldest member of each site " + expected + "; a site split while its"
                        + " members joined (is the machine overloaded?)");
            }
            progress.accept(String.format(java.util.Locale.ROOT,
                    "%s: %d nodes started after %.1f s, joined after %.1f s, ready after %.1f s%s", title,
                    plan.nodes().size(), startedSec, joinedSec, seconds(startNs), masters.isEmpty() ? ""
                            : " (carrying traffic between sites: " + String.join(", ", masters) + ")"));
            String sender = plan.sender().member();
            nodes.get(sender).command("probe");
            awaitAll(board, nodes, names(plan.receivers()), NodeLine.PROBE_SEEN, PROBE_TIMEOUT_NS,
                    "waiting for the first probe");
            double probedSec = seconds(startNs);
            nodes.get(sender).command("go");
            // a paced sender settles at the end of its unpaced warm-up, before it reports it (LoadGenerator.run)
            if (plan.sender().settles()) {
                settle(plan, board, nodes, title);
            }
            if (plan.sender().ratePerSec() > 0 && plan.sender().unpacedWarmupMessages() > 0) {
                pace(plan, board, nodes, title);
            }
            if (plan.victim().isPresent()) {
                crashVictim(plan, board, nodes, title);
            }
            if (plan.outageSite().isPresent()) {
                cutOneSite(plan, board, nodes, title, wan);
            }
            List<String> receivers = names(plan.receivers());
            awaitTraffic(plan, board, nodes, title, () -> trafficDone(board, sender, receivers));
            double deliveredSec = seconds(startNs);
            for (NodeLauncher.RunningNode node : nodes.values()) {
                node.command("stop");
            }
            awaitAll(board, nodes, names(plan.survivors()), NodeLine.FINAL, FINAL_TIMEOUT_NS, "stopping");
            if (!plan.countsFaults() || plan.system().gcs()) {
                DeliveryVerdict.check(plan, board);   // GCS must survive the crash or the outage without a fault
            } else {
                progress.accept(title + (plan.victim().isPresent() ? ": after the crash, " : ": after the outage, ")
                        + DeliveryFaults.of(plan, board));
            }
            closeAll(nodes);
            progress.accept(String.format(java.util.Locale.ROOT,
                    "%s: probes seen after %.1f s, traffic delivered after %.1f s, nodes closed after %.1f s%s", title,
                    probedSec, deliveredSec, seconds(startNs), measuredCompilation(plan, board)));
            return RunFigures.of(plan, run, board, masters, seconds(startNs));
        } finally {
            closeAll(nodes);
        }
    }

    private NodeLauncher.RunningNode launch(RunPlan plan, int run, NodeSpec spec, RunBoard board)
            throws BenchFailure {
        String label = plan.system().id() + "-run" + run + "-" + spec.member();
        try {
            return launcher.launch(spec, label, board);
        } catch (IOException e) {
            throw new BenchFailure("cannot start node " + spec + ": " + e.getMessage());
        }
    }

    /**
     * Between the warm-up and the measured messages: once the sender reached its settle point ({@code warmed}), it
     * goes on warming up while every node waits until its JIT compilers are quiet ({@link QuietWatch}); then the
     * sender sends the measured messages. With four node JVMs on two cores, the compilers were a minute behind, and
     * compilations of the hot path ran into the measured phase and moved its figures by a third between runs
     * (docs/performance.md).
     */
    private void settle(RunPlan plan, RunBoard board, Map<String, NodeLauncher.RunningNode> nodes, String title)
            throws BenchFailure, InterruptedException {
        String sender = plan.sender().member();
        awaitTraffic(plan, board, nodes, title, () -> board.first(sender, NodeLine.WARMED).isPresent());
        long startNs = System.nanoTime();
        for (NodeLauncher.RunningNode node : nodes.values()) {
            node.command("settle");
        }
        awaitAll(board, nodes, names(plan.nodes()), NodeLine.SETTLED, SETTLE_TIMEOUT_NS,
                "waiting for the JIT compilers to go quiet in the warm-up");
        StringBuilder line = new StringBuilder(String.format(java.util.Locale.ROOT,
                "%s: JIT compilers quiet after %.1f s more of warm-up (compilation so far, ms:", title,
                seconds(startNs)));
        for (NodeSpec spec : plan.nodes()) {
            NodeLine settled = board.first(spec.member(), NodeLine.SETTLED).orElseThrow();
            line.append(' ').append(spec.member()).append(' ').append(settled.number("compileMillis"))
                    .append(settled.flag("quiet") ? "" : " (still compiling)");
        }
        progress.accept(line.append(')').toString());
        nodes.get(sender).command("measure");
    }

    /**
     * Between a paced sender's unpaced warm-up and its paced messages: once it reports {@code unpaced}, waits until
     * every receiver has delivered that many warm-up messages, then tells it to {@code pace} on. The paced messages
     * then measure the system at the offered load, not the backlog of the burst before them
     * ({@link LoadGenerator.Draining}).
     */
    private void pace(RunPlan plan, RunBoard board, Map<String, NodeLauncher.RunningNode> nodes, String title)
            throws BenchFailure, InterruptedException {
        String sender = plan.sender().member();
        awaitTraffic(plan, board, nodes, title, () -> board.first(sender, NodeLine.UNPACED).isPresent());
        long startNs = System.nanoTime();
        long unpaced = board.first(sender, NodeLine.UNPACED).orElseThrow().number("sent");
        List<String> receivers = names(plan.receivers());
        awaitTraffic(plan, board, nodes, title, () -> receivers.stream().allMatch(r -> board.latest(r,
                NodeLine.PROGRESS).map(l -> l.number("warmup")).orElse(0L) >= unpaced));
        progress.accept(String.format(java.util.Locale.ROOT, "%s: every receiver has the %d unpaced warm-up"
                + " messages, %.1f s after the last was sent; the paced messages go", title, unpaced,
                seconds(startNs)));
        nodes.get(sender).command("pace");
    }

    /**
     * The failover scenario's crash: once the sender has sent half its measured messages, kills the
     * {@linkplain RunPlan#victim() victim} (SIGKILL), which then counts neither as a receiver nor as a failed node.
     */
    private void crashVictim(RunPlan plan, RunBoard board, Map<String, NodeLauncher.RunningNode> nodes, String title)
            throws BenchFailure, InterruptedException {
        NodeSpec sender = plan.sender();
        long halfway = sender.warmupMessages() + sender.measuredMessages() / 2;
        awaitTraffic(plan, board, nodes, title, () -> sentSoFar(board, sender) >= halfway);
        String victim = plan.victim().orElseThrow().member();
        nodes.remove(victim).crash();
        progress.accept(String.format(java.util.Locale.ROOT, "%s: killed %s, which carried site %s's traffic to the"
                + " other sites, after %d messages sent", title, victim, sender.site(), sentSoFar(board, sender)));
    }

    /**
     * The outage scenario's cut: once the sender has sent {@link Scenario#OUTAGE_AFTER_SECONDS} s of its measured
     * messages, has every receiver keep its deliveries ({@code watch-backlog}), cuts the {@linkplain
     * RunPlan#outageSite() outage site}'s link for {@link Scenario#OUTAGE_SECONDS} s, restores it, and tells every
     * receiver when ({@code restored}). The link is restored whatever happens, so that the next run has its WAN.
     */
    private void cutOneSite(RunPlan plan, RunBoard board, Map<String, NodeLauncher.RunningNode> nodes, String title,
                            WanNetwork wan) throws BenchFailure, InterruptedException {
        NodeSpec sender = plan.sender();
        long cutAt = sender.warmupMessages() + Math.round(sender.ratePerSec() * Scenario.OUTAGE_AFTER_SECONDS);
        awaitTraffic(plan, board, nodes, title, () -> sentSoFar(board, sender) >= cutAt);
        int site = plan.outageSite().orElseThrow();
        for (String receiver : names(plan.receivers())) {
            nodes.get(receiver).command("watch-backlog");
        }
        if (wan == null) {
            throw new BenchFailure(title + ": an outage needs the emulated WAN");
        }
        wan.cutSite(site);
        long cutNs = System.nanoTime();
        long restoredMicros;
        try {
            progress.accept(String.format(java.util.Locale.ROOT, "%s: cut site %d's link for %d s after %d messages"
                    + " sent", title, site + 1, Scenario.OUTAGE_SECONDS, sentSoFar(board, sender)));
            long outageNs = TimeUnit.SECONDS.toNanos(Scenario.OUTAGE_SECONDS);
            awaitTraffic(plan, board, nodes, title, () -> System.nanoTime() - cutNs >= outageNs);
        } finally {
            wan.restoreSite(site);
            restoredMicros = WallClock.nowMicros();
        }
        for (String receiver : names(plan.receivers())) {
            nodes.get(receiver).command("restored " + restoredMicros);
        }
        progress.accept(String.format(java.util.Locale.ROOT, "%s: restored site %d's link after %.2f s of outage",
                title, site + 1, seconds(cutNs)));
    }

    private static long sentSoFar(RunBoard board, NodeSpec sender) {
        if (board.first(sender.member(), NodeLine.SENT).isPresent()) {
            return sender.warmupMessages() + sender.measuredMessages();
        }
        return board.latest(sender.member(), NodeLine.PROGRESS).map(l -> l.number("sent")).orElse(0L);
    }

    /**
     * Waits until {@code done}, failing when a node fails or nothing moves for the stall timeout; in a failover run,
     * nothing moving for the stall timeout after the sender has sent everything ends the wait instead: what has
     * not arrived by then is lost ({@link DeliveryFaults}).
     */
    private void awaitTraffic(RunPlan plan, RunBoard board, Map<String, NodeLauncher.RunningNode> nodes,
                              String title, java.util.function.BooleanSupplier done)
            throws BenchFailure, InterruptedException {
        String sender = plan.sender().member();
        List<String> receivers = names(plan.receivers());
        boolean draining = false;
        long lastChangeNs = System.nanoTime();
        long lastProgressNs = System.nanoTime();
        long lastSignature = -1;
        while (true) {
            board.await(() -> failure(board, nodes).isPresent() || done.getAsBoolean(),
                    TimeUnit.SECONDS.toNanos(1), POLL_MS);
            throwIfFailed(board, nodes);
            boolean sent = board.first(sender, NodeLine.SENT).isPresent();
            if (sent && plan.system() == BenchSystem.UDP && !draining) {
                draining = true;
                for (String receiver : receivers) {
                    nodes.get(receiver).command("drain");
                }
            }
            if (done.getAsBoolean()) {
                return;
            }
            long now = System.nanoTime();
            long signature = signature(board, nodes.keySet());
            if (signature != lastSignature) {
                lastSignature = signature;
                lastChangeNs = now;
            } else if (now - lastChangeNs > stallTimeout.toNanos() && sent && plan.countsFaults()) {
                progress.accept(title + ": no progress for " + stallTimeout.toSeconds() + " s after the sender"
                        + " finished; counting what arrived");
                return;
            } else if (now - lastChangeNs > stallTimeout.toNanos()) {
                throw new BenchFailure(title + ": no progress for " + stallTimeout.toSeconds() + " s; "
                        + describe(plan, board, nodes));
            }
            if (now - lastProgressNs >= PROGRESS_EVERY_NS) {
                lastProgressNs = now;
                progress.accept(title + ": " + trafficLine(plan, board));
            }
        }
    }

    private static boolean trafficDone(RunBoard board, String sender, List<String> receivers) {
        return board.first(sender, NodeLine.SENT).isPresent()
                && receivers.stream().allMatch(r -> board.first(r, NodeLine.DONE).isPresent());
    }

    private static long signature(RunBoard board, Iterable<String> nodes) {
        long sum = 0;
        for (String node : nodes) {
            Optional<NodeLine> line = board.latest(node, NodeLine.PROGRESS);
            if (line.isPresent()) {
                sum += line.get().number("warmup") + line.get().number("measured") + line.get().number("sent");
            }
            sum += board.first(node, NodeLine.DONE).isPresent() ? 1 : 0;
            sum += board.first(node, NodeLine.SENT).isPresent() ? 1 : 0;
        }
        return sum;
    }

    private static String trafficLine(RunPlan plan, RunBoard board) {
        NodeSpec sender = plan.sender();
        long total = sender.warmupMessages() + sender.measuredMessages();
        long sent = board.latest(sender.member(), NodeLine.PROGRESS).map(l -> l.number("sent")).orElse(0L);
        if (board.first(sender.member(), NodeLine.SENT).isPresent()) {
            sent = total;
        }
        long slowest = Long.MAX_VALUE;
        String slowestName = "-";
        for (NodeSpec receiver : plan.receivers()) {
            long got = board.latest(receiver.member(), NodeLine.PROGRESS)
                    .map(l -> l.number("warmup") + l.number("measured")).orElse(0L);
            if (got < slowest) {
                slowest = got;
                slowestName = receiver.member();
            }
        }
        StringBuilder line = new StringBuilder(String.format(java.util.Locale.ROOT,
                "sent %d/%d, slowest receiver %s has %d", sent, total, slowestName, slowest));
        for (NodeSpec node : plan.nodes()) {
            board.latest(node.member(), NodeLine.PROGRESS).map(l -> l.fields().get(NodeLine.TEXT))
                    .ifPresent(status -> line.append("\n    ").append(node.member()).append(": ").append(status));
        }
        return line.toString();
    }

    private void awaitAll(RunBoard board, Map<String, NodeLauncher.RunningNode> nodes, List<String> names,
                          String event, long timeoutNs, String phase) throws BenchFailure, InterruptedException {
        boolean ok = board.await(() -> failure(board, nodes).isPresent()
                || names.stream().allMatch(n -> board.first(n, event).isPresent()), timeoutNs, POLL_MS);
        throwIfFailed(board, nodes);
        if (!ok) {
            List<String> missing = names.stream().filter(n -> board.first(n, event).isEmpty()).toList();
            StringBuilder text = new StringBuilder("timed out after " + TimeUnit.NANOSECONDS.toSeconds(timeoutNs)
                    + " s " + phase + ": no '" + event + "' from " + String.join(", ", missing));
            for (String name : missing) {
                text.append("\n  ").append(name).append(": ").append(nodes.get(name).state()).append("; ")
                        .append(nodes.get(name).diagnostics());
            }
            throw new BenchFailure(text.toString());
        }
    }

    private static Optional<String> failure(RunBoard board, Map<String, NodeLauncher.RunningNode> nodes) {
        for (Map.Entry<String, NodeLauncher.RunningNode> node : nodes.entrySet()) {
            String name = node.getKey();
            Optional<NodeLine> error = board.first(name, NodeLine.ERROR);
            if (error.isPresent()) {
                return Optional.of("node " + name + " failed: " + error.get().fields().get(NodeLine.TEXT));
            }
            if (board.hasEnded(name) && board.first(name, NodeLine.FINAL).isEmpty()) {
                return Optional.of("node " + name + " ended unexpectedly (" + node.getValue().state() + "); "
                        + node.getValue().diagnostics());
            }
        }
        return Optional.empty();
    }

    private static void throwIfFailed(RunBoard board, Map<String, NodeLauncher.RunningNode> nodes)
            throws BenchFailure {
        Optional<String> failure = failure(board, nodes);
        if (failure.isPresent()) {
            throw new BenchFailure(failure.get());
        }
    }

    private static String describe(RunPlan plan, RunBoard board, Map<String, NodeLauncher.RunningNode> nodes) {
        StringBuilder text = new StringBuilder(trafficLine(plan, board)).append("; per node:");
        for (NodeSpec spec : plan.nodes()) {
            text.append("\n  ").append(spec.member()).append(": ")
                    .append(board.latest(spec.member(), NodeLine.PROGRESS).map(NodeLine::format).orElse("no progress"))
                    .append(board.first(spec.member(), NodeLine.DONE).isPresent() ? " (done)" : "");
        }
        return text.toString();
    }

    /** @return the JIT compilation time of each node in the measured phase, where the nodes told it */
    private static String measuredCompilation(RunPlan plan, RunBoard board) {
        StringBuilder text = new StringBuilder();
        for (NodeSpec spec : plan.nodes()) {
            Optional<NodeLine> last = board.first(spec.member(), NodeLine.FINAL);
            if (last.isPresent() && last.get().fields().containsKey("compileMillis")) {
                text.append(text.isEmpty() ? "; JIT compilation in the measured phase, ms:" : "")
                        .append(' ').append(spec.member()).append(' ').append(last.get().number("compileMillis"));
            }
        }
        return text.toString();
    }

    private static List<String> masters(RunPlan plan, RunBoard board) {
        List<String> masters = new ArrayList<>();
        if (plan.scenario().sites() > 1) {
            for (NodeSpec spec : plan.nodes()) {
                if (board.first(spec.member(), NodeLine.READY).map(l -> l.flag("master")).orElse(false)) {
                    masters.add(spec.member());
                }
            }
        }
        return masters;
    }

    private static List<String> names(List<NodeSpec> specs) {
        return specs.stream().map(NodeSpec::member).toList();
    }

    private static double seconds(long sinceNs) {
        return (System.nanoTime() - sinceNs) / 1e9;
    }

    /** Closes every node in parallel (a JGroups member takes a moment to leave). */
    private static void closeAll(Map<String, NodeLauncher.RunningNode> nodes) throws InterruptedException {
        if (nodes.isEmpty()) {
            return;
        }
        ExecutorService closer = Executors.newFixedThreadPool(nodes.size(), Threads.daemons("bench-close"));
        try {
            List<Future<?>> closing = new ArrayList<>();
            for (NodeLauncher.RunningNode node : nodes.values()) {
                closing.add(closer.submit(node::close));
            }
            for (Future<?> f : closing) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    // a node that fails to close was killed
                }
            }
        } finally {
            closer.shutdownNow();
            nodes.clear();
        }
    }
}
