package org.gcs.examples.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A scenario's result: every system's medians and the ratios that compare GCS with the baseline, oriented so that
 * above 1 is better for GCS: GCS / baseline for throughput, baseline / GCS for latency.
 *
 * @param scenario the scenario
 * @param systems the figures of each system, GCS first
 * @param wallSeconds the scenario's wall time, all runs
 */
public record ScenarioSummary(Scenario scenario, List<SystemFigures> systems, double wallSeconds) {
    /** Copies the list. */
    public ScenarioSummary {
        systems = List.copyOf(systems);
    }

    /**
     * @return the headline ratio: messages/s GCS / baseline (throughput), p99 latency baseline / GCS (latency);
     *         empty without a baseline
     */
    public Optional<Double> ratio() {
        Map<String, Double> ratios = ratios();
        return Optional.ofNullable(ratios.get(scenario.kind() == Scenario.Kind.LATENCY ? "p99" : "messagesPerSec"));
    }

    /** @return which figure {@link #ratio()} compares, e.g. {@code messagesPerSec gcs/jgroups-relay2} */
    public String ratioOf() {
        if (systems.size() < 2) {
            return "";
        }
        String gcs = systems.get(0).system().id();
        String base = systems.get(1).system().id();
        return scenario.kind() == Scenario.Kind.LATENCY ? "p99 latency " + base + "/" + gcs
                : "messagesPerSec " + gcs + "/" + base;
    }

    /** @return every ratio by figure: throughput figures GCS / baseline, latency percentiles baseline / GCS */
    public Map<String, Double> ratios() {
        Map<String, Double> ratios = new LinkedHashMap<>();
        if (systems.size() < 2) {
            return ratios;
        }
        SystemFigures gcs = systems.get(0);
        SystemFigures base = systems.get(1);
        if (scenario.kind() == Scenario.Kind.LATENCY) {
            ratios.put("p50", base.latency().p50Micros() / gcs.latency().p50Micros());
            ratios.put("p99", base.latency().p99Micros() / gcs.latency().p99Micros());
            ratios.put("p999", base.latency().p999Micros() / gcs.latency().p999Micros());
        } else {
            ratios.put("messagesPerSec", gcs.messagesPerSec() / base.messagesPerSec());
            ratios.put("megabytesPerSec", gcs.megabytesPerSec() / base.megabytesPerSec());
        }
        return ratios;
    }
}
