package org.gcs.lab;

import static org.gcs.lab.ScenarioSupport.GROUP;
import static org.gcs.lab.ScenarioSupport.MESSAGE_BYTES;
import static org.gcs.lab.ScenarioSupport.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.gcs.FlowStatus;
import org.gcs.emulator.Topology;
import org.gcs.tools.csv.CsvWriter;

/**
 * Seed 004 §4 test 3, fairness among the senders of one LAN: three members zikit1, zikit2, zikit3 in jerusalem
 * send to a group that all six ron6 sites joined. The paper's schedule, staggered: zikit1 for the whole test,
 * zikit2 for 180 s, zikit3 for 60 s: 0–300 / 60–240 / 120–180 s (× scale), five phases with 1, 2, 3, 2, 1 greedy
 * senders. Then a sixth phase of 60 s with unequal demands: zikit2 offers a fixed 20 % of the aggregate the site
 * was allowed in phase 5, zikit1 and zikit3 are greedy. Every 100 ms: each sender's achieved rate (3-s averages,
 * like the paper) and the site's allowed aggregate. Phase means skip the first sixth (10 s of 60).
 * Pass: Jain's index ≥ 0.95 over the active senders' means in every equal-demand phase; in the unequal phase
 * every sender within 10 % of its max-min share of the mean allowed aggregate.
 */
public final class LanFairnessScenario implements LabScenario {
    /** A phase: 60 s at scale 1. */
    static final long PHASE_NS = 60 * S;
    /** Fraction of a phase skipped in its means. */
    static final double SKIP_FRACTION = 1.0 / 6;
    /** The fixed sender's demand in the unequal phase, as a fraction of the aggregate. */
    static final double FIXED_FRACTION = 0.2;
    /** Jain's index every equal-demand phase must reach. */
    static final double MIN_JAIN = 0.95;
    /** The largest deviation from the max-min shares allowed in the unequal phase. */
    static final double MAX_DEVIATION = 0.10;
    static final List<String> MEMBERS = List.of("zikit1", "zikit2", "zikit3");
    private static final String SITE = Ron6.JERUSALEM;

    /** Who sends in each phase; the last phase is the unequal one (zikit2 at a fixed demand). */
    private static final List<PhasePlan> PLAN = List.of(
            new PhasePlan("one-sender", Set.of("zikit1")),
            new PhasePlan("two-senders", Set.of("zikit1", "zikit2")),
            new PhasePlan("three-senders", Set.of("zikit1", "zikit2", "zikit3")),
            new PhasePlan("two-senders-again", Set.of("zikit1", "zikit2")),
            new PhasePlan("one-sender-again", Set.of("zikit1")),
            new PhasePlan("unequal-demands", Set.of("zikit1", "zikit2", "zikit3")));
    private static final int UNEQUAL = PLAN.size() - 1;
    private static final String FIXED_MEMBER = "zikit2";

    private record PhasePlan(String name, Set<String> active) {
        List<String> activeInOrder() {
            return MEMBERS.stream().filter(active::contains).toList();
        }
    }

    @Override
    public String name() {
        return "lan-fairness";
    }

