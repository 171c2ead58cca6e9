package org.gcs.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.tools.threads.Threads;

/**
 * The life of one benchmark node, on the node's side: reports {@code started} once its JVM runs, connects the
 * endpoint on the parent's {@code connect} (so the parent decides the order in which members join, while every
 * JVM starts at once), reports {@code joined} and, once it sees the whole run, {@code ready}; then obeys the
 * parent's commands, one per line:
 * <ul>
 *   <li>{@code probe} (sender): multicast probes until {@code go};</li>
 *   <li>{@code go} (sender): stop probing, send the warm-up and measured messages, then report {@code sent};</li>
 *   <li>{@code settle}: report {@code settled} once this JVM's JIT compilers are quiet ({@link QuietWatch}), or
 *       after {@link #SETTLE_TIMEOUT_MS} with {@code quiet=false};</li>
 *   <li>{@code measure} (a settling sender, which reported {@code warmed} and goes on warming up): end the
 *       warm-up and send the measured messages;</li>
 *   <li>{@code drain} (UDP sink): report {@code done} once no datagram arrived for {@link #QUIET_MS} ms;</li>
 *   <li>{@code watch-backlog} ({@code wan-outage}, when a site's link is cut): keep every delivery's times
 *       ({@link BacklogWatch}); {@code restored <µs since the epoch>}: when the link came back, so that the
 *       {@code final} line carries {@code backlogMicros}, from then to the last delivery of a message sent
 *       before it (0 if none was late, -1 if none arrived after the cut);</li>
 *   <li>{@code stop} or the end of input: report {@code final}, close, exit.</li>
 * </ul>
 * Every node reports {@code probe-seen} at its first probe, {@code done} when every measured message arrived,
 * and {@code progress} every second. When the node has a process of its own, its {@code final} line carries what
 * the process spent during the measured phase ({@link PhaseMeter}: CPU time, JIT compilation time, heap allocation
 * and GC pauses): from its first measured message (sent or delivered) to its {@code done} (a draining UDP sink:
 * after the quiet time; a UDP source: its {@code sent}), which leaves out start-up and most JIT compilation. A
 * parent that dies closes the node's input, which ends the node.
 */
final class NodeAgent {
    /** How long a node may take to see every member of the run. */
    static final long READY_TIMEOUT_MS = 60_000;
    /** Silence after which a draining UDP sink reports what it received. */
    static final long QUIET_MS = 300;
    /** How long a node waits at most for its JIT compilers to go quiet once the warm-up reached its settle point. */
    static final long SETTLE_TIMEOUT_MS = 60_000;

    private static final long POLL_MS = 10;
    private static final long CLOSE_WAIT_MS = 2_000;
    private static final long PROGRESS_EVERY_MS = 1_000;
    private static final String RESTORED = "restored ";

    /** Where the node's commands come from. */
    @FunctionalInterface
    interface Commands {
        /** @return the next command line, or null at the end of input */
        String next() throws IOException, InterruptedException;
    }

    private final NodeSpec spec;
    private final BenchEndpoint endpoint;
    private final PrintWriter out;
    private final Commands commands;
    private final AtomicBoolean doneReported = new AtomicBoolean();
    private final AtomicLong restoredMicros = new AtomicLong(-1);
    private final ArrivalCheck check;
    private final PhaseMeter meter;
    private final AtomicBoolean measure = new AtomicBoolean();
    private final CountDownLatch pace = new CountDownLatch(1);
    private final AtomicBoolean warmedReported = new AtomicBoolean();
    private Prober prober;
    private Thread proberThread;
    private volatile LoadGenerator generator;

    /**
     * @param spec the node's part in the run
     * @param endpoint the node of the system under test
     * @param out where the {@link NodeLine}s go
     * @param commands the parent's commands
     * @param meter this process's meter of the measured phase, or null when the node shares its process with others
     */
    NodeAgent(NodeSpec spec, BenchEndpoint endpoint, PrintWriter out, Commands commands, PhaseMeter meter) {
        this.spec = spec;
        this.meter = meter;
        this.endpoint = endpoint;
        this.out = out;
        this.commands = commands;
        this.check = new ArrivalCheck(spec.measuredMessages(), spec.recordLatency(),
                new ArrivalCheck.Listener() {
                    @Override
                    public void probeSeen() {
                        print(NodeLine.of(NodeLine.PROBE_SEEN));
                    }

                    @Override
                    public void firstMeasured() {
                        markStart();
                    }

                    @Override
                    public void allMeasured() {
                        reportDone();
                    }
                });
    }

