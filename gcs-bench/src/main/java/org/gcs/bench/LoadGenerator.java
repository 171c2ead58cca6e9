package org.gcs.bench;

import java.util.LinkedHashMap;
import java.util.Map;
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
    private final SendCounter counter;
    private volatile RealTimeSender phase;
    private volatile boolean stopped;
    private long firstMeasuredMicros = -1;

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
        this.counter = new SendCounter(spec.messageBytes());
    }

    @Override
    public void run() {
        long total = spec.warmupMessages() + spec.measuredMessages();
        long unpaced = spec.ratePerSec() > 0 ? Math.min(spec.unpacedWarmupMessages(), total) : total;
        if (!runPhase(new Greedy(1), 0, unpaced, message -> WallClock.nowMicros())) {
            return;
        }
        if (unpaced < total) {
            FixedRate schedule = FixedRate.messagesPerSec(spec.ratePerSec(), 1, FixedRate.FULL_CATCH_UP);
            long[] startMicros = new long[1];
            if (!runPhase(schedule, unpaced, total - unpaced, message -> {
                if (message == 1) {
                    startMicros[0] = WallClock.nowMicros(); // the schedule started just before its first message
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
        fields.put("firstMeasuredMicros", Long.toString(firstMeasuredMicros));
        fields.put("lastSentMicros", Long.toString(lastMicros));
        fields.put("sendRatePerSec", String.format(java.util.Locale.ROOT, "%.1f",
                measuredSec > 0 ? spec.measuredMessages() / measuredSec : 0));
        report.accept(new NodeLine(NodeLine.SENT, fields));
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
        boolean measured = seq > spec.warmupMessages();
        if (measured && firstMeasuredMicros < 0) {
            firstMeasuredMicros = stampMicros;
            firstMeasured.run();
        }
        endpoint.send(BenchPayload.encode(spec.messageBytes(),
                measured ? BenchPayload.MEASURED : BenchPayload.WARMUP, seq, stampMicros));
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
