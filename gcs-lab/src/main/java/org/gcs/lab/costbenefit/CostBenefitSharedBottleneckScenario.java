package org.gcs.lab.costbenefit;

import static org.gcs.lab.RunPlan.When.END;
import static org.gcs.lab.RunPlan.When.SAMPLE;
import static org.gcs.lab.RunPlan.When.START;
import static org.gcs.lab.costbenefit.CostBenefitLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
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
import org.gcs.lab.costbenefit.CostBenefitLab.BufferWatch;

/**
 * {@code cost-benefit-shared-bottleneck}: seed 000's Scenario 2 (Figs 6–9; spec CB2 and CB2b). The sites, tree and
 * clients of Scenario 1, but E–G (2 Mbit/s) is the bottleneck both flows share: S_acfg (20 clients in A to C, F, G)
 * and S_cdg (20 clients in C to D, G). E–F is 10 Mbit/s; B–D stays 1 Mbit/s.
 * <ul>
 *   <li>Run A (Figs 6–7): both flows from the start for 300 s, measured over [60, 300] s. {@code groupRatio} =
 *       |a − b| / mean, {@code utilisation} = (a + b) / C(E–G), {@code clientMeansCov} = the coefficient of
 *       variation of the 20 S_acfg clients' means, {@code maxBufferPackets} = the largest 100-ms peak of E → G's
 *       waiting packets. The paper: 997.3 and 997.6 kbit/s, the buffer under 150, the clients within 4.6 %.</li>
 *   <li>Run B (Figs 8–9): S_acfg alone from the start, S_cdg from 200 s, E–G down to 1 Mbit/s at 400 s, to 600 s.
 *       {@code adaptSec}: from 200 s to the first sample at which S_acfg's 5-s mean is within 15 % of C/2, and still
 *       is 5 s later; the same for each flow after 400 s against 0.5 Mbit/s; the largest buffer peak in
 *       [195, 420] s. The paper: S_acfg adapts in under 5 s, no major spike in the buffer.</li>
 * </ul>
 * Pass (run A): groupRatio ≤ 0.10, utilisation ≥ 0.92, clientMeansCov ≤ 0.10, maxBufferPackets ≤ 150. Run B is
 * reported against the specification's bounds (10 s after 200 s, 15 s after 400 s, buffer ≤ 150) without failing
 * the run. {@code --scale} scales both runs (the 5-s means and the adaptation bounds stay: they are the protocol's
 * reaction times). Virtual driver only.
 */
public final class CostBenefitSharedBottleneckScenario implements LabScenario {
    /** Run A and its measured part. */
    static final long RUN_A_NS = 300 * S;
    /** Run A and its measured part. */
    static final long MEASURE_FROM_NS = 60 * S;
    /** Run B: S_cdg starts, E–G drops, the end. */
    static final long START_CDG_NS = 200 * S;
    /** Run B: S_cdg starts, E–G drops, the end. */
    static final long DROP_NS = 400 * S;
    /** Run B: S_cdg starts, E–G drops, the end. */
    static final long RUN_B_NS = 600 * S;
    /** E–G after the drop, bits per second. */
    static final long DROPPED_BPS = 1_000_000L;
    /** Run B is {@code --scale} × this long (1: the paper's times). */
    static final double RUN_B_FACTOR = 1.0;
    /** The paper's clients per flow. */
    static final int CLIENTS = 20;
    /** The window of the adaptation readings. */
    static final long MEAN_WINDOW_NS = 5 * S;
    /** How close to the fair share a 5-s mean must be to count as adapted. */
    static final double ADAPT_BAND = 0.15;
    /** The specification's adaptation bounds: after S_cdg starts, after the drop. */
    static final double ADAPT_START_MAX_SEC = 10;
    /** The specification's adaptation bounds: after S_cdg starts, after the drop. */
    static final double ADAPT_DROP_MAX_SEC = 15;
    /** Pass bounds (run A). */
    static final double GROUP_RATIO_MAX = 0.10;
    /** Pass bounds (run A). */
    static final double UTILISATION_MIN = 0.92;
    /** Pass bounds (run A). */
    static final double CLIENT_COV_MAX = 0.10;
    /** Pass bounds (run A; 1.5 M); also run B's spike bound, reported. */
    static final int BUFFER_MAX = 150;
    private static final String BOTTLENECK_FROM = "E";
    private static final String BOTTLENECK_TO = "G";