    /**
     * Runs the node until {@code stop} or the end of input.
     *
     * @return 0 after a clean stop, 1 if the node failed (an {@code error} line says why)
     */
    int run() throws InterruptedException {
        print(NodeLine.of(NodeLine.STARTED));
        try {
            String first = commands.next();
            if (first == null || first.trim().equals("stop")) {
                endpoint.close();
                return 0;
            }
            if (!first.trim().equals("connect")) {
                print(NodeLine.withText(NodeLine.ERROR, "expected 'connect' first, got '" + first.trim() + "'"));
                endpoint.close();
                return 1;
            }
            endpoint.start(check::accept);
        } catch (Exception e) {
            print(NodeLine.withText(NodeLine.ERROR, "cannot start " + spec + ": " + e));
            endpoint.close();
            return 1;
        }
        ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor(
                Threads.daemons("bench-progress-" + spec.member()));
        try {
            print(new NodeLine(NodeLine.JOINED, Map.of("master", Boolean.toString(endpoint.master()))));
            if (!awaitReady()) {
                print(NodeLine.withText(NodeLine.ERROR, spec + " did not see the whole run within "
                        + READY_TIMEOUT_MS / 1000 + " s: " + endpoint.describe()));
                return 1;
            }
            Map<String, String> ready = new LinkedHashMap<>();
            ready.put("master", Boolean.toString(endpoint.master()));
            ready.put(NodeLine.TEXT, endpoint.describe());
            print(new NodeLine(NodeLine.READY, ready));
            progress.scheduleAtFixedRate(this::reportProgress, PROGRESS_EVERY_MS, PROGRESS_EVERY_MS,
                    TimeUnit.MILLISECONDS);
            obeyCommands();
            Map<String, String> last = counters();
            if (meter != null) {
                meter.addFigures(last);
            }
            if (restoredMicros.get() >= 0) {
                long cleared = check.backlog().clearedMicros(restoredMicros.get());
                last.put("backlogMicros", Long.toString(cleared < 0 ? -1 : Math.max(0, cleared
                        - restoredMicros.get())));
            }
            print(new NodeLine(NodeLine.FINAL, last));
            return 0;
        } catch (IOException e) {
            print(NodeLine.withText(NodeLine.ERROR, "cannot read commands: " + e));
            return 1;
        } finally {
            progress.shutdownNow();
            stopSending();
            closeWithin(CLOSE_WAIT_MS);
        }
    }

    /**
     * Closes the endpoint, waiting at most {@code waitMs}: leaving a cluster politely can take seconds (a RELAY2
     * site master's bridge), which measures nothing. The close goes on in the background; a child JVM exits anyway.
     */
    private void closeWithin(long waitMs) throws InterruptedException {
        Thread closer = Threads.daemon(endpoint::close, "bench-close-" + spec.member());
        closer.start();
        closer.join(waitMs);
    }