    @Override
    public String description() {
        return "three senders in jerusalem share their site's allowed rate max-min fairly";
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        Topology wan = ScenarioSupport.requireSites(ctx.topology(Ron6.TOPOLOGY), name(), Ron6.JERUSALEM);
        long phaseNs = ctx.scaledNs(PHASE_NS);
        LabProgress progress = ctx.progress();
        List<String> header = new ArrayList<>(List.of("time_s", "phase"));
        MEMBERS.forEach(m -> header.add(m + "_rate_3s_Bps"));
        header.addAll(List.of("sum_rate_3s_Bps", "allowed_Bps", "limiting_site"));
        MEMBERS.forEach(m -> header.add(m + "_grant_Bps"));
        MEMBERS.forEach(m -> header.add(m + "_demand_Bps"));
        SeriesTable series = new SeriesTable().declare("allowed aggregate (jerusalem)");
        MEMBERS.forEach(m -> series.declare(m + " (3-s average)"));
        Map<String, RateTrack> tracks = new LinkedHashMap<>();
        Map<String, List<LabDriver.LabSender>> sendersOf = new LinkedHashMap<>();
        MEMBERS.forEach(m -> {
            tracks.put(m, new RateTrack());
            sendersOf.put(m, new ArrayList<>());
        });
        List<Phase> phases = new ArrayList<>();
        Map<String, List<Double>> allowedByPhase = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> limitingByPhase = new LinkedHashMap<>();
        double fixedDemand = Double.NaN;
        try (LabDriver driver = ctx.openDriver(wan);
             CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), header)) {
            Map<String, LabDriver.LabNode> zikits = new LinkedHashMap<>();
            List<LabDriver.LabNode> everyone = new ArrayList<>();
            for (String member : MEMBERS) {
                LabDriver.LabNode node = driver.start(SITE, member);
                zikits.put(member, node);
                everyone.add(node);
            }
            for (String site : wan.sites()) {
                if (!site.equals(SITE)) {
                    everyone.add(driver.start(site, Ron6.member(site)));
                }
            }
            progress.line("started " + everyone.size() + " nodes on " + wan.name() + " (" + driver.name()
                    + " driver): zikit1, zikit2, zikit3 in jerusalem, one member in each other site");
            ScenarioSupport.joinAndSettle(driver, everyone, progress);
            long t0 = driver.nowNs();
            Map<String, LabDriver.LabSender> running = new TreeMap<>();
            tracks.values().forEach(t -> t.add(t0, 0));
            long[] nextProgress = {t0 + ScenarioSupport.PROGRESS_EVERY_NS};
            for (int i = 0; i < PLAN.size(); i++) {
                PhasePlan plan = PLAN.get(i);
                if (i == UNEQUAL) {
                    fixedDemand = fixedDemand(allowedByPhase.get(PLAN.get(i - 1).name()),
                            phases.get(i - 1), tracks.get("zikit1"));
                }
                // stop who no longer sends, start who begins; in the unequal phase zikit2 restarts at a fixed rate
                for (String member : MEMBERS) {
                    boolean wanted = plan.active().contains(member);
                    LabDriver.LabSender current = running.get(member);
                    if (current != null && !wanted) {
                        current.stop();
                        running.remove(member);
                    } else if (current == null && wanted) {
                        LabDriver.LabSender started = i == UNEQUAL && member.equals(FIXED_MEMBER)
                                ? driver.fixedRate(zikits.get(member), GROUP, MESSAGE_BYTES, fixedDemand)
                                : driver.greedy(zikits.get(member), GROUP, MESSAGE_BYTES);
                        running.put(member, started);
                        sendersOf.get(member).add(started);
                    }
                }
                long start = driver.nowNs();
                Phase phase = new Phase(plan.name(), start, start + phaseNs, SKIP_FRACTION);
                phases.add(phase);
                List<Double> allowedRates = new ArrayList<>();
                Map<String, Integer> limitingCounts = new TreeMap<>();
                allowedByPhase.put(plan.name(), allowedRates);
                limitingByPhase.put(plan.name(), limitingCounts);
                progress.at((start - t0) / 1e9, "phase " + plan.name() + ": " + describe(plan, i == UNEQUAL,
                        fixedDemand));
                driver.sampleFor(phaseNs, LabDriver.SAMPLE_STEP_NS, now -> {
                    Optional<FlowStatus> flow = driver.flow(SITE, GROUP);
                    List<Object> row = new ArrayList<>(List.of((now - t0) / 1e9, plan.name()));
                    series.add((now - t0) / 1e9);
                    double sum = 0;
                    StringBuilder rates = new StringBuilder();
                    for (String member : MEMBERS) {
                        RateTrack track = tracks.get(member);
                        track.add(now, sendersOf.get(member).stream().mapToLong(LabDriver.LabSender::admittedWireBytes)
                                .sum());
                        double rate3 = track.rateOver(3 * S);
                        sum += rate3;
                        row.add(rate3);
                        if (plan.active().contains(member) || rate3 > 0) {
                            series.put(member + " (3-s average)", rate3); // idle senders leave a gap, not a 0 line
                        }
                        rates.append(member).append(' ').append(LabProgress.kb(rate3)).append(", ");
                    }
                    double allowed = ScenarioSupport.allowed(flow);
                    String limiting = ScenarioSupport.limiting(flow);
                    row.add(sum);
                    row.add(allowed);
                    row.add(limiting);
                    for (String member : MEMBERS) {
                        row.add(senderOf(flow, member).map(FlowStatus.Sender::grantBytesPerSec).orElse(Double.NaN));
                    }
                    for (String member : MEMBERS) {
                        row.add(senderOf(flow, member).map(FlowStatus.Sender::demandBytesPerSec).orElse(Double.NaN));
                    }
                    csv.row(row.toArray());
                    series.put("allowed aggregate (jerusalem)", allowed);
                    if (phase.measured(now)) {
                        allowedRates.add(allowed);
                        if (!limiting.isEmpty()) {
                            limitingCounts.merge(limiting, 1, Integer::sum);
                        }
                    }
                    if (now >= nextProgress[0]) {
                        nextProgress[0] += ScenarioSupport.PROGRESS_EVERY_NS;
                        progress.at((now - t0) / 1e9, plan.name() + ": " + rates + "allowed " + LabProgress.kb(allowed)
                                + (limiting.isEmpty() ? "" : " (limited by " + limiting + ")"));
                    }
                });
            }
            running.values().forEach(LabDriver.LabSender::stop);
            ChartWriter chart = ChartWriter.chart("Fairness among the senders of one LAN: zikit1-3 in jerusalem",
                    "time (s)", "rate (KB/s, bytes on the wire; 3-s averages)");
            for (int i = 1; i < phases.size(); i++) {
                chart.marker((phases.get(i).startNs() - t0) / 1e9, i == UNEQUAL ? "unequal demands"
                        : PLAN.get(i).activeInOrder().size() + " sending");
            }
            double settled = (phases.get(0).measureFromNs() - t0) / 1e9;
            double top = Math.max(series.max("allowed aggregate (jerusalem)", settled),
                    series.max("zikit1 (3-s average)", settled));
            series.addTo(chart, 1e-3, Map.of("zikit1 (3-s average)", 2.0f,
                    "zikit2 (3-s average)", 2.0f, "zikit3 (3-s average)", 2.0f)).yMax(top * 1e-3 * 1.25)
                    .write(ctx.file(name() + ".png"));
        }
        List<Map<String, Object>> phaseSummaries = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            Phase phase = phases.get(i);
            PhasePlan plan = PLAN.get(i);
            Map<String, Double> means = new LinkedHashMap<>();
            for (String member : plan.activeInOrder()) {
                means.put(member, tracks.get(member).meanBetween(phase.measureFromNs(), phase.endNs()));
            }
            double meanAllowed = LabMath.mean(allowedByPhase.get(plan.name()));
            double jain = LabMath.jain(means.values().stream().map(v -> Double.isFinite(v) ? v : 0.0).toList());
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("name", plan.name());
            p.put("activeSenders", means.size());
            p.put("jain", ScenarioSupport.round(jain, 4));
            Map<String, Double> shares = null;
            if (i == UNEQUAL) {
                Map<String, Double> demands = new LinkedHashMap<>();
                for (String member : plan.activeInOrder()) {
                    demands.put(member, member.equals(FIXED_MEMBER) ? fixedDemand : Double.POSITIVE_INFINITY);
                }
                // max-min fairness is judged against the aggregate of each moment (LabMath.meanMaxMinShares);
                // the shares of the phase's mean aggregate are reported too: the gap is the rate's own swings
                shares = LabMath.meanMaxMinShares(allowedByPhase.get(plan.name()), demands);
                double deviation = LabMath.deviationFromShares(shares, means);
                p.put("maxMinDeviation", ScenarioSupport.round(deviation, 4));
                p.put("maxMinDeviationFromMeanAggregate",
                        ScenarioSupport.round(LabMath.maxMinDeviation(meanAllowed, demands, means), 4));
                p.put("fixedDemandBytesPerSec", ScenarioSupport.round(fixedDemand, 1));
                if (!(deviation <= MAX_DEVIATION)) {
                    failures.add(String.format(Locale.ROOT, "%s: a sender is %.1f %% off its max-min share (limit %.0f %%)",
                            plan.name(), deviation * 100, MAX_DEVIATION * 100));
                }
            } else if (!(jain >= MIN_JAIN)) {
                failures.add(String.format(Locale.ROOT, "%s: Jain's index %.3f < %.2f", plan.name(), jain, MIN_JAIN));
            }
            p.put("meanAllowedBytesPerSec", ScenarioSupport.round(meanAllowed, 1));
            p.put("meanAchievedAggregateBytesPerSec", ScenarioSupport.round(
                    means.values().stream().mapToDouble(Double::doubleValue).sum(), 1));
            p.put("limitingSite", ScenarioSupport.mostFrequent(limitingByPhase.get(plan.name())));
            List<Map<String, Object>> senders = new ArrayList<>();
            for (Map.Entry<String, Double> e : means.entrySet()) {
                Map<String, Object> s = new LinkedHashMap<>();
                s.put("member", e.getKey());
                s.put("meanRateBytesPerSec", ScenarioSupport.round(e.getValue(), 1));
                if (shares != null) {
                    s.put("maxMinShareBytesPerSec", ScenarioSupport.round(shares.get(e.getKey()), 1));
                }
                senders.add(s);
            }
            p.put("senders", senders);
            phaseSummaries.add(p);
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("phaseSeconds", phaseNs / 1e9);
        summary.put("phases", phaseSummaries);
        return LabResult.judged(summary, failures, ctx.files());
    }

    /** The fixed sender's demand: 20 % of the site's mean allowed aggregate in the previous phase. */
    private static double fixedDemand(List<Double> allowed, Phase previous, RateTrack zikit1) {
        double aggregate = LabMath.mean(allowed);
        if (!Double.isFinite(aggregate)) {
            aggregate = zikit1.meanBetween(previous.measureFromNs(), previous.endNs()); // unlimited: use the rate
        }
        return FIXED_FRACTION * aggregate;
    }

    private static Optional<FlowStatus.Sender> senderOf(Optional<FlowStatus> flow, String member) {
        return flow.flatMap(f -> f.senders().stream().filter(s -> s.member().equals(member)).findFirst());
    }

    private static String describe(PhasePlan plan, boolean unequal, double fixedDemand) {
        if (unequal) {
            return "zikit1 and zikit3 greedy, zikit2 at a fixed " + LabProgress.kb(fixedDemand)
                    + " (20 % of the aggregate)";
        }
        return String.join(", ", plan.activeInOrder()) + " send as fast as allowed";
    }
}