    /** A flow of the experiment. */
    private record Flow(String name, String group, String source, List<String> receivers, double paperKbps) {
        String label() {
            return name + " (" + source + " -> " + String.join(", ", receivers) + ")";
        }
    }

    private static final List<Flow> FLOWS = List.of(new Flow("S_acfg", "g1", "A", List.of("C", "F", "G"), 997.3),
            new Flow("S_cdg", "g2", "C", List.of("D", "G"), 997.6));

    @Override
    public String name() {
        return "cost-benefit-shared-bottleneck";
    }

    @Override
    public String description() {
        return "two multicast flows of 20 clients each share one 2 Mbit/s link; then a delayed start and a bandwidth"
                + " drop (seed 000 Scenario 2, Figs 6-9)";
    }

    /** What one run read: its record and the buffer peaks. */
    private record Outcome(RunRecord record, BufferWatch watch) {
        long t0() {
            return record.t0();
        }

        double mean(String flow, long fromNs, long toNs) {
            return record.traffic(flow).mean(fromNs, toNs);
        }
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        Topology wan = LabTopologies.requireSites(ctx.topology(name()), name(), "A", "B", "C", "D", "E", "F", "G");
        double capacity = LabTopologies.bytesPerSec(wan, BOTTLENECK_FROM, BOTTLENECK_TO);
        LabProgress progress = ctx.progress();
        String link = BufferWatch.label(BOTTLENECK_FROM, BOTTLENECK_TO);
        LabReport report = new LabReport(ctx);
        // run A
        long runA = ctx.scaledNs(RUN_A_NS);
        long measureFrom = ctx.scaledNs(MEASURE_FROM_NS);
        progress.line(String.format(Locale.ROOT, "run A: both flows from the start for %.0f s, measured from %.0f s",
                runA / 1e9, measureFrom / 1e9));
        Outcome a = runOnce(ctx, wan, "A", runA, measureFrom, 0, -1, capacity);
        long from = a.t0() + measureFrom;
        long to = a.t0() + runA;
        double acfg = a.mean("S_acfg", from, to);
        double cdg = a.mean("S_cdg", from, to);
        double groupRatio = Math.abs(acfg - cdg) / ((acfg + cdg) / 2);
        double utilisation = (acfg + cdg) / capacity;
        double clientCov = CostBenefitLab.cov(a.record().traffic("S_acfg").clientMeans(from, to));
        double cdgClientCov = CostBenefitLab.cov(a.record().traffic("S_cdg").clientMeans(from, to));
        int maxBuffer = a.watch().max(link, from, to);
        List<Map<String, Object>> flows = new ArrayList<>();
        for (Flow f : FLOWS) {
            double mean = a.mean(f.name(), from, to);
            flows.add(LabReport.fields("name", f.name(), "bytesPerSec", LabMath.round(mean, 1),
                    "kbps", LabMath.round(mean * 8 / 1000, 1), "paperKbps", f.paperKbps(),
                    "overFairShare", LabMath.round(mean / (capacity / 2), 4),
                    "clientKbps", CostBenefitLab.kbps(a.record().traffic(f.name()).clientMeans(from, to)),
                    "controller", a.record().note(f.name())));
        }
        report.putAll("bottleneck", link, "bottleneckBytesPerSec", capacity,
                "groupRatio", LabMath.round(groupRatio, 4), "utilisation", LabMath.round(utilisation, 4),
                "clientMeansCov", LabMath.round(clientCov, 4), "maxBufferPackets", maxBuffer,
                "runA", LabReport.fields("runSeconds", runA / 1e9, "measuredFromSec", measureFrom / 1e9,
                        "flows", flows, "S_cdgClientMeansCov", LabMath.round(cdgClientCov, 4),
                        "meanPeakBufferPackets", LabMath.round(a.watch().mean(link, from, to), 1)));
        progress.line(String.format(Locale.ROOT, "run A: S_acfg %.1f kbit/s, S_cdg %.1f kbit/s (paper 997.3,"
                + " 997.6), group ratio %.4f, utilisation %.4f, clients' CoV %.4f, max buffer %d", acfg * 8e-3,
                cdg * 8e-3, groupRatio, utilisation, clientCov, maxBuffer));
        report.check(Check.atMost("run A: group ratio", groupRatio, GROUP_RATIO_MAX).decimals(4),
                Check.atLeast("run A: utilisation", utilisation, UTILISATION_MIN).decimals(4),
                Check.atMost("run A: S_acfg clients' CoV", clientCov, CLIENT_COV_MAX).decimals(4),
                Check.atMost("run A: max buffer " + link, maxBuffer, BUFFER_MAX).decimals(0));