    private boolean awaitReady() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MS);
        while (!endpoint.ready()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MS);
        }
        return true;
    }

    private void obeyCommands() throws IOException, InterruptedException {
        for (String line = commands.next(); line != null; line = commands.next()) {
            switch (line.trim()) {
                case "probe" -> startProbing();
                case "go" -> startSending();
                case "settle" -> Threads.daemon(this::settle, "bench-settle-" + spec.member()).start();
                case "measure" -> measure.set(true);
                case "pace" -> pace.countDown();
                case "drain" -> Threads.daemon(this::drain, "bench-drain-" + spec.member()).start();
                case "watch-backlog" -> check.backlog().start();
                case "stop" -> {
                    return;
                }
                case "" -> {
                    // blank line
                }
                default -> {
                    if (line.trim().startsWith(RESTORED)) {
                        restored(line.trim().substring(RESTORED.length()).trim());
                    } else {
                        print(NodeLine.withText(NodeLine.ERROR, "unknown command '" + line.trim() + "' (use probe,"
                                + " go, settle, measure, pace, drain, watch-backlog, restored <micros> or stop)"));
                    }
                }
            }
        }
    }

    private void restored(String micros) {
        try {
            restoredMicros.set(Long.parseLong(micros));
        } catch (NumberFormatException e) {
            print(NodeLine.withText(NodeLine.ERROR, "'restored' needs the time in µs since the epoch, got '" + micros
                    + "'"));
        }
    }

    private void startProbing() {
        if (spec.sender() && prober == null) {
            prober = new Prober(endpoint, spec.messageBytes(), this::print);
            proberThread = Threads.daemon(prober, "bench-probe-" + spec.member());
            proberThread.start();
        }
    }

    private void markStart() {
        if (meter != null) {
            meter.markStart();
        }
    }

    private void markEnd() {
        if (meter != null) {
            meter.markEnd();
        }
    }

    /** The settling sender's question: reports {@code warmed} the first time, then answers {@code measure}. */
    private boolean measureNow() {
        if (warmedReported.compareAndSet(false, true)) {
            print(new NodeLine(NodeLine.WARMED, Map.of("sent", Long.toString(generator.sent()))));
        }
        return measure.get();
    }

    /** The paced sender's wait after its unpaced warm-up: reports {@code unpaced}, then waits for {@code pace}. */
    private void awaitPace(long unpacedSent) throws InterruptedException {
        print(new NodeLine(NodeLine.UNPACED, Map.of("sent", Long.toString(unpacedSent))));
        pace.await();
    }

    /**
     * Reports {@code settled} once this JVM's JIT compilers are quiet while the warm-up goes on ({@link QuietWatch}),
     * or after {@link #SETTLE_TIMEOUT_MS} with {@code quiet=false}.
     */
    private void settle() {
        long startNs = System.nanoTime();
        boolean quiet = JitClock.compileMillis() < 0; // a JVM that does not tell: nothing to wait for
        QuietWatch watch = new QuietWatch();
        try {
            while (!quiet && System.nanoTime() - startNs < TimeUnit.MILLISECONDS.toNanos(SETTLE_TIMEOUT_MS)) {
                quiet = watch.sample(TimeUnit.MILLISECONDS.toNanos(JitClock.compileMillis()), System.nanoTime());
                if (!quiet) {
                    TimeUnit.MILLISECONDS.sleep(POLL_MS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("quiet", Boolean.toString(quiet));
        fields.put("waitedMillis", Long.toString(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs)));
        fields.put("compileMillis", Long.toString(JitClock.compileMillis()));
        print(new NodeLine(NodeLine.SETTLED, fields));
    }

    private void startSending() throws InterruptedException {
        if (!spec.sender() || generator != null) {
            return;
        }
        if (prober != null) {
            prober.stop();
            proberThread.join();
        }
        generator = new LoadGenerator(endpoint, spec, this::markStart, this::measureNow, this::awaitPace,
                line -> {
                    if (line.event().equals(NodeLine.SENT) && spec.system() == BenchSystem.UDP) {
                        markEnd();
                    }
                    print(line);
                });
        Threads.daemon(generator, "bench-send-" + spec.member()).start();
    }

    private void stopSending() {
        measure.set(true);
        pace.countDown();
        if (prober != null) {
            prober.stop();
        }
        if (generator != null) {
            generator.stop();
        }
    }

    private void drain() {
        long lastDeliveries = -1;
        long quietSinceNs = System.nanoTime();
        try {
            while (true) {
                long deliveries = check.counts().deliveries();
                long now = System.nanoTime();
                if (deliveries != lastDeliveries) {
                    lastDeliveries = deliveries;
                    quietSinceNs = now;
                } else if (now - quietSinceNs >= TimeUnit.MILLISECONDS.toNanos(QUIET_MS)) {
                    reportDone();
                    return;
                }
                TimeUnit.MILLISECONDS.sleep(POLL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void reportDone() {
        markEnd();
        if (!doneReported.compareAndSet(false, true)) {
            return;
        }
        Map<String, String> fields = counters();
        if (spec.recordLatency()) {
            fields.put("samples", check.encodedSamples());
        }
        print(new NodeLine(NodeLine.DONE, fields));
    }

    private void reportProgress() {
        Map<String, String> fields = counters();
        String status = endpoint.status();
        if (!status.isEmpty()) {
            fields.put(NodeLine.TEXT, status);
        }
        print(new NodeLine(NodeLine.PROGRESS, fields));
    }

    private Map<String, String> counters() {
        ArrivalCheck.Counts counts = check.counts();
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("warmup", Long.toString(counts.warmup()));
        fields.put("measured", Long.toString(counts.measured()));
        fields.put("duplicates", Long.toString(counts.duplicates()));
        fields.put("outOfOrder", Long.toString(counts.outOfOrder()));
        fields.put("firstMicros", Long.toString(counts.firstMeasuredMicros()));
        fields.put("lastMicros", Long.toString(counts.lastMeasuredMicros() >= 0 ? counts.lastMeasuredMicros()
                : counts.latestMeasuredMicros()));
        fields.put("sent", Long.toString(generator == null ? 0 : generator.sent()));
        fields.put("orderHash", Long.toHexString(counts.orderHash()));
        fields.put("positionRegressions", Long.toString(counts.positionRegressions()));
        return fields;
    }

    private void print(NodeLine line) {
        synchronized (out) {
            out.println(line.format());
            out.flush();
        }
    }
}
