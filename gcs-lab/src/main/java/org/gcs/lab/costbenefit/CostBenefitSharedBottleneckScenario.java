package org.gcs.lab.costbenefit;

import static org.gcs.lab.costbenefit.CostBenefitLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
import org.gcs.lab.SeriesTable;
import org.gcs.lab.VirtualDriver;
import org.gcs.lab.costbenefit.CostBenefitLab.BufferWatch;
import org.gcs.lab.costbenefit.CostBenefitLab.FlowTrack;

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

    /** The controller's numbers at the end of each run, by run and flow. */
    private final Map<String, Map<String, Map<String, Object>>> extrasByRun = new LinkedHashMap<>();

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

    /** What one run read: the flows' 5-s means, their tracks, the buffer peaks. */
    private record Outcome(long t0, Map<String, FlowTrack> tracks, BufferWatch watch, List<Long> times,
                           Map<String, List<Double>> means5) {
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        CostBenefitLab.requireVirtual(ctx, name());
        Topology wan = CostBenefitLab.requireSites(ctx.topology(name()), name(), List.of("A", "B", "C", "D", "E", "F",
                "G"));
        double capacity = CostBenefitLab.bytesPerSec(wan, BOTTLENECK_FROM, BOTTLENECK_TO);
        LabProgress progress = ctx.progress();
        String link = BufferWatch.label(BOTTLENECK_FROM, BOTTLENECK_TO);
        List<String> failures = new ArrayList<>();
        Map<String, Object> summary = new LinkedHashMap<>();
        try (CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), List.of("run", "time_s", "S_acfg_rate_1s_Bps",
                "S_cdg_rate_1s_Bps", "S_acfg_rate_5s_Bps", "S_cdg_rate_5s_Bps", "S_acfg_price", "S_cdg_price",
                "E->G_max_waiting_pkts", "E->G_window_pkts", "E->G_bandwidth_Bps"))) {
            // run A
            long runA = ctx.scaledNs(RUN_A_NS);
            long measureFrom = ctx.scaledNs(MEASURE_FROM_NS);
            progress.line(String.format(Locale.ROOT, "run A: both flows from the start for %.0f s, measured from"
                    + " %.0f s", runA / 1e9, measureFrom / 1e9));
            SeriesTable ratesA = rateTable(capacity);
            SeriesTable buffersA = new SeriesTable().declare(link);
            Outcome a = runOnce(ctx, wan, "A", runA, 0, -1, capacity, csv, ratesA, buffersA);
            long from = a.t0() + measureFrom;
            long to = a.t0() + runA;
            double acfg = a.tracks().get("S_acfg").mean(from, to);
            double cdg = a.tracks().get("S_cdg").mean(from, to);
            double groupRatio = Math.abs(acfg - cdg) / ((acfg + cdg) / 2);
            double utilisation = (acfg + cdg) / capacity;
            double clientCov = CostBenefitLab.cov(a.tracks().get("S_acfg").clientMeans(from, to));
            double cdgClientCov = CostBenefitLab.cov(a.tracks().get("S_cdg").clientMeans(from, to));
            int maxBuffer = a.watch().max(link, from, to);
            Map<String, Object> runASummary = new LinkedHashMap<>();
            runASummary.put("runSeconds", runA / 1e9);
            runASummary.put("measuredFromSec", measureFrom / 1e9);
            List<Map<String, Object>> flows = new ArrayList<>();
            for (Flow f : FLOWS) {
                double mean = a.tracks().get(f.name()).mean(from, to);
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("name", f.name());
                r.put("bytesPerSec", CostBenefitLab.round(mean, 1));
                r.put("kbps", CostBenefitLab.round(mean * 8 / 1000, 1));
                r.put("paperKbps", f.paperKbps());
                r.put("overFairShare", CostBenefitLab.round(mean / (capacity / 2), 4));
                r.put("clientKbps", CostBenefitLab.kbps(a.tracks().get(f.name()).clientMeans(from, to)));
                r.put("controller", extrasByRun.get("A").get(f.name()));
                flows.add(r);
            }
            runASummary.put("flows", flows);
            runASummary.put("S_cdgClientMeansCov", CostBenefitLab.round(cdgClientCov, 4));
            runASummary.put("meanPeakBufferPackets", CostBenefitLab.round(a.watch().mean(link, from, to), 1));
            summary.put("bottleneck", link);
            summary.put("bottleneckBytesPerSec", capacity);
            summary.put("groupRatio", CostBenefitLab.round(groupRatio, 4));
            summary.put("utilisation", CostBenefitLab.round(utilisation, 4));
            summary.put("clientMeansCov", CostBenefitLab.round(clientCov, 4));
            summary.put("maxBufferPackets", maxBuffer);
            summary.put("runA", runASummary);
            progress.line(String.format(Locale.ROOT, "run A: S_acfg %.1f kbit/s, S_cdg %.1f kbit/s (paper 997.3,"
                    + " 997.6), group ratio %.4f, utilisation %.4f, clients' CoV %.4f, max buffer %d", acfg * 8e-3,
                    cdg * 8e-3, groupRatio, utilisation, clientCov, maxBuffer));
            if (!(groupRatio <= GROUP_RATIO_MAX)) {
                failures.add(String.format(Locale.ROOT, "run A: group ratio %.4f > %.2f", groupRatio,
                        GROUP_RATIO_MAX));
            }
            if (!(utilisation >= UTILISATION_MIN)) {
                failures.add(String.format(Locale.ROOT, "run A: utilisation %.4f < %.2f", utilisation,
                        UTILISATION_MIN));
            }
            if (!(clientCov <= CLIENT_COV_MAX)) {
                failures.add(String.format(Locale.ROOT, "run A: S_acfg clients' CoV %.4f > %.2f", clientCov,
                        CLIENT_COV_MAX));
            }
            if (maxBuffer > BUFFER_MAX) {
                failures.add(String.format(Locale.ROOT, "run A: max buffer %s %d > %d", link, maxBuffer, BUFFER_MAX));
            }
            chart(ctx, "A", ratesA, buffersA, List.of(measureFrom / 1e9), List.of("measured from here"));

            // run B
            double scaleB = ctx.scale() * RUN_B_FACTOR;
            long runB = Math.round(RUN_B_NS * scaleB);
            long startCdg = Math.round(START_CDG_NS * scaleB);
            long drop = Math.round(DROP_NS * scaleB);
            progress.line(String.format(Locale.ROOT, "run B: S_acfg from the start, S_cdg from %.0f s, %s down to"
                    + " %d kbit/s at %.0f s, to %.0f s", startCdg / 1e9, link, DROPPED_BPS / 1000, drop / 1e9,
                    runB / 1e9));
            SeriesTable ratesB = rateTable(capacity);
            SeriesTable buffersB = new SeriesTable().declare(link);
            Outcome b = runOnce(ctx, wan, "B", runB, startCdg, drop, capacity, csv, ratesB, buffersB);
            double half = capacity / 2;
            double droppedHalf = DROPPED_BPS / 8.0 / 2;
            Double adaptStart = adapt(b, "S_acfg", startCdg, half);
            Map<String, Object> adaptDrop = new LinkedHashMap<>();
            for (Flow f : FLOWS) {
                Double s = adapt(b, f.name(), drop, droppedHalf);
                adaptDrop.put(f.name(), s == null ? null : CostBenefitLab.round(s, 1));
            }
            int spike = b.watch().max(link, b.t0() + startCdg - 5 * S, b.t0() + drop + 20 * S);
            Map<String, Object> runBSummary = new LinkedHashMap<>();
            runBSummary.put("runSeconds", runB / 1e9);
            runBSummary.put("S_cdgStartSec", startCdg / 1e9);
            runBSummary.put("dropSec", drop / 1e9);
            runBSummary.put("droppedBytesPerSec", DROPPED_BPS / 8.0);
            runBSummary.put("adaptSec", adaptStart == null ? null : CostBenefitLab.round(adaptStart, 1));
            runBSummary.put("adaptAfterDropSec", adaptDrop);
            runBSummary.put("maxBufferPacketsAroundChanges", spike);
            runBSummary.put("maxBufferWindowSec", List.of((startCdg - 5 * S) / 1e9, (drop + 20 * S) / 1e9));
            Map<String, Object> phases = new LinkedHashMap<>();
            long settle = Math.min(20 * S, startCdg / 2);
            phases.put("S_acfg alone", phase(b, b.t0() + settle, b.t0() + startCdg, capacity));
            phases.put("both, 2 Mbit/s", phase(b, b.t0() + startCdg + settle, b.t0() + drop, capacity));
            phases.put("both, 1 Mbit/s", phase(b, b.t0() + drop + settle, b.t0() + runB, DROPPED_BPS / 8.0));
            runBSummary.put("phases", phases);
            boolean withinSpec = adaptStart != null && adaptStart <= ADAPT_START_MAX_SEC
                    && adaptDrop.values().stream().allMatch(v -> v != null && (double) v <= ADAPT_DROP_MAX_SEC)
                    && spike <= BUFFER_MAX;
            runBSummary.put("withinSpec", withinSpec);
            summary.put("adaptSec", adaptStart == null ? null : CostBenefitLab.round(adaptStart, 1));
            summary.put("runB", runBSummary);
            progress.line(String.format(Locale.ROOT, "run B: S_acfg within %.0f %% of C/2 %s s after S_cdg starts"
                    + " (spec ≤ %.0f s, paper < 5 s); after the drop %s s (spec ≤ %.0f s); max buffer in [%.0f, %.0f]"
                    + " s: %d (spec ≤ %d)", ADAPT_BAND * 100, adaptStart == null ? "never" : String.format(Locale.ROOT,
                    "%.1f", adaptStart), ADAPT_START_MAX_SEC, adaptDrop, ADAPT_DROP_MAX_SEC,
                    (startCdg - 5 * S) / 1e9, (drop + 20 * S) / 1e9, spike, BUFFER_MAX));
            chart(ctx, "B", ratesB, buffersB, List.of(startCdg / 1e9, drop / 1e9), List.of("S_cdg starts",
                    "E-G 1 Mbit/s"));
        }
        return LabResult.judged(summary, failures, ctx.files());
    }

    private static SeriesTable rateTable(double capacity) {
        SeriesTable rates = new SeriesTable();
        FLOWS.forEach(f -> rates.declare(f.label()));
        rates.declare("E-G fair share");
        return rates;
    }

    /**
     * One run: both flows' clients start at 0 and at {@code startCdgNs}; E–G (both ways) drops at {@code dropNs} if
     * not negative.
     */
    private Outcome runOnce(LabContext ctx, Topology wan, String run, long runNs, long startCdgNs, long dropNs,
                            double capacity, CsvWriter csv, SeriesTable rates, SeriesTable buffers)
            throws Exception {
        LabProgress progress = ctx.progress();
        Map<String, List<Member>> groups = new LinkedHashMap<>();
        for (Flow f : FLOWS) {
            List<Member> members = new ArrayList<>(CostBenefitLab.members(f.source(), f.name().substring(2) + "-",
                    CLIENTS));
            f.receivers().forEach(r -> members.add(new Member(r, "rcv-" + f.group())));
            groups.put(f.group(), members);
        }
        String link = BufferWatch.label(BOTTLENECK_FROM, BOTTLENECK_TO);
        Map<String, FlowTrack> tracks = new LinkedHashMap<>();
        List<Long> times = new ArrayList<>();
        Map<String, List<Double>> means5 = new LinkedHashMap<>();
        try (LabDriver driver = ctx.openDriver(wan, CostBenefitLab.SETTINGS)) {
            VirtualDriver virtual = CostBenefitLab.virtual(driver, name());
            BufferWatch watch = new BufferWatch(virtual.network(), List.<String[]>of(new String[] {BOTTLENECK_FROM,
                BOTTLENECK_TO}));
            Map<String, LabDriver.LabNode> nodes = CostBenefitLab.startAndSettle(driver, List.of("B", "E"), groups,
                    progress);
            long t0 = driver.nowNs();
            Map<String, List<LabDriver.LabNode>> clients = new LinkedHashMap<>();
            for (Flow f : FLOWS) {
                tracks.put(f.name(), new FlowTrack(f.name(), f.group(), f.source()));
                clients.put(f.name(), groups.get(f.group()).stream().filter(m -> m.site().equals(f.source()))
                        .map(m -> nodes.get(m.key())).toList());
                means5.put(f.name(), new ArrayList<>());
            }
            tracks.get("S_acfg").start(driver, clients.get("S_acfg"));
            if (startCdgNs <= 0) {
                tracks.get("S_cdg").start(driver, clients.get("S_cdg"));
            }
            double[] bandwidth = {capacity};
            if (dropNs >= 0) {
                LinkProfile forward = wan.link(BOTTLENECK_FROM, BOTTLENECK_TO).orElseThrow();
                LinkProfile backward = wan.link(BOTTLENECK_TO, BOTTLENECK_FROM).orElseThrow();
                virtual.network().scheduleLinkChanges(List.of(
                        new LinkChange(dropNs, BOTTLENECK_FROM, BOTTLENECK_TO,
                                forward.withBandwidthBitsPerSec(DROPPED_BPS)),
                        new LinkChange(dropNs, BOTTLENECK_TO, BOTTLENECK_FROM,
                                backward.withBandwidthBitsPerSec(DROPPED_BPS))), virtual.network().nowNs());
            }
            watch.sample(t0);
            long[] nextProgress = {t0 + CostBenefitLab.PROGRESS_NS};
            driver.sampleFor(runNs, CostBenefitLab.SAMPLE_NS, now -> {
                long at = now - t0;
                if (startCdgNs > 0 && !tracks.get("S_cdg").started() && at >= startCdgNs) {
                    tracks.get("S_cdg").start(driver, clients.get("S_cdg"));
                    progress.at(at / 1e9, "run " + run + ": S_cdg starts");
                }
                if (dropNs >= 0 && at >= dropNs) {
                    bandwidth[0] = DROPPED_BPS / 8.0;
                }
                List<Object> row = new ArrayList<>(List.of(run, at / 1e9));
                List<Object> fives = new ArrayList<>();
                List<Object> prices = new ArrayList<>();
                rates.add(at / 1e9);
                StringBuilder line = new StringBuilder();
                times.add(at);
                for (Flow f : FLOWS) {
                    FlowTrack track = tracks.get(f.name());
                    track.sample(now);
                    double rate1 = track.rateOver(S);
                    double rate5 = track.rateOver(MEAN_WINDOW_NS);
                    double price = CostBenefitLab.price(driver, f.source(), f.group());
                    means5.get(f.name()).add(rate5);
                    row.add(rate1);
                    fives.add(rate5);
                    prices.add(price);
                    rates.put(f.label(), rate1);
                    line.append(String.format(Locale.ROOT, " %s %.3f Mbit/s (price %.2f)", f.name(),
                            CostBenefitLab.mbps(rate1), price));
                }
                rates.put("E-G fair share", bandwidth[0] / 2);
                row.addAll(fives);
                row.addAll(prices);
                int peak = watch.sample(now).get(link);
                buffers.add(at / 1e9);
                buffers.put(link, peak);
                row.add(peak);
                row.add(CostBenefitLab.window(virtual.network(), BOTTLENECK_FROM, BOTTLENECK_TO));
                row.add(bandwidth[0]);
                csv.row(row.toArray());
                if (now >= nextProgress[0]) {
                    nextProgress[0] += CostBenefitLab.PROGRESS_NS;
                    progress.at(at / 1e9, "run " + run + ", 1-s rates:" + line + " | max waiting " + link + " "
                            + peak);
                }
            });
            tracks.values().forEach(FlowTrack::stop);
            Outcome outcome = new Outcome(t0, tracks, watch, times, means5);
            extrasByRun.put(run, Map.of("S_acfg", CostBenefitLab.extras(driver, "A", "g1"), "S_cdg",
                    CostBenefitLab.extras(driver, "C", "g2")));
            return outcome;
        }
    }

    /**
     * @return seconds from {@code changeNs} to the first sample at which the flow's 5-s mean is within
     *     {@link #ADAPT_BAND} of the target and still is 5 s later; null if never
     */
    private static Double adapt(Outcome o, String flow, long changeNs, double target) {
        List<Long> times = o.times();
        List<Double> means = o.means5().get(flow);
        for (int i = 0; i < times.size(); i++) {
            if (times.get(i) < changeNs || !near(means.get(i), target)) {
                continue;
            }
            long later = times.get(i) + MEAN_WINDOW_NS;
            int j = i;
            while (j < times.size() && times.get(j) < later) {
                j++;
            }
            if (j < times.size() && near(means.get(j), target)) {
                return (times.get(i) - changeNs) / 1e9;
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
        for (Map.Entry<String, FlowTrack> e : o.tracks().entrySet()) {
            double mean = e.getValue().mean(fromNs, toNs);
            out.put(e.getKey() + "Kbps", CostBenefitLab.round(mean * 8 / 1000, 1));
            out.put(e.getKey() + "OverBandwidth", CostBenefitLab.round(mean / bandwidth, 4));
        }
        out.put("peakBufferPackets", o.watch().max(BufferWatch.label(BOTTLENECK_FROM, BOTTLENECK_TO), fromNs, toNs));
        return out;
    }

    private void chart(LabContext ctx, String run, SeriesTable rates, SeriesTable buffers, List<Double> markers,
                       List<String> labels) {
        String figures = run.equals("A") ? "Figs 6-7" : "Figs 8-9";
        ChartWriter rateChart = ChartWriter.chart("Cost-benefit, shared bottleneck E-G, run " + run + ": throughput"
                + " (seed 000 " + figures + ")", "time (s)", "rate (Mbit/s, bytes on the wire, 1-s average)");
        rates.addTo(rateChart, 8e-6, Map.of("E-G fair share", 1.0f));
        ChartWriter bufferChart = ChartWriter.chart("Cost-benefit, shared bottleneck, run " + run + ": maximum buffer"
                + " of E->G per 100 ms (seed 000 " + figures + ")", "time (s)", "waiting packets (peak per 100 ms)");
        buffers.addTo(bufferChart, 1, Map.of());
        for (int i = 0; i < markers.size(); i++) {
            rateChart.marker(markers.get(i), labels.get(i));
            bufferChart.marker(markers.get(i), labels.get(i));
        }
        rateChart.yMax(2.6).write(ctx.file(name() + "-" + run.toLowerCase(Locale.ROOT) + "-rates.png"));
        bufferChart.yMax(Math.max(160, 1.1 * buffers.max(buffers.names().get(0))))
                .write(ctx.file(name() + "-" + run.toLowerCase(Locale.ROOT) + "-buffers.png"));
    }
}