        // run B
        double scaleB = ctx.scale() * RUN_B_FACTOR;
        long runB = Math.round(RUN_B_NS * scaleB);
        long startCdg = Math.round(START_CDG_NS * scaleB);
        long drop = Math.round(DROP_NS * scaleB);
        progress.line(String.format(Locale.ROOT, "run B: S_acfg from the start, S_cdg from %.0f s, %s down to"
                + " %d kbit/s at %.0f s, to %.0f s", startCdg / 1e9, link, DROPPED_BPS / 1000, drop / 1e9,
                runB / 1e9));
        Outcome b = runOnce(ctx, wan, "B", runB, 0, startCdg, drop, capacity);
        double half = capacity / 2;
        double droppedHalf = DROPPED_BPS / 8.0 / 2;
        Double adaptStart = adapt(b, "S_acfg", startCdg, half);
        Map<String, Object> adaptDrop = new LinkedHashMap<>();
        for (Flow f : FLOWS) {
            Double sec = adapt(b, f.name(), drop, droppedHalf);
            adaptDrop.put(f.name(), sec == null ? null : LabMath.round(sec, 1));
        }
        int spike = b.watch().max(link, b.t0() + startCdg - 5 * S, b.t0() + drop + 20 * S);
        Map<String, Object> phases = new LinkedHashMap<>();
        long settle = Math.min(20 * S, startCdg / 2);
        phases.put("S_acfg alone", phase(b, b.t0() + settle, b.t0() + startCdg, capacity));
        phases.put("both, 2 Mbit/s", phase(b, b.t0() + startCdg + settle, b.t0() + drop, capacity));
        phases.put("both, 1 Mbit/s", phase(b, b.t0() + drop + settle, b.t0() + runB, DROPPED_BPS / 8.0));
        boolean withinSpec = adaptStart != null && adaptStart <= ADAPT_START_MAX_SEC
                && adaptDrop.values().stream().allMatch(v -> v != null && (double) v <= ADAPT_DROP_MAX_SEC)
                && spike <= BUFFER_MAX;
        report.putAll("adaptSec", adaptStart == null ? null : LabMath.round(adaptStart, 1),
                "runB", LabReport.fields("runSeconds", runB / 1e9, "S_cdgStartSec", startCdg / 1e9,
                        "dropSec", drop / 1e9, "droppedBytesPerSec", DROPPED_BPS / 8.0,
                        "adaptSec", adaptStart == null ? null : LabMath.round(adaptStart, 1),
                        "adaptAfterDropSec", adaptDrop, "maxBufferPacketsAroundChanges", spike,
                        "maxBufferWindowSec", List.of((startCdg - 5 * S) / 1e9, (drop + 20 * S) / 1e9),
                        "phases", phases, "withinSpec", withinSpec));
        progress.line(String.format(Locale.ROOT, "run B: S_acfg within %.0f %% of C/2 %s s after S_cdg starts"
                + " (spec ≤ %.0f s, paper < 5 s); after the drop %s s (spec ≤ %.0f s); max buffer in [%.0f, %.0f]"
                + " s: %d (spec ≤ %d)", ADAPT_BAND * 100, adaptStart == null ? "never" : String.format(Locale.ROOT,
                "%.1f", adaptStart), ADAPT_START_MAX_SEC, adaptDrop, ADAPT_DROP_MAX_SEC,
                (startCdg - 5 * S) / 1e9, (drop + 20 * S) / 1e9, spike, BUFFER_MAX));
        report.csv(name() + ".csv", List.of("run"), List.of(List.of("A"), List.of("B")),
                List.of(a.record().table(), b.record().table()));
        chart(report, "A", a, List.of(measureFrom / 1e9), List.of("measured from here"));
        chart(report, "B", b, List.of(startCdg / 1e9, drop / 1e9), List.of("S_cdg starts", "E-G 1 Mbit/s"));
        return report.result();
    }

