package org.gcs.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;
import org.gcs.tools.send.FixedRate;
import org.gcs.tools.send.Greedy;
import org.gcs.tools.send.MessageSend;
import org.gcs.tools.send.Pacing;
import org.gcs.tools.send.RealTimeSender;
import org.gcs.tools.send.SendCounter;

/**
 * The sender's workload: {@code W} warm-up messages, then {@code N} measured ones, sequence 1..W+N, each a fresh
 * payload of the run's size, handed to the system with its blocking send.
 *
 * <ul>
 *   <li>Unpaced (rate 0): back to back, as fast as the system admits them; each message carries the wall time
 *       just before its send call.</li>
 *   <li>Paced (rate R): the first {@link NodeSpec#unpacedWarmupMessages()} go unpaced (so that the JIT compiles
 *       the hot path and the system's rates settle), then message i of the rest is due at start + (i−1)/R and
 *       carries its <em>due</em> time, not the time it was actually sent: when the system pushes back and the
 *       sender falls behind, the waiting shows in the latencies instead of being hidden (no coordinated
 *       omission). A late sender does not skip messages; it sends the overdue ones back to back. Between the
 *       unpaced and the paced messages it waits until every receiver has the unpaced ones ({@link Draining}).
 *       Then the first {@link NodeSpec#briskWarmupMessages()} of the paced warm-up go at
 *       {@value #BRISK_RATE_PER_SEC} msg/s, each carrying the wall time of its send, and the rest at R.</li>
 * </ul>
 * A sender that {@link NodeSpec#settles() settles} goes on with warm-up messages after
 * {@link NodeSpec#settlePoint()} until it is told to measure (the parent waits until every node's JIT compiler is
 * done); every later message's sequence moves up by the warm-up messages it added, and its {@code sent} line says
 * where the warm-up ended ({@code warmup}).
 * When done it reports a {@code sent} line: the (due or actual) time of the first measured message, the time the
 * last send returned, and the achieved rate of the measured phase.
 */
final class LoadGenerator implements Runnable {
    /**
     * Messages per second of a paced run's brisk warm-up ({@link NodeSpec#briskWarmupMessages()}): fast enough that
     * 6 000 messages take 20 s, slow enough (2.4 Mbit/s of 1-KB messages) that they travel one by one, as paced
     * messages do, and that every system takes them at every WAN point without loss.
     */
    static final double BRISK_RATE_PER_SEC = 300;

    private final BenchEndpoint endpoint;
    private final NodeSpec spec;
    private final Consumer<NodeLine> report;
    private final Runnable firstMeasured;
    private final Settling settling;
    private final Draining draining;
    private final SendCounter counter;
    private volatile RealTimeSender phase;
    private volatile boolean stopped;
    private long firstMeasuredMicros = -1;
    /** The last warm-up message's sequence: unknown (no end) while a settling sender warms up. */
    private volatile long warmupEnd;

    /**
     * The stamp of every unpaced message: the wall clock at its send. One object for every unpaced phase (warm-up,
     * settling, measured): a lambda written at each phase would be a class of its own, and the first measured message
     * would then meet a type the JIT's profile of the send loop had never seen, deoptimize the loop and the system's
     * send path inlined into it, and have them compiled again in the measured phase (seen in lan-throughput: 0.1 to
     * 1.4 s of compilation per JVM in a measured phase of 2 to 3 s).
     */
    private static final LongUnaryOperator STAMP_NOW = message -> WallClock.nowMicros();

    /** Warm-up messages a settling sender adds between two looks at {@link Settling#measureNow()}. */
    static final long SETTLE_CHUNK = 1_000;
    /** The longest a sender settles before it gives up: twice what the bench waits for the compilers. */
    static final long MAX_SETTLE_NS = TimeUnit.MILLISECONDS.toNanos(2 * NodeAgent.SETTLE_TIMEOUT_MS);

