package org.gcs.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

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
 *       omission). A late sender does not skip messages; it sends the overdue ones back to back.</li>
 * </ul>
 * When done it reports a {@code sent} line: the (due or actual) time of the first measured message, the time the
 * last send returned, and the achieved rate of the measured phase.
 */
final class LoadGenerator implements Runnable {
    private final BenchEndpoint endpoint;
    private final NodeSpec spec;
    private final Consumer<NodeLine> report;
    private final Runnable firstMeasured;
    private final AtomicLong sent = new AtomicLong();
    private volatile boolean stopped;

    /**
     * @param endpoint the sending node
     * @param spec the workload (size, counts, rate)
     * @param firstMeasured told just before the first measured message is sent
     * @param report where the {@code sent} or {@code error} line goes
     */
    LoadGenerator(BenchEndpoint endpoint, NodeSpec spec, Runnable firstMeasured, Consumer<NodeLine> report) {
        this.endpoint = endpoint;
        this.spec = spec;
        this.firstMeasured = firstMeasured;
        this.report = report;
    }

    @Override
    public void run() {
        long total = spec.warmupMessages() + spec.measuredMessages();
        double intervalNs = spec.ratePerSec() > 0 ? 1e9 / spec.ratePerSec() : 0;
        long startNs = System.nanoTime();
        long startMicros = WallClock.nowMicros();
        long firstMeasuredMicros = -1;
        try {
            for (long seq = 1; seq <= total && !stopped; seq++) {
                long stampMicros;
                if (intervalNs > 0 && seq == spec.unpacedWarmupMessages() + 1) {
                    startNs = System.nanoTime();
                    startMicros = WallClock.nowMicros();
                }
                if (intervalNs > 0 && seq > spec.unpacedWarmupMessages()) {
                    long dueNs = startNs + Math.round((seq - 1 - spec.unpacedWarmupMessages()) * intervalNs);
                    waitUntil(dueNs);
                    stampMicros = startMicros + (dueNs - startNs) / 1_000;
                } else {
                    stampMicros = WallClock.nowMicros();
                }
                boolean measured = seq > spec.warmupMessages();
                if (measured && firstMeasuredMicros < 0) {
                    firstMeasuredMicros = stampMicros;
                    firstMeasured.run();
                }
                endpoint.send(BenchPayload.encode(spec.messageBytes(),
                        measured ? BenchPayload.MEASURED : BenchPayload.WARMUP, seq, stampMicros));
                sent.incrementAndGet();
            }
            if (!stopped) {
                endpoint.flush(); // every send taken before the figures are reported
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } catch (Exception e) {
            report.accept(NodeLine.withText(NodeLine.ERROR, "send failed after " + sent.get() + " messages: " + e));
            return;
        }
        if (stopped) {
            return;
        }
        long lastMicros = WallClock.nowMicros();
        double measuredSec = (lastMicros - firstMeasuredMicros) / 1e6;
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("sent", Long.toString(sent.get()));
        fields.put("firstMeasuredMicros", Long.toString(firstMeasuredMicros));
        fields.put("lastSentMicros", Long.toString(lastMicros));
        fields.put("sendRatePerSec", String.format(java.util.Locale.ROOT, "%.1f",
                measuredSec > 0 ? spec.measuredMessages() / measuredSec : 0));
        report.accept(new NodeLine(NodeLine.SENT, fields));
    }

    private static void waitUntil(long dueNs) throws InterruptedException {
        for (long left = dueNs - System.nanoTime(); left > 0; left = dueNs - System.nanoTime()) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    /** @return messages handed to the system so far */
    long sent() {
        return sent.get();
    }

    /** Stops after the current send; no {@code sent} line follows. */
    void stop() {
        stopped = true;
    }
}