    /**
     * One run: both flows' clients start at 0 and at {@code startCdgNs}; E–G (both ways) drops at {@code dropNs} if
     * not negative.
     */
    private Outcome runOnce(LabContext ctx, Topology wan, String run, long runNs, long measureFromNs,
                            long startCdgNs, long dropNs, double capacity) throws Exception {
        Map<String, List<Member>> groups = new LinkedHashMap<>();
        RunPlan plan = CostBenefitLab.virtualPlan(wan, name()).relay("B").relay("E");
        for (Flow f : FLOWS) {
            List<Member> members = new ArrayList<>(CostBenefitLab.members(f.source(), f.name().substring(2) + "-",
                    CLIENTS));
            f.receivers().forEach(r -> members.add(new Member(r, "rcv-" + f.group())));
            groups.put(f.name(), members);
            plan.group(f.group(), members);
        }
        Flow acfg = FLOWS.get(0);
        Flow cdg = FLOWS.get(1);
        BufferWatch watch = new BufferWatch(List.<String[]>of(new String[] {BOTTLENECK_FROM, BOTTLENECK_TO}));
        String link = watch.labels().get(0);
        plan.on(START, r -> {
            CostBenefitLab.clients(r, r.traffic(acfg.name()), groups.get(acfg.name()), acfg.group(), acfg.source());
            if (startCdgNs <= 0) {
                CostBenefitLab.clients(r, r.traffic(cdg.name()), groups.get(cdg.name()), cdg.group(), cdg.source());
            }
            if (dropNs >= 0) {
                LinkProfile forward = wan.link(BOTTLENECK_FROM, BOTTLENECK_TO).orElseThrow();
                LinkProfile backward = wan.link(BOTTLENECK_TO, BOTTLENECK_FROM).orElseThrow();
                r.network().scheduleLinkChanges(List.of(
                        new LinkChange(dropNs, BOTTLENECK_FROM, BOTTLENECK_TO,
                                forward.withBandwidthBitsPerSec(DROPPED_BPS)),
                        new LinkChange(dropNs, BOTTLENECK_TO, BOTTLENECK_FROM,
                                backward.withBandwidthBitsPerSec(DROPPED_BPS))), r.network().nowNs());
            }
            watch.sample(r);
        });
        if (startCdgNs > 0) {
            plan.at(startCdgNs, r -> {
                CostBenefitLab.clients(r, r.traffic(cdg.name()), groups.get(cdg.name()), cdg.group(), cdg.source());
                r.say("run " + run + ": S_cdg starts");
            });
        }
        plan.runFor(runNs, measureFromNs).on(SAMPLE, watch::sample).column("time_s", Run::atSec);
        FLOWS.forEach(f -> plan.column(f.name() + "_rate_1s_Bps", r -> r.traffic(f.name()).rateOver(S)));
        FLOWS.forEach(f -> plan.column(f.name() + "_rate_5s_Bps", r -> r.traffic(f.name()).rateOver(MEAN_WINDOW_NS)));
        FLOWS.forEach(f -> plan.column(f.name() + "_price", r -> CostBenefitLab.price(r, f.source(), f.group())));
        plan.column(link + "_max_waiting_pkts", r -> watch.latest().get(link))
                .column(link + "_window_pkts", r -> CostBenefitLab.window(r.network(), BOTTLENECK_FROM, BOTTLENECK_TO))
                .column(link + "_bandwidth_Bps", r -> dropNs >= 0 && r.atNs() >= dropNs ? DROPPED_BPS / 8.0
                        : capacity)
                .progress(CostBenefitLab.PROGRESS_NS, r -> "run " + run + ", 1-s rates:" + FLOWS.stream()
                        .map(f -> String.format(Locale.ROOT, " %s %.3f Mbit/s (price %.2f)", f.name(),
                                CostBenefitLab.mbps(r.traffic(f.name()).rateOver(S)),
                                CostBenefitLab.price(r, f.source(), f.group()))).collect(Collectors.joining())
                        + " | max waiting " + link + " " + watch.latest().get(link))
                .on(END, r -> FLOWS.forEach(f -> r.note(f.name(), CostBenefitLab.extras(r, f.source(), f.group()))));
        return new Outcome(RunTemplate.run(ctx, plan), watch);
    }