    /** Holds a paced sender between its unpaced warm-up and its paced messages. */
    @FunctionalInterface
    interface Draining {
        /**
         * Returns once every receiver has the unpaced warm-up: paced messages sent while the system still works off
         * that burst would measure its backlog, not the system at the offered load (on a 200-ms WAN path a TCP
         * bridge took more than the 5 s of paced warm-up to deliver it, and p99 rose from 0.1 to 1.6 s).
         *
         * @param unpacedSent the unpaced messages sent
         */
        void awaitDelivered(long unpacedSent) throws InterruptedException;
    }

    /** Tells a settling sender when its warm-up may end. */
    @FunctionalInterface
    interface Settling {
        /** @return true once the measured messages may go (asked first after the sender's settle point) */
        boolean measureNow() throws InterruptedException;
    }

    /**
     * @param endpoint the sending node
     * @param spec the workload (size, counts, rate)
     * @param firstMeasured told just before the first measured message is sent
     * @param settling asked, when {@link NodeSpec#settles()}, after the settle point and after each chunk of more
     *        warm-up
     * @param draining waited for between an unpaced warm-up and the paced messages
     * @param report where the {@code sent} or {@code error} line goes
     */
    LoadGenerator(BenchEndpoint endpoint, NodeSpec spec, Runnable firstMeasured, Settling settling,
                  Draining draining, Consumer<NodeLine> report) {
        this.endpoint = endpoint;
        this.spec = spec;
        this.firstMeasured = firstMeasured;
        this.settling = settling;
        this.draining = draining;
        this.report = report;
        this.counter = new SendCounter(spec.messageBytes());
        this.warmupEnd = spec.settles() ? Long.MAX_VALUE : spec.warmupMessages();
    }

