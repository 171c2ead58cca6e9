package org.gcs.examples.bench;

import java.util.List;
import org.HdrHistogram.Histogram;

/** Computes a run's figures from the lines its nodes reported (after {@link DeliveryVerdict} passed). */
final class RunFigures {
    private RunFigures() {
    }

    /**
     * Throughput is measured from the first measured message's send time (the sender's wall clock) to the moment
     * the last receiver delivered its last measured message (its wall clock; one machine, one clock): the rate
     * at which every receiver got everything. Latencies merge the histograms of the recording receivers.
     *
     * @param plan the run's nodes
     * @param run the run's number
     * @param board what they reported
     * @param masters the nodes carrying traffic between sites
     * @param wallSeconds the run's wall time
     * @return the figures
     */
    static RunResult of(RunPlan plan, int run, RunBoard board, List<String> masters, double wallSeconds) {
        NodeSpec sender = plan.sender();
        NodeLine sent = board.first(sender.member(), NodeLine.SENT).orElseThrow();
        long firstMeasuredMicros = sent.number("firstMeasuredMicros");
        long lastMicros = Long.MIN_VALUE;
        long delivered = Long.MAX_VALUE;
        Histogram latencies = new Histogram(3);
        for (NodeSpec receiver : plan.receivers()) {
            NodeLine done = board.first(receiver.member(), NodeLine.DONE).orElseThrow();
            lastMicros = Math.max(lastMicros, done.number("lastMicros"));
            delivered = Math.min(delivered, done.number("measured"));
            if (done.fields().containsKey("histogram")) {
                latencies.add(HistogramCodec.decode(done.text("histogram")));
            }
        }
        long durationMicros = Math.max(1, lastMicros - firstMeasuredMicros);
        double messagesPerSec = delivered / (durationMicros / 1e6);
        double lossRate = plan.system() == BenchSystem.UDP
                ? 1.0 - (double) delivered / sender.measuredMessages() : 0.0;
        long cpuMicros = 0;
        boolean cpuKnown = true;
        for (NodeSpec node : plan.nodes()) {
            NodeLine last = board.first(node.member(), NodeLine.FINAL).orElseThrow();
            cpuKnown &= last.fields().containsKey("cpuMicros");
            cpuMicros += cpuKnown ? last.number("cpuMicros") : 0;
        }
        double cpuPerMessage = cpuKnown ? (double) cpuMicros / sender.measuredMessages() : Double.NaN;
        return new RunResult(plan.scenario(), plan.system(), run, sender.measuredMessages(), sender.messageBytes(),
                delivered, durationMicros, messagesPerSec, messagesPerSec * sender.messageBytes() / 1e6,
                Double.parseDouble(sent.text("sendRatePerSec")), LatencyFigures.of(latencies), lossRate, cpuPerMessage,
                masters, wallSeconds);
    }
}