    /**
     * @return seconds from {@code changeNs} to the first sample at which the flow's 5-s mean is within
     *     {@link #ADAPT_BAND} of the target and still is 5 s later; null if never
     */
    private static Double adapt(Outcome o, String flow, long changeNs, double target) {
        List<SampleTable.Row> rows = o.record().table().rows();
        String column = flow + "_rate_5s_Bps";
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).atNs() < changeNs || !near(rows.get(i).num(column), target)) {
                continue;
            }
            long later = rows.get(i).atNs() + MEAN_WINDOW_NS;
            int j = i;
            while (j < rows.size() && rows.get(j).atNs() < later) {
                j++;
            }
            if (j < rows.size() && near(rows.get(j).num(column), target)) {
                return (rows.get(i).atNs() - changeNs) / 1e9;
            }
        }
        return null;
    }

    private static boolean near(double value, double target) {
        return Math.abs(value - target) <= ADAPT_BAND * target;
    }

    /** @return each flow's mean over [from, to] and its share of the bandwidth */
    private static Map<String, Object> phase(Outcome o, long fromNs, long toNs, double bandwidth) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Flow f : FLOWS) {
            double mean = o.mean(f.name(), fromNs, toNs);
            out.put(f.name() + "Kbps", LabMath.round(mean * 8 / 1000, 1));
            out.put(f.name() + "OverBandwidth", LabMath.round(mean / bandwidth, 4));
        }
        out.put("peakBufferPackets", o.watch().max(BufferWatch.label(BOTTLENECK_FROM, BOTTLENECK_TO), fromNs, toNs));
        return out;
    }

    private void chart(LabReport report, String run, Outcome o, List<Double> markers, List<String> labels) {
        String figures = run.equals("A") ? "Figs 6-7" : "Figs 8-9";
        List<SampleTable.Row> rows = o.record().table().rows();
        String link = o.watch().labels().get(0);
        SeriesTable rates = SampleTable.plot(rows, "time_s", FLOWS.get(0).label(), "S_acfg_rate_1s_Bps",
                FLOWS.get(1).label(), "S_cdg_rate_1s_Bps").set("E-G fair share", SampleTable.numbers(rows,
                link + "_bandwidth_Bps").stream().mapToDouble(v -> v / 2).toArray());
        SeriesTable buffers = SampleTable.plot(rows, "time_s", link, link + "_max_waiting_pkts");
        ChartWriter rateChart = rates.addTo(ChartWriter.chart("Cost-benefit, shared bottleneck E-G, run " + run
                + ": throughput (seed 000 " + figures + ")", "time (s)", "rate (Mbit/s, bytes on the wire, 1-s"
                + " average)"), 8e-6, Map.of("E-G fair share", 1.0f));
        ChartWriter bufferChart = buffers.addTo(ChartWriter.chart("Cost-benefit, shared bottleneck, run " + run
                + ": maximum buffer of E->G per 100 ms (seed 000 " + figures + ")", "time (s)",
                "waiting packets (peak per 100 ms)"), 1, Map.of());
        for (int i = 0; i < markers.size(); i++) {
            rateChart.marker(markers.get(i), labels.get(i));
            bufferChart.marker(markers.get(i), labels.get(i));
        }
        String prefix = name() + "-" + run.toLowerCase(Locale.ROOT);
        report.chart(prefix + "-rates.png", rateChart.yMax(2.6))
                .chart(prefix + "-buffers.png", bufferChart.yMax(Math.max(160, 1.1 * buffers.max(link))));
    }
}