    @Override
    public void run() {
        long total = spec.warmupMessages() + spec.measuredMessages();
        long unpaced = spec.ratePerSec() > 0 ? Math.min(spec.unpacedWarmupMessages(), total) : total;
        long beforeSettling = spec.settles() ? Math.min(spec.settlePoint(), unpaced) : unpaced;
        if (!runPhase(new Greedy(1), 0, beforeSettling, STAMP_NOW)) {
            return;
        }
        long extra = 0;
        if (spec.settles()) {
            extra = settle(beforeSettling);
            if (extra < 0) {
                return;
            }
            warmupEnd = spec.warmupMessages() + extra;
        }
        if (beforeSettling < unpaced && !runPhase(new Greedy(1), beforeSettling + extra, unpaced - beforeSettling,
                STAMP_NOW)) {
            return;
        }
        if (unpaced < total) {
            if (unpaced > 0 && !awaitDelivered(unpaced + extra)) {
                return;
            }
            long brisk = Math.min(spec.briskWarmupMessages(), Math.max(0, spec.warmupMessages() - unpaced));
            if (brisk > 0 && !runPhase(FixedRate.messagesPerSec(BRISK_RATE_PER_SEC, 1, FixedRate.FULL_CATCH_UP),
                    unpaced + extra, brisk, STAMP_NOW)) {
                return;
            }
            FixedRate schedule = FixedRate.messagesPerSec(spec.ratePerSec(), 1, FixedRate.FULL_CATCH_UP);
            long[] startMicros = new long[1];
            if (!runPhase(schedule, unpaced + extra + brisk, total - unpaced - brisk, message -> {
                if (message == 1) {
                    // the schedule's start on the wall clock, back-dated from now by the time since it started
                    // (RealTimeSender's clock is System.nanoTime()): a stall of the sender between the start and
                    // this first stamp would otherwise make every due time late by it, and every latency short
                    startMicros[0] = WallClock.nowMicros() - (System.nanoTime() - schedule.startNs()) / 1_000;
                }
                return startMicros[0] + schedule.dueAfterStartNs(message) / 1_000;
            })) {
                return;
            }
        }
        try {
            if (!stopped) {
                endpoint.flush(); // every send taken before the figures are reported
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } catch (Exception e) {
            reportFailure(e);
            return;
        }
        if (stopped) {
            return;
        }
        long lastMicros = WallClock.nowMicros();
        double measuredSec = (lastMicros - firstMeasuredMicros) / 1e6;
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("sent", Long.toString(counter.admittedMessages()));
        fields.put("warmup", Long.toString(warmupEnd));
        fields.put("firstMeasuredMicros", Long.toString(firstMeasuredMicros));
        fields.put("lastSentMicros", Long.toString(lastMicros));
        fields.put("sendRatePerSec", String.format(java.util.Locale.ROOT, "%.1f",
                measuredSec > 0 ? spec.measuredMessages() / measuredSec : 0));
        report.accept(new NodeLine(NodeLine.SENT, fields));
    }

    /**
     * Goes on sending warm-up messages, {@link #SETTLE_CHUNK} at a time, until the parent lets the measured ones go.
     *
     * @param sentSoFar messages sent before
     * @return how many warm-up messages it added, or -1 if the run ends instead
     */
    private long settle(long sentSoFar) {
        long extra = 0;
        long startNs = System.nanoTime();
        try {
            while (!settling.measureNow()) {
                if (System.nanoTime() - startNs > MAX_SETTLE_NS) {
                    // the bench waits at most NodeAgent.SETTLE_TIMEOUT_MS for the compilers: it is gone or stuck
                    reportFailure(new IllegalStateException("no 'measure' from the bench after "
                            + TimeUnit.NANOSECONDS.toSeconds(MAX_SETTLE_NS) + " s of settling"));
                    return -1;
                }
                if (!runPhase(new Greedy(1), sentSoFar + extra, SETTLE_CHUNK, STAMP_NOW)) {
                    return -1;
                }
                extra += SETTLE_CHUNK;
            }
            return stopped ? -1 : extra;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** @return false if the run ends instead (stopped or interrupted) */
    private boolean awaitDelivered(long unpacedSent) {
        try {
            draining.awaitDelivered(unpacedSent);
            return !stopped;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Sends messages {@code before + 1 .. before + count}, stamped by {@code stampMicros} (given the phase's message
     * number, from 1), paced by {@code pacing}.
     *
     * @return true if all were sent; false if stopped, interrupted or failed (the failure is reported)
     */
    private boolean runPhase(Pacing pacing, long before, long count, LongUnaryOperator stampMicros) {
        RealTimeSender sender = new RealTimeSender(pacing, MessageSend.blocking(
                message -> send(before + message, stampMicros.applyAsLong(message))), counter).stopAfter(count);
        phase = sender;
        if (stopped) {
            return false;
        }
        sender.run();
        if (sender.end() == RealTimeSender.End.FAILED) {
            reportFailure(sender.failure());
        }
        return sender.end() == RealTimeSender.End.COUNT;
    }

    private void send(long seq, long stampMicros) throws Exception {
        endpoint.send(stamped(seq, stampMicros));
    }

    /**
     * The payload of message {@code seq}, noting the first measured one. Kept apart from the send, and not inlined
     * in the bench's node JVMs ({@link ChildJvmLauncher#HARNESS_JIT_OPTIONS}): its measured branch, never taken in
     * the warm-up, must not deoptimize the system's send path at the first measured message.
     */
    private byte[] stamped(long seq, long stampMicros) {
        boolean measured = seq > warmupEnd;
        if (measured && firstMeasuredMicros < 0) {
            firstMeasuredMicros = stampMicros;
            firstMeasured.run();
        }
        return BenchPayload.encode(spec.messageBytes(), measured ? BenchPayload.MEASURED : BenchPayload.WARMUP,
                seq, stampMicros);
    }

    private void reportFailure(Throwable failure) {
        report.accept(NodeLine.withText(NodeLine.ERROR, "send failed after " + counter.admittedMessages()
                + " messages: " + failure));
    }

    /** @return messages handed to the system so far */
    long sent() {
        return counter.admittedMessages();
    }

    /** Stops after the current send; no {@code sent} line follows. */
    void stop() {
        stopped = true;
        RealTimeSender current = phase;
        if (current != null) {
            current.stop();
        }
    }
}
