package org.gcs.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/** Computes a run's figures from the lines its nodes reported (after {@link DeliveryVerdict} passed). */
final class RunFigures {
    private RunFigures() {
    }

    /**
     * Throughput is the rate at which the slowest receiver delivered the measured messages: for every receiver
     * (delivered measured messages − 1) / (receive time of its last measured message − receive time of its first),
     * the smallest of these. It starts at each receiver's first measured delivery, not at the first measured send,
     * so that messages a sender ran ahead with during the warm-up (as many as its flow control lets it queue: with
     * JGroups' MFC 5 MB of credits, 50 000 messages of 100 bytes) do not count against the measured ones. The
     * end-to-end rate keeps the former definition: measured messages / (from the first measured message's send
     * time, the sender's wall clock, to the moment the last receiver delivered its last measured message; one
     * machine, one clock). Latencies are the recording receivers' samples, one by one and in a histogram.
     *
     * @param plan the run's nodes
     * @param run the run's number
     * @param board what they reported
     * @param masters the nodes carrying traffic between sites
     * @param wallSeconds the run's wall time
     * @return the figures (CPU and memory of the surviving nodes only in a failover run)
     */
    static RunResult of(RunPlan plan, int run, RunBoard board, List<String> masters, double wallSeconds)
            throws BenchFailure {
        NodeSpec sender = plan.sender();
        NodeLine sent = board.first(sender.member(), NodeLine.SENT).orElseThrow();
        long firstMeasuredMicros = sent.number("firstMeasuredMicros");
        long lastMicros = Long.MIN_VALUE;
        long delivered = Long.MAX_VALUE;
        double slowestPerSec = Double.POSITIVE_INFINITY;
        long windowStartMicros = -1;
        long windowEndMicros = -1;
        Histogram latencies = new Histogram(3);
        List<LatencySample> samples = new ArrayList<>();
        for (NodeSpec receiver : plan.receivers()) {
            Optional<NodeLine> doneLine = board.first(receiver.member(), NodeLine.DONE);
            if (doneLine.isEmpty()) {
                // only in a failover run: the receiver lost messages (DeliveryFaults), count what it has
                delivered = Math.min(delivered, board.first(receiver.member(), NodeLine.FINAL).orElseThrow()
                        .number("measured"));
                continue;
            }
            NodeLine done = doneLine.get();
            long last = done.number("lastMicros");
            long measured = done.number("measured");
            lastMicros = Math.max(lastMicros, last);
            delivered = Math.min(delivered, measured);
            double rate = deliveryRate(measured, done.number("firstMicros"), last);
            if (rate < slowestPerSec) {
                slowestPerSec = rate;
                windowStartMicros = done.number("firstMicros");
                windowEndMicros = last;
            }
            if (done.fields().containsKey("samples")) {
                for (LatencySample sample : LatencySamples.decode(receiver.member(), done.text("samples"))) {
                    latencies.recordValue(sample.latencyMicros());
                    samples.add(sample);
                }
            }
        }
        long durationMicros = Math.max(1, (lastMicros == Long.MIN_VALUE ? firstMeasuredMicros : lastMicros)
                - firstMeasuredMicros);
        double endToEndPerSec = delivered / (durationMicros / 1e6);
        double messagesPerSec = Double.isNaN(slowestPerSec) || Double.isInfinite(slowestPerSec) ? endToEndPerSec
                : slowestPerSec;
        double lossRate = plan.system() == BenchSystem.UDP
                ? 1.0 - (double) delivered / sender.measuredMessages() : 0.0;
        List<NodeLine> finals = plan.survivors().stream()
                .map(node -> board.first(node.member(), NodeLine.FINAL).orElseThrow()).toList();
        long cpuMicros = 0;
        boolean cpuKnown = true;
        for (NodeLine last : finals) {
            cpuKnown &= last.fields().containsKey(PhaseMeter.CPU_MICROS);
            cpuMicros += cpuKnown ? last.number(PhaseMeter.CPU_MICROS) : 0;
        }
        double cpuPerMessage = cpuKnown ? (double) cpuMicros / sender.measuredMessages() : Double.NaN;
        return new RunResult(plan.scenario(), plan.system(), run, sender.measuredMessages(), sender.messageBytes(),
                delivered, durationMicros, messagesPerSec, messagesPerSec * sender.messageBytes() / 1e6,
                Double.parseDouble(sent.text("sendRatePerSec")), LatencyFigures.of(latencies), lossRate, cpuPerMessage,
                masters, wallSeconds, endToEndPerSec,
                plan.system().totalOrder() ? DeliveryVerdict.checkAgreement(plan, board) : 0,
                DeliveryFaults.of(plan, board), windowStartMicros, windowEndMicros, CompetingTcp.NONE,
                backlogMillis(plan, board), samples, MemoryFigures.of(finals, sender.measuredMessages()),
                JvmCpuFigures.of(finals, sender.measuredMessages()));
    }

    /**
     * @return wan-outage: the longest backlog time any receiver reported, in milliseconds (a receiver that
     *     delivered nothing after the cut, -1, does not count: its losses are in the faults); NaN without an outage
     */
    private static double backlogMillis(RunPlan plan, RunBoard board) {
        if (plan.outageSite().isEmpty()) {
            return Double.NaN;
        }
        long longestMicros = -1;
        for (NodeSpec receiver : plan.receivers()) {
            NodeLine last = board.first(receiver.member(), NodeLine.FINAL).orElseThrow();
            if (last.fields().containsKey("backlogMicros")) {
                longestMicros = Math.max(longestMicros, last.number("backlogMicros"));
            }
        }
        return longestMicros < 0 ? Double.NaN : longestMicros / 1000.0;
    }

    /**
     * @return messages per second between a receiver's first and last measured delivery; +∞ (ignored) when it
     *         delivered fewer than two or all at the same microsecond
     */
    private static double deliveryRate(long measured, long firstMicros, long lastMicros) {
        long windowMicros = lastMicros - firstMicros;
        if (measured < 2 || firstMicros < 0 || windowMicros <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        return (measured - 1) / (windowMicros / 1e6);
    }
}
