package org.gcs.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * A scenario's result: every system's medians and the ratios that compare GCS with its baseline, oriented so that
 * above 1 is better for GCS: GCS / baseline for throughput, baseline / GCS for latency. The CPU ratio is the plain
 * GCS / baseline quotient of CPU time per message, so below 1 is better for GCS there.
 *
 * <p>Like for like: every ratio compares systems of the same {@link Protection}, GCS as shipped (sealed) with the
 * sealed JGroups baselines and GCS with its protection lowered (plain) with the plain ones. {@link #comparisons()}
 * gives one comparison per protection that ran; the headline ({@link #ratio()}, {@link #baseline()}) is the sealed
 * one when it ran, else the plain one.
 *
 * <p>When a protection has several baselines (RELAY2 with Nagle's algorithm on its bridge and with TCP_NODELAY),
 * GCS is compared with the better one: the highest median messages/s for throughput, the lowest median p99 latency
 * (then p50) for latency. {@link #ratiosAgainst} gives the ratios against any of them. GCS is GCS with the group in
 * FIFO order; in the total-order scenarios {@link OrderingRatios} compares total with fifo order.
 *
 * @param scenario the scenario
 * @param systems the figures of each system, GCS first
 * @param wallSeconds the scenario's wall time, all runs
 * @param point a WAN scenario's point (each point has a summary of its own), null otherwise
 */
public record ScenarioSummary(Scenario scenario, List<SystemFigures> systems, double wallSeconds, WanPoint point) {
    /** Copies the list. */
    public ScenarioSummary {
        systems = List.copyOf(systems);
    }

    /**
     * A loopback scenario's summary.
     *
     * @param scenario the scenario
     * @param systems the figures of each system, GCS first
     * @param wallSeconds the scenario's wall time, all runs
     */
    public ScenarioSummary(Scenario scenario, List<SystemFigures> systems, double wallSeconds) {
        this(scenario, systems, wallSeconds, null);
    }

    /** @return the scenario's name, with the WAN point if any, e.g. {@code wan-throughput rtt=100ms loss=0.5%} */
    public String label() {
        return point == null ? scenario.id() : scenario.id() + " " + point.label();
    }

    /**
     * One like-for-like comparison: GCS of one protection against the better baseline of the same protection.
     *
     * @param protection what both sides' traffic runs under
     * @param gcs GCS's figures
     * @param baseline the baseline's figures
     * @param candidates every baseline of that protection, the chosen one among them
     */
    public record Comparison(Protection protection, SystemFigures gcs, SystemFigures baseline,
                             List<SystemFigures> candidates) {
        /** Copies the list. */
        public Comparison {
            candidates = List.copyOf(candidates);
        }
    }

    /** @return the headline GCS's figures (as shipped if it ran, else with its protection lowered), if GCS ran */
    public Optional<SystemFigures> gcs() {
        return gcs(Protection.SEALED).or(() -> gcs(Protection.PLAIN));
    }

    /**
     * @param protection a protection
     * @return the figures of GCS (FIFO order) under it, if it ran
     */
    public Optional<SystemFigures> gcs(Protection protection) {
        return systems.stream().filter(f -> f.system().gcsFifo() && f.system().protection() == protection)
                .findFirst();
    }

    /**
     * @return the figures of every system GCS is compared with (empty when GCS did not run): every JGroups or UDP
     *         system whose protection's GCS ran, except in the total-order scenarios the total-order ones (there GCS
     *         fifo is compared with JGroups fifo, and the orderings with each other by {@link OrderingRatios})
     */
    public List<SystemFigures> baselines() {
        return systems.stream().filter(f -> !f.system().gcs() && !f.system().totalOrder())
                .filter(f -> gcsFor(f).isPresent()).toList();
    }

    /**
     * @return one comparison per protection under which both GCS and a baseline ran: sealed first, then plain; none
     *         in the failover, fairness and outage scenarios
     */
    public List<Comparison> comparisons() {
        List<Comparison> comparisons = new ArrayList<>();
        if (scenario.kind() == Scenario.Kind.FAILOVER || scenario.kind() == Scenario.Kind.FAIRNESS
                || scenario.kind() == Scenario.Kind.OUTAGE) {
            // fault counts, shares against TCP and backlog times, reported per system, not rates to divide
            return comparisons;
        }
        for (Protection protection : List.of(Protection.SEALED, Protection.PLAIN)) {
            Optional<SystemFigures> gcs = gcs(protection);
            List<SystemFigures> candidates = baselines().stream()
                    .filter(f -> f.system().protection() == protection).toList();
            Optional<SystemFigures> best = candidates.stream().min(better());
            if (gcs.isPresent() && best.isPresent()) {
                comparisons.add(new Comparison(protection, gcs.get(), best.get(), candidates));
            }
        }
        if (comparisons.isEmpty()) {
            // raw UDP (protection none) against GCS: the ceiling, compared with the headline GCS
            Optional<SystemFigures> gcs = gcs();
            List<SystemFigures> candidates = baselines();
            Optional<SystemFigures> best = candidates.stream().min(better());
            if (gcs.isPresent() && best.isPresent()) {
                comparisons.add(new Comparison(gcs.get().system().protection(), gcs.get(), best.get(), candidates));
            }
        }
        return comparisons;
    }

    /** @return the headline comparison: the sealed one if it ran, else the plain one */
    public Optional<Comparison> headline() {
        return comparisons().stream().findFirst();
    }

    /**
     * @return the baseline the headline ratios compare GCS with: the better of the headline protection's baselines
     *         by the headline figure (highest messages/s; lowest p99 latency, then p50); empty without GCS or
     *         baseline
     */
    public Optional<SystemFigures> baseline() {
        return headline().map(Comparison::baseline);
    }

    /** @return the baselines the headline baseline was chosen from */
    public List<SystemFigures> candidates() {
        return headline().map(Comparison::candidates).orElse(List.of());
    }

    /** @return how {@link #baseline()} is chosen, e.g. {@code lowest p99 latency (then p50)} */
    public String baselineChosenBy() {
        return latency() ? "lowest p99 latency (then p50)" : "highest messagesPerSec";
    }

    /**
     * @return the headline ratio: messages/s GCS / baseline (throughput), p99 latency baseline / GCS (latency);
     *         empty without a baseline
     */
    public Optional<Double> ratio() {
        return baseline().map(this::ratioAgainst);
    }

    /** @return which figure {@link #ratio()} compares, e.g. {@code messagesPerSec gcs/jgroups-relay2-sealed} */
    public String ratioOf() {
        return baseline().map(this::ratioOf).orElse("");
    }

    /**
     * @param base one of {@link #baselines()}
     * @return the headline ratio of GCS (of the base's protection) against it, oriented as {@link #ratio()}
     */
    public double ratioAgainst(SystemFigures base) {
        return ratiosAgainst(base).get(latency() ? "p99" : "messagesPerSec");
    }

    /**
     * @param base one of {@link #baselines()}
     * @return which figure {@link #ratioAgainst} compares, e.g. {@code p99 latency jgroups-relay2/gcs-plain}
     */
    public String ratioOf(SystemFigures base) {
        String gcs = gcsFor(base).map(f -> f.system().id()).orElse("gcs");
        return latency() ? "p99 latency " + base.system().id() + "/" + gcs
                : "messagesPerSec " + gcs + "/" + base.system().id();
    }

    /** @return every ratio against {@link #baseline()} by figure (empty without one) */
    public Map<String, Double> ratios() {
        return baseline().map(this::ratiosAgainst).orElse(new LinkedHashMap<>());
    }

    /**
     * @param base a baseline
     * @return the GCS compared with it: the one of its protection, or the headline GCS for raw UDP
     */
    public Optional<SystemFigures> gcsFor(SystemFigures base) {
        return base.system().protection() == Protection.NONE ? gcs() : gcs(base.system().protection());
    }

    /**
     * @param base one of {@link #baselines()}
     * @return every ratio of GCS against it: throughput figures GCS / base, latency percentiles base / GCS
     */
    public Map<String, Double> ratiosAgainst(SystemFigures base) {
        SystemFigures gcs = gcsFor(base).orElseThrow(() -> new IllegalStateException("GCS of protection "
                + base.system().protection() + " did not run in " + scenario.id()));
        Map<String, Double> ratios = new LinkedHashMap<>();
        if (latency()) {
            ratios.put("p50", base.latency().p50Micros() / gcs.latency().p50Micros());
            ratios.put("p99", base.latency().p99Micros() / gcs.latency().p99Micros());
            ratios.put("p999", base.latency().p999Micros() / gcs.latency().p999Micros());
        } else {
            ratios.put("messagesPerSec", gcs.messagesPerSec() / base.messagesPerSec());
            ratios.put("megabytesPerSec", gcs.megabytesPerSec() / base.megabytesPerSec());
        }
        return ratios;
    }

    /**
     * @return CPU time per message, GCS / {@link #baseline()} (below 1: GCS spends less); empty without a baseline
     *         or when the CPU time is unknown (nodes sharing one JVM)
     */
    public Optional<Double> cpuRatio() {
        return baseline().flatMap(this::cpuRatioAgainst);
    }

    /**
     * @param base one of {@link #baselines()}
     * @return CPU time per message, GCS / base; empty when either is unknown
     */
    public Optional<Double> cpuRatioAgainst(SystemFigures base) {
        return gcsOver(base, SystemFigures::cpuMicrosPerMessage);
    }

    /**
     * @return CPU time per message without the JIT compilers' ({@link RunResult#cpuMicrosPerMessageWithoutJit()}),
     *         GCS / {@link #baseline()}; empty without a baseline or when either is unknown
     */
    public Optional<Double> cpuRatioWithoutJit() {
        return baseline().flatMap(this::cpuRatioWithoutJitAgainst);
    }

    /**
     * @param base one of {@link #baselines()}
     * @return CPU time per message without the JIT compilers', GCS / base; empty when either is unknown
     */
    public Optional<Double> cpuRatioWithoutJitAgainst(SystemFigures base) {
        return gcsOver(base, SystemFigures::cpuMicrosPerMessageWithoutJit);
    }

    /** @return a figure of the GCS that base is compared with, over base's; empty when either is unknown */
    private Optional<Double> gcsOver(SystemFigures base, ToDoubleFunction<SystemFigures> figure) {
        double ratio = figure.applyAsDouble(gcsFor(base).orElseThrow()) / figure.applyAsDouble(base);
        return Double.isNaN(ratio) || Double.isInfinite(ratio) ? Optional.empty() : Optional.of(ratio);
    }

    /** @return which figure {@link #cpuRatio()} compares, e.g. {@code cpuMicrosPerMessage gcs/jgroups-relay2} */
    public String cpuRatioOf() {
        return baseline().map(base -> "cpuMicrosPerMessage " + gcsFor(base).orElseThrow().system().id() + "/"
                + base.system().id()).orElse("");
    }

    private boolean latency() {
        return scenario.kind() == Scenario.Kind.LATENCY;
    }

    /** Orders baselines best first; NaN figures (nothing recorded) last. */
    private Comparator<SystemFigures> better() {
        if (latency()) {
            return Comparator.<SystemFigures>comparingDouble(f -> orLast(f.latency().p99Micros()))
                    .thenComparingDouble(f -> orLast(f.latency().p50Micros()));
        }
        return Comparator.comparingDouble(f -> highestFirst(f.messagesPerSec()));
    }

    private static double orLast(double value) {
        return Double.isNaN(value) ? Double.MAX_VALUE : value;
    }

    private static double highestFirst(double value) {
        return Double.isNaN(value) ? Double.MAX_VALUE : -value;
    }
}
