package org.gcs.lab;

import static org.gcs.lab.RunPlan.When.PHASE_END;
import static org.gcs.lab.ScenarioSupport.GROUP;
import static org.gcs.lab.ScenarioSupport.S;
import static org.gcs.lab.ScenarioSupport.round;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gcs.emulator.Topology;

/**
 * Seed 004 §4 test 1, rate restriction: all six ron6 sites in one group; each site in turn sends as fast as it is
 * allowed for 60 s (× scale) while the others are silent. Every 100 ms: each receiving site's reported acceptable
 * rate, the sending site's allowed rate and limiting site, and the sender's achieved rate (wire bytes admitted per
 * second, 1-s and 3-s averages). The means skip the first sixth of each turn (10 s at scale 1: slow start and
 * convergence). Pass: for every sender, mean rate / mean of the smallest finite reported rate is in [0.75, 1.25].
 */
public final class RateRestrictionScenario implements LabScenario {
    /** A turn of the paper. */
    static final long TURN_NS = 60 * S;
    /** Fraction of a turn skipped in the means (10 s of 60). */
    static final double SKIP_FRACTION = 1.0 / 6;
    /** The pass band of the ratio. */
    static final double RATIO_LOW = 0.75;
    /** The pass band of the ratio. */
    static final double RATIO_HIGH = 1.25;

    @Override
    public String name() {
        return "rate-restriction";
    }

    @Override
    public String description() {
        return "six sites, each in turn sends as fast as allowed; its rate follows the slowest receiver's report";
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        Topology wan = ctx.topology(Ron6.TOPOLOGY);
        List<String> sites = wan.sites();
        long turnNs = ctx.scaledNs(TURN_NS);
        long skipNs = Math.round(turnNs * SKIP_FRACTION);
        RunPlan plan = RunPlan.on(wan).group(GROUP, sites.stream().map(s -> new RunPlan.Member(s, Ron6.member(s)))
                .toList());
        for (int i = 0; i < sites.size(); i++) {
            String site = sites.get(i);
            int turn = i + 1;
            plan.phase(site, turnNs, skipNs, run -> run.traffic(site).greedy(run.node(site, Ron6.member(site)), GROUP),
                    run -> String.format(Locale.ROOT, "turn %d/%d: %s sends as fast as allowed for %.1f s", turn,
                            sites.size(), Ron6.label(site), turnNs / 1e9));
        }
        plan.on(PHASE_END, run -> {
            run.traffic(run.phase().name()).stop();
            Map<String, Object> t = turn(run.record(), run.phaseIndex());
            run.say(String.format(Locale.ROOT, "turn %d done: %s mean %s, mean slowest report %s, ratio %.3f,"
                    + " limited by %s", run.phaseIndex() + 1, t.get("site"),
                    LabProgress.kb((double) t.get("meanRateBytesPerSec")),
                    LabProgress.kb((double) t.get("meanMinReportedBytesPerSec")), (double) t.get("ratio"),
                    t.get("limitingSite")));
        });
        plan.column("time_s", Run::atSec).column("sender", r -> r.phase().name()).column("turn_time_s", Run::phaseSec);
        ScenarioSupport.senderColumns(plan, r -> r.phase().name(), r -> r.phase().name());
        ScenarioSupport.reportColumns(plan, r -> r.phase().name(), sites);
        plan.progress(ScenarioSupport.PROGRESS_EVERY_NS, r -> {
            String limiting = ScenarioSupport.limiting(r.flow(r.phase().name(), GROUP));
            return String.format(Locale.ROOT, "%s sends %s (3-s), allowed %s, limited by %s", r.phase().name(),
                    LabProgress.kb(r.traffic(r.phase().name()).rateOver(3 * S)),
                    LabProgress.kb(ScenarioSupport.allowed(r.flow(r.phase().name(), GROUP))),
                    limiting.isEmpty() ? "-" : limiting);
        });
        RunRecord record = RunTemplate.run(ctx, plan);

        LabReport report = new LabReport(ctx).csv(name() + ".csv", record.table());
        List<Map<String, Object>> senders = new ArrayList<>();
        for (int i = 0; i < sites.size(); i++) {
            Map<String, Object> t = turn(record, i);
            senders.add(t);
            report.check(Check.within(sites.get(i) + ": rate / slowest report", (double) t.get("ratio"), RATIO_LOW,
                    RATIO_HIGH));
            report.chart(name() + "-" + sites.get(i) + ".png", chart(record, i, sites));
        }
        return report.putAll("turnSeconds", turnNs / 1e9, "skippedSecondsPerTurn", skipNs / 1e9, "senders", senders)
                .result();
    }

    /** @return a turn's summary: the sender's mean rate, the mean slowest report, their ratio, the limiting site */
    private static Map<String, Object> turn(RunRecord record, int turn) {
        String site = record.phase(turn).name();
        List<SampleTable.Row> measured = record.measured(turn);
        double meanRate = record.traffic(site).mean(record.phase(turn));
        double meanMin = SampleTable.mean(measured, "min_reported_Bps");
        Map<String, Integer> limiting = SampleTable.counts(measured, "limiting_site");
        String limitingSite = SampleTable.mostFrequent(measured, "limiting_site");
        return LabReport.fields("site", site, "meanRateBytesPerSec", round(meanRate, 1),
                "meanMinReportedBytesPerSec", round(meanMin, 1), "ratio", round(LabMath.ratio(meanRate, meanMin), 4),
                "limitingSite", limitingSite, "limitingShare", limitingSite == null ? null
                        : round(limiting.get(limitingSite) / (double) measured.size(), 3),
                "meanAllowedBytesPerSec", round(SampleTable.mean(measured, "allowed_Bps"), 1),
                "samplesWithReport", SampleTable.countFinite(measured, "min_reported_Bps"),
                "samplesLimited", limiting.values().stream().mapToInt(Integer::intValue).sum());
    }

    private static ChartWriter chart(RunRecord record, int turn, List<String> sites) {
        String site = record.phase(turn).name();
        List<String> lines = new ArrayList<>(List.of("sender (1-s average)", "sender_rate_1s_Bps",
                "allowed (" + site + ")", "allowed_Bps"));
        sites.forEach(s -> lines.addAll(List.of("reported by " + s, "reported_" + s + "_Bps")));
        SeriesTable series = SampleTable.plot(record.rows(turn), "turn_time_s", lines.toArray(String[]::new));
        double settled = SKIP_FRACTION * series.x()[series.x().length - 1];
        double senderMax = Math.max(series.max("sender (1-s average)", settled),
                series.max("allowed (" + site + ")", settled));
        ChartWriter chart = ChartWriter.chart("Rate restriction: " + Ron6.label(site) + " sends, receivers report"
                + " acceptable rates (Eq. 1)", "time since the turn started (s)", "rate (KB/s, bytes on the wire)");
        return series.addTo(chart, 1e-3, Map.of("sender (1-s average)", 2.4f)).yMax(senderMax * 1e-3 * 2.0);
    }
}
