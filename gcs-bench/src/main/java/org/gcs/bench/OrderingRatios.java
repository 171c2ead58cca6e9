package org.gcs.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The comparisons of the total-order scenarios ({@link Scenario#ordering()}), as plain quotients A / B of the
 * systems' medians, whatever the figure (so above 1 means more messages per second, or more latency or CPU time,
 * for A): GCS total against GCS fifo (the acceptance figure is {@code messagesPerSec gcs-total/gcs}, at least 0.7),
 * JGroups SEQUENCER against JGroups fifo, and GCS total against JGroups SEQUENCER. Throughput scenarios compare
 * {@code messagesPerSec}, latency ones {@code p50} and {@code p99}; both compare {@code cpuMicrosPerMessage}.
 */
final class OrderingRatios {
    /** The pairs compared, A first. */
    private static final List<BenchSystem[]> PAIRS = List.of(
            new BenchSystem[] {BenchSystem.GCS_TOTAL, BenchSystem.GCS},
            new BenchSystem[] {BenchSystem.JGROUPS_SEQUENCER, BenchSystem.JGROUPS_FIFO},
            new BenchSystem[] {BenchSystem.GCS_TOTAL, BenchSystem.JGROUPS_SEQUENCER});

    private OrderingRatios() {
    }

    /**
     * @param summary a scenario's results
     * @return every quotient whose two systems ran, keyed like {@code messagesPerSec gcs-total/gcs}; empty for the
     *         other scenarios
     */
    static Map<String, Double> of(ScenarioSummary summary) {
        Map<String, Double> ratios = new LinkedHashMap<>();
        if (!summary.scenario().ordering()) {
            return ratios;
        }
        boolean latency = summary.scenario().kind() == Scenario.Kind.LATENCY;
        for (BenchSystem[] pair : PAIRS) {
            Optional<SystemFigures> a = figures(summary, pair[0]);
            Optional<SystemFigures> b = figures(summary, pair[1]);
            if (a.isEmpty() || b.isEmpty()) {
                continue;
            }
            String of = " " + pair[0].id() + "/" + pair[1].id();
            if (latency) {
                ratios.put("p50" + of, a.get().latency().p50Micros() / b.get().latency().p50Micros());
                ratios.put("p99" + of, a.get().latency().p99Micros() / b.get().latency().p99Micros());
            } else {
                ratios.put("messagesPerSec" + of, a.get().messagesPerSec() / b.get().messagesPerSec());
            }
            ratios.put("cpuMicrosPerMessage" + of, a.get().cpuMicrosPerMessage() / b.get().cpuMicrosPerMessage());
        }
        return ratios;
    }

    /**
     * @param summary a scenario's results
     * @return the runs of total-order systems whose members were found to agree on their sequence
     */
    static long agreedRuns(ScenarioSummary summary) {
        return summary.systems().stream().flatMap(f -> f.runs().stream()).filter(r -> r.orderAgreedMembers() > 0)
                .count();
    }

    /**
     * @param system a total-order system
     * @param summary a scenario's results
     * @return its headline quotient against its FIFO counterpart (messages/s for throughput, p99 for latency), if
     *         both ran
     */
    static Optional<Double> totalOverFifo(BenchSystem system, ScenarioSummary summary) {
        BenchSystem fifo = system == BenchSystem.GCS_TOTAL ? BenchSystem.GCS
                : system == BenchSystem.JGROUPS_SEQUENCER ? BenchSystem.JGROUPS_FIFO : null;
        if (fifo == null || !summary.scenario().ordering()) {
            return Optional.empty();
        }
        String key = (summary.scenario().kind() == Scenario.Kind.LATENCY ? "p99 " : "messagesPerSec ") + system.id()
                + "/" + fifo.id();
        return Optional.ofNullable(of(summary).get(key));
    }

    private static Optional<SystemFigures> figures(ScenarioSummary summary, BenchSystem system) {
        return summary.systems().stream().filter(f -> f.system() == system).findFirst();
    }
}
