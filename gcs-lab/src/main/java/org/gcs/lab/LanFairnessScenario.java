package org.gcs.lab;

import static org.gcs.lab.RunPlan.When.START;
import static org.gcs.lab.ScenarioSupport.GROUP;
import static org.gcs.lab.ScenarioSupport.S;
import static org.gcs.lab.ScenarioSupport.round;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gcs.FlowStatus;
import org.gcs.emulator.Topology;

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
        Topology wan = LabTopologies.requireSites(ctx.topology(Ron6.TOPOLOGY), name(), Ron6.JERUSALEM);
        long phaseNs = ctx.scaledNs(PHASE_NS);
        RunPlan plan = RunPlan.on(wan);
        List<RunPlan.Member> everyone = new ArrayList<>(MEMBERS.stream().map(m -> new RunPlan.Member(SITE, m))
                .toList());
        wan.sites().stream().filter(s -> !s.equals(SITE)).forEach(s -> everyone.add(new RunPlan.Member(s,
                Ron6.member(s))));
        plan.group(GROUP, everyone).on(START, run -> MEMBERS.forEach(m -> run.traffic(m).begin()));
        for (int i = 0; i < PLAN.size(); i++) {
            int phase = i;
            plan.phase(PLAN.get(i).name(), phaseNs, Math.round(phaseNs * SKIP_FRACTION), run -> send(run, phase),
                    run -> "phase " + run.phase().name() + ": " + describe(PLAN.get(phase), phase == UNEQUAL,
                            run.record().note("fixedDemand")));
        }
        plan.column("time_s", Run::atSec).column("phase", r -> r.phase().name());
        MEMBERS.forEach(m -> plan.column(m + "_rate_3s_Bps", r -> r.traffic(m).rateOver(3 * S)));
        plan.column("sum_rate_3s_Bps", r -> MEMBERS.stream().mapToDouble(m -> r.traffic(m).rateOver(3 * S))
                .reduce(0, Double::sum))
                .column("allowed_Bps", r -> ScenarioSupport.allowed(r.flow(SITE, GROUP)))
                .column("limiting_site", r -> ScenarioSupport.limiting(r.flow(SITE, GROUP)));
        MEMBERS.forEach(m -> plan.column(m + "_grant_Bps", r -> senderOf(r.flow(SITE, GROUP), m)
                .map(FlowStatus.Sender::grantBytesPerSec).orElse(Double.NaN)));
        MEMBERS.forEach(m -> plan.column(m + "_demand_Bps", r -> senderOf(r.flow(SITE, GROUP), m)
                .map(FlowStatus.Sender::demandBytesPerSec).orElse(Double.NaN)));
        plan.progress(ScenarioSupport.PROGRESS_EVERY_NS, r -> {
            StringBuilder rates = new StringBuilder();
            MEMBERS.forEach(m -> rates.append(m).append(' ').append(LabProgress.kb(r.traffic(m).rateOver(3 * S)))
                    .append(", "));
            String limiting = ScenarioSupport.limiting(r.flow(SITE, GROUP));
            return r.phase().name() + ": " + rates + "allowed " + LabProgress.kb(ScenarioSupport.allowed(
                    r.flow(SITE, GROUP))) + (limiting.isEmpty() ? "" : " (limited by " + limiting + ")");
        });
        RunRecord record = RunTemplate.run(ctx, plan);

        LabReport report = new LabReport(ctx).csv(name() + ".csv", record.table()).chart(name() + ".png",
                chart(record));
        List<Map<String, Object>> phases = new ArrayList<>();
        for (int i = 0; i < PLAN.size(); i++) {
            phases.add(phase(record, i, report));
        }
        return report.putAll("phaseSeconds", phaseNs / 1e9, "phases", phases).result();
    }

    /** Stops who no longer sends and starts who begins; in the unequal phase zikit2 restarts at a fixed demand. */
    private static void send(Run run, int phase) {
        PhasePlan plan = PLAN.get(phase);
        if (phase == UNEQUAL) {
            run.note("fixedDemand", fixedDemand(run.record(), phase - 1));
        }
        for (String member : MEMBERS) {
            Traffic traffic = run.traffic(member);
            boolean wanted = plan.active().contains(member);
            if (traffic.sending() && !wanted) {
                traffic.stop();
            } else if (!traffic.sending() && wanted) {
                if (phase == UNEQUAL && member.equals(FIXED_MEMBER)) {
                    traffic.fixedRate(run.node(SITE, member), GROUP, run.record().<Double>note("fixedDemand"));
                } else {
                    traffic.greedy(run.node(SITE, member), GROUP);
                }
            }
        }
    }

    /** The fixed sender's demand: 20 % of the site's mean allowed aggregate in the previous phase. */
    private static double fixedDemand(RunRecord record, int previous) {
        double aggregate = SampleTable.mean(record.measured(previous), "allowed_Bps");
        if (!Double.isFinite(aggregate)) {
            aggregate = record.traffic("zikit1").mean(record.phase(previous)); // unlimited: use the rate
        }
        return FIXED_FRACTION * aggregate;
    }

    /** @return a phase's summary (its senders' means, Jain's index or the max-min deviation); adds its check */
    private static Map<String, Object> phase(RunRecord record, int i, LabReport report) {
        PhasePlan plan = PLAN.get(i);
        List<SampleTable.Row> measured = record.measured(i);
        Map<String, Double> means = new LinkedHashMap<>();
        for (String member : plan.activeInOrder()) {
            means.put(member, record.traffic(member).mean(record.phase(i)));
        }
        double meanAllowed = SampleTable.mean(measured, "allowed_Bps");
        double jain = LabMath.jain(means.values().stream().map(v -> Double.isFinite(v) ? v : 0.0).toList());
        Map<String, Object> p = LabReport.fields("name", plan.name(), "activeSenders", means.size(), "jain",
                round(jain, 4));
        Map<String, Double> shares = null;
        if (i == UNEQUAL) {
            double fixedDemand = record.note("fixedDemand");
            Map<String, Double> demands = new LinkedHashMap<>();
            for (String member : plan.activeInOrder()) {
                demands.put(member, member.equals(FIXED_MEMBER) ? fixedDemand : Double.POSITIVE_INFINITY);
            }
            // max-min fairness is judged against the aggregate of each moment (LabMath.meanMaxMinShares);
            // the shares of the phase's mean aggregate are reported too: the gap is the rate's own swings
            shares = LabMath.meanMaxMinShares(SampleTable.numbers(measured, "allowed_Bps"), demands);
            double deviation = LabMath.deviationFromShares(shares, means);
            p.putAll(LabReport.fields("maxMinDeviation", round(deviation, 4), "maxMinDeviationFromMeanAggregate",
                    round(LabMath.maxMinDeviation(meanAllowed, demands, means), 4), "fixedDemandBytesPerSec",
                    round(fixedDemand, 1)));
            report.check(Check.atMost(plan.name() + ": the largest deviation from a max-min share", deviation,
                    MAX_DEVIATION));
        } else {
            report.check(Check.atLeast(plan.name() + ": Jain's index", jain, MIN_JAIN));
        }
        p.putAll(LabReport.fields("meanAllowedBytesPerSec", round(meanAllowed, 1),
                "meanAchievedAggregateBytesPerSec", round(means.values().stream().mapToDouble(Double::doubleValue)
                        .sum(), 1), "limitingSite", SampleTable.mostFrequent(measured, "limiting_site")));
        List<Map<String, Object>> senders = new ArrayList<>();
        for (Map.Entry<String, Double> e : means.entrySet()) {
            Map<String, Object> s = LabReport.fields("member", e.getKey(), "meanRateBytesPerSec",
                    round(e.getValue(), 1));
            if (shares != null) {
                s.put("maxMinShareBytesPerSec", round(shares.get(e.getKey()), 1));
            }
            senders.add(s);
        }
        p.put("senders", senders);
        return p;
    }

    /** The senders' 3-s averages (an idle sender leaves a gap, not a 0 line) and the site's allowed aggregate. */
    private static ChartWriter chart(RunRecord record) {
        SeriesTable series = new SeriesTable().declare("allowed aggregate (jerusalem)");
        MEMBERS.forEach(m -> series.declare(m + " (3-s average)"));
        for (SampleTable.Row r : record.table().rows()) {
            series.add(r.num("time_s"));
            series.put("allowed aggregate (jerusalem)", r.num("allowed_Bps"));
            for (String member : MEMBERS) {
                double rate = r.num(member + "_rate_3s_Bps");
                if (PLAN.get(r.phase()).active().contains(member) || rate > 0) {
                    series.put(member + " (3-s average)", rate);
                }
            }
        }
        ChartWriter chart = ChartWriter.chart("Fairness among the senders of one LAN: zikit1-3 in jerusalem",
                "time (s)", "rate (KB/s, bytes on the wire; 3-s averages)");
        for (int i = 1; i < record.phases().size(); i++) {
            chart.marker((record.phase(i).startNs() - record.t0()) / 1e9, i == UNEQUAL ? "unequal demands"
                    : PLAN.get(i).activeInOrder().size() + " sending");
        }
        double settled = (record.phase(0).measureFromNs() - record.t0()) / 1e9;
        double top = Math.max(series.max("allowed aggregate (jerusalem)", settled),
                series.max("zikit1 (3-s average)", settled));
        return series.addTo(chart, 1e-3, Map.of("zikit1 (3-s average)", 2.0f, "zikit2 (3-s average)", 2.0f,
                "zikit3 (3-s average)", 2.0f)).yMax(top * 1e-3 * 1.25);
    }

    private static Optional<FlowStatus.Sender> senderOf(Optional<FlowStatus> flow, String member) {
        return flow.flatMap(f -> f.senders().stream().filter(s -> s.member().equals(member)).findFirst());
    }

    private static String describe(PhasePlan plan, boolean unequal, Double fixedDemand) {
        if (unequal) {
            return "zikit1 and zikit3 greedy, zikit2 at a fixed " + LabProgress.kb(fixedDemand)
                    + " (20 % of the aggregate)";
        }
        return String.join(", ", plan.activeInOrder()) + " send as fast as allowed";
    }
}
