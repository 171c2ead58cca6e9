package org.gcs.lab.ormcc;

import static org.gcs.lab.ormcc.OrmccLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.gcs.FlowStatus;
import org.gcs.emulator.LinkChange;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;
import org.gcs.lab.ChartWriter;
import org.gcs.tools.csv.CsvWriter;
import org.gcs.lab.GroupStart.Member;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabDriver;
import org.gcs.lab.LabProgress;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.RateTrack;
import org.gcs.lab.SeriesTable;
import org.gcs.lab.VirtualDriver;

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
 *   <li>{@code meanRateOverBottleneck}: the mean λ after the first 20 s over the bottleneck (pass in [0.6, 1.1]).</li>
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
    /** Pass bands. */
    static final double RATIO_HIGH = 1.1;
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
        LabProgress progress = ctx.progress();
        SeriesTable rates = new SeriesTable().declare("allowed rate λ").declare("sender (1-s average)")
                .declare("bottleneck");
        SeriesTable representative = new SeriesTable().declare("representative").declare("slowest receiver");
        List<Map<String, Object>> results = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Map<String, Object> summary = new LinkedHashMap<>();
        try (LabDriver driver = ctx.openDriver(wan, OrmccLab.THESIS_SETTINGS);
             CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), List.of("time_s", "expected_representative",
                     "representative", "representative_valid", "allowed_Bps", "sender_rate_1s_Bps", "bottleneck_Bps",
                     "avg_trac_representative_Bps", "dev_trac_representative_Bps"))) {
            VirtualDriver virtual = OrmccLab.virtual(driver, name());
            List<Member> members = new ArrayList<>();
            members.add(new Member(source, "src"));
            receivers.forEach(r -> members.add(new Member(r, "rcv")));
            Map<String, LabDriver.LabNode> nodes = OrmccLab.startAndSettle(driver, Map.of(GROUP, members), progress);
            long t0 = driver.nowNs();
            virtual.network().scheduleLinkChanges(schedule, virtual.network().nowNs());
            LabDriver.LabSender sender = driver.greedy(nodes.get(source + "/src"), GROUP, OrmccLab.MESSAGE_BYTES);
            progress.at(0, String.format(Locale.ROOT, "%s sends as fast as allowed to %d receivers for %.0f s; %d"
                    + " link changes scheduled", source, receivers.size(), runNs / 1e9, schedule.size()));
            RateTrack track = new RateTrack();
            track.add(t0, 0);
            List<Sample> samples = new ArrayList<>();
            long[] nextProgress = {t0 + 10 * S};
            driver.sampleFor(runNs, OrmccLab.SAMPLE_NS, now -> {
                track.add(now, sender.admittedWireBytes());
                long at = now - t0;
                Interval interval = intervalAt(intervals, at);
                Optional<FlowStatus> flow = driver.flow(source, GROUP);
                String cr = flow.flatMap(FlowStatus::limitingSite).orElse("");
                double allowed = flow.map(FlowStatus::allowedRateBytesPerSec).orElse(Double.NaN);
                double rate1 = track.rateOver(S);
                samples.add(new Sample(at, cr, allowed));
                csv.row(at / 1e9, interval.expected(), cr, flow.map(f -> f.extra("representativeValid")).orElse(Double.NaN),
                        allowed, rate1, interval.bottleneckBytesPerSec(),
                        flow.map(f -> f.extra("avgTracCrBytesPerSec")).orElse(Double.NaN),
                        flow.map(f -> f.extra("devTracCrBytesPerSec")).orElse(Double.NaN));
                rates.add(at / 1e9);
                rates.put("allowed rate λ", allowed);
                rates.put("sender (1-s average)", rate1);
                rates.put("bottleneck", interval.bottleneckBytesPerSec());
                representative.add(at / 1e9);
                representative.put("representative", cr.isEmpty() ? Double.NaN : receivers.indexOf(cr) + 1);
                representative.put("slowest receiver", receivers.indexOf(interval.expected()) + 1);
                if (now >= nextProgress[0]) {
                    nextProgress[0] += 10 * S;
                    progress.at(at / 1e9, String.format(Locale.ROOT, "representative %s (slowest %s), λ %s, sender %s",
                            cr.isEmpty() ? "-" : cr, interval.expected(), LabProgress.kb(allowed), LabProgress.kb(rate1)));
                }
            });
            sender.stop();
            for (Interval interval : intervals) {
                Map<String, Object> result = judge(interval, samples);
                results.add(result);
                check(result, failures);
                progress.line(String.format(Locale.ROOT, "[%.0f, %.0f) s: slowest %s, representative share %.3f,"
                        + " switch after %s s, mean λ / bottleneck %.3f", interval.fromNs() / 1e9,
                        interval.toNs() / 1e9, interval.expected(), (double) result.get("representativeShare"),
                        result.get("switchDelaySec"), (double) result.get("meanRateOverBottleneck")));
            }
            driver.flow(source, GROUP).ifPresent(f -> summary.put("sourceCounters", counters(f)));
            summary.put("receiverCounters", OrmccLab.monitorTotals(virtual.network(), receivers, source, GROUP));
        }
        summary.put("source", source);
        summary.put("receivers", receivers.size());
        summary.put("runSeconds", runNs / 1e9);
        summary.put("intervals", results);
        chart(ctx, rates, representative, intervals, receivers);
        return LabResult.judged(summary, failures, ctx.files());
    }

    /** One 100-ms reading. */
    private record Sample(long atNs, String representative, double allowedBytesPerSec) {
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
                double bytesPerSec = OrmccLab.bytesPerSec(link);
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

    private static Map<String, Object> judge(Interval interval, List<Sample> samples) {
        long skipNs = Math.min(SKIP_NS, (interval.toNs() - interval.fromNs()) / 2);
        int measured = 0;
        int matching = 0;
        List<Double> allowed = new ArrayList<>();
        Long switchNs = null;
        for (Sample s : samples) {
            if (s.atNs() < interval.fromNs() || s.atNs() >= interval.toNs()) {
                continue;
            }
            if (switchNs == null && s.representative().equals(interval.expected())) {
                switchNs = s.atNs() - interval.fromNs();
            }
            if (s.atNs() >= interval.fromNs() + skipNs) {
                measured++;
                matching += s.representative().equals(interval.expected()) ? 1 : 0;
                allowed.add(s.allowedBytesPerSec());
            }
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("fromSec", interval.fromNs() / 1e9);
        result.put("toSec", interval.toNs() / 1e9);
        result.put("expectedRepresentative", interval.expected());
        result.put("bottleneckBytesPerSec", interval.bottleneckBytesPerSec());
        result.put("representativeShare", OrmccLab.round(measured == 0 ? Double.NaN : matching / (double) measured, 3));
        result.put("switchDelaySec", switchNs == null ? null : OrmccLab.round(switchNs / 1e9, 1));
        result.put("meanRateBytesPerSec", OrmccLab.round(OrmccLab.mean(allowed), 1));
        result.put("meanRateOverBottleneck", OrmccLab.round(OrmccLab.mean(allowed) / interval.bottleneckBytesPerSec(),
                3));
        return result;
    }

    private static void check(Map<String, Object> result, List<String> failures) {
        String where = "[" + result.get("fromSec") + ", " + result.get("toSec") + ") s";
        double share = (double) result.get("representativeShare");
        if (!(share >= SHARE_MIN)) {
            failures.add(where + ": representative share " + share + " < " + SHARE_MIN);
        }
        Object delay = result.get("switchDelaySec");
        if (delay == null || (double) delay > SWITCH_MAX_NS / 1e9) {
            failures.add(where + ": switch to " + result.get("expectedRepresentative") + " after " + delay + " s > "
                    + SWITCH_MAX_NS / S + " s");
        }
        double ratio = (double) result.get("meanRateOverBottleneck");
        if (!(ratio >= RATIO_LOW && ratio <= RATIO_HIGH)) {
            failures.add(where + ": mean λ / bottleneck " + ratio + " outside [" + RATIO_LOW + ", " + RATIO_HIGH + "]");
        }
    }

    private static Map<String, Object> counters(FlowStatus flow) {
        Map<String, Object> counters = new LinkedHashMap<>();
        for (String key : List.of("indicationsReceived", "indicationsFromRepresentative", "indicationsSwitching",
                "indicationsIgnored", "representativeSwitches", "rateCuts", "representativeTimeouts", "rttMaxSec")) {
            counters.put(key, OrmccLab.round(flow.extra(key), 3));
        }
        return counters;
    }

    private void chart(LabContext ctx, SeriesTable rates, SeriesTable representative, List<Interval> intervals,
                       List<String> receivers) {
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
        rateChart.yMax(1.5 * rates.max("bottleneck") * 1e-3).write(ctx.file(name() + "-rate.png"));
        crChart.yMax(receivers.size() + 0.5).write(ctx.file(name() + "-representative.png"));
    }
}
