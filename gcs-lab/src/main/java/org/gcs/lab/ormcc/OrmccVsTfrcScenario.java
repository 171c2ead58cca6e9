package org.gcs.lab.ormcc;

import static org.gcs.lab.ormcc.OrmccLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gcs.emulator.Topology;
import org.gcs.emulator.TreeEdge;
import org.gcs.lab.ChartWriter;
import org.gcs.tools.csv.CsvWriter;
import org.gcs.lab.GroupStart.Member;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabDriver;
import org.gcs.lab.LabProgress;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.RateTrack;
import org.gcs.lab.VirtualDriver;

/**
 * {@code ormcc-vs-tfrc}: seed 002's heterogeneous dynamic network (thesis §3.3.6, Fig. 3.14, Table 3.2; spec O9),
 * with GCS's own per-site TFRC in the place of TFMCC and PGMCC. One source site sends a greedy multicast flow down a
 * tree of fan-out 4 and depth 2 to 16 receiving sites; every tree link is 2 Mbit/s with on/off UDP cross traffic,
 * some links have 200 ms delay (topology {@code ormcc-vs-tfrc}), and every tree link carries two responsive on/off
 * background flows ({@link OnOffFlows}: single-receiver GCS flows, Pareto ON and OFF periods of mean 60 s), where
 * the thesis has two on/off TCP Reno flows. The background flows run the controller of the run, so ORMCC's multicast
 * competes with ORMCC flows and TFRC's with TFRC flows. Each controller runs over three seeds (the run's seed and
 * the next two) on the same topology.
 *
 * <p>Summary: {@code ormccMeanBytesPerSec} and {@code tfrcMeanBytesPerSec}, the multicast rate averaged over the
 * seeds; {@code ratio}, the first over the second (pass ≥ 1.2: the thesis has ORMCC at 1.8× TFMCC); and
 * {@code feedbackPerDataPacket}, ORMCC's congestion feedback datagrams (the receivers' congestion indications) per
 * data packet the source sent (pass ≤ 0.02: the thesis's 867 indications in a run). TFRC's count is reported beside
 * it ({@code tfrcFeedbackPerDataPacket}: its loss reports ride on every acknowledgement).
 */
public final class OrmccVsTfrcScenario implements LabScenario {
    /** The thesis's runs are 1000 s; 300 s are enough for the averages to settle (scaled by --scale). */
    static final long RUN_NS = 300 * S;
    /** Slow start and the first indications are left out of the means. */
    static final long SKIP_NS = 20 * S;
    /** Runs per controller: seeds {@code seed .. seed + SEEDS - 1}. */
    static final int SEEDS = 3;
    /** The rates in the chart: over this window. */
    static final long CHART_WINDOW_NS = 5 * S;
    /** Pass bands. */
    static final double RATIO_MIN = 1.2;
    /** Pass bands. */
    static final double FEEDBACK_PER_PACKET_MAX = 0.02;
    /** The multicast group. */
    static final String GROUP = "m";
    /** Responsive on/off background flows per tree link (seed 002: 2 TCP Reno flows per link). */
    static final int BACKGROUND_PER_LINK = 2;
    /** Their mean ON and OFF period (seed 002: Pareto, mean 60 s). */
    static final long BACKGROUND_MEAN_NS = 60 * S;
    /** The controllers compared, with the settings of their runs. */
    static final Map<String, Map<String, String>> CONTROLLERS = controllers();

    private static Map<String, Map<String, String>> controllers() {
        Map<String, Map<String, String>> controllers = new LinkedHashMap<>();
        controllers.put("ormcc", OrmccLab.THESIS_SETTINGS);
        controllers.put("tfrc", Map.of("congestion.control", "tfrc"));
        return controllers;
    }

    @Override
    public String name() {
        return "ormcc-vs-tfrc";
    }

    @Override
    public String description() {
        return "ORMCC and TFRC on a 2-level tree of 2 Mbit/s links with on/off UDP cross traffic and on/off background"
                + " flows, three seeds each (seed 002 Fig. 3.14, Table 3.2)";
    }

    @Override
    public boolean comparesControllers() {
        return true;
    }

    /** One run's readings. */
    record Run(String controller, long seed, double bytesPerSec, long dataPackets, long feedbackDatagrams,
               List<Double> timesSec, List<Double> windowBytesPerSec) {
        double feedbackPerDataPacket() {
            return dataPackets == 0 ? Double.NaN : (double) feedbackDatagrams / dataPackets;
        }
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        Topology topology = ctx.topology("ormcc-vs-tfrc");
        String source = OrmccLab.root(topology, name());
        List<TreeEdge> tree = topology.tree().orElseThrow();
        List<String> leaves = new ArrayList<>();
        for (TreeEdge edge : tree) {
            if (tree.stream().noneMatch(e -> e.parent().equals(edge.child()))) {
                leaves.add(edge.child());
            }
        }
        long runNs = ctx.scaledNs(RUN_NS);
        long skipNs = Math.min(ctx.scaledNs(SKIP_NS), runNs / 2);
        Map<String, List<Run>> runs = new LinkedHashMap<>();
        Map<String, Map<String, String>> usedSettings = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, String>> controller : CONTROLLERS.entrySet()) {
            for (int i = 0; i < SEEDS; i++) {
                Run run = runOnce(ctx, topology, controller.getKey(), controller.getValue(), ctx.seed() + i, source,
                        leaves, runNs, skipNs);
                usedSettings.put(controller.getKey(), ctx.usedNodeSettings().asMap());
                runs.computeIfAbsent(controller.getKey(), k -> new ArrayList<>()).add(run);
            }
        }
        double ormcc = meanRate(runs.get("ormcc"));
        double tfrc = meanRate(runs.get("tfrc"));
        double ratio = ormcc / tfrc;
        double ormccFeedback = feedbackPerDataPacket(runs.get("ormcc"));
        double tfrcFeedback = feedbackPerDataPacket(runs.get("tfrc"));
        ctx.progress().line(String.format(Locale.ROOT, "multicast %.0f B/s with ORMCC, %.0f B/s with TFRC: ratio %.3f;"
                + " feedback per data packet %.4f (ORMCC), %.4f (TFRC)", ormcc, tfrc, ratio, ormccFeedback,
                tfrcFeedback));
        writeFiles(ctx, runs);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("controller", String.join("+", CONTROLLERS.keySet()));
        summary.put("settings", usedSettings);
        summary.put("receivers", leaves.size());
        summary.put("seeds", SEEDS);
        summary.put("runSec", OrmccLab.round(runNs / 1e9, 1));
        summary.put("ormccMeanBytesPerSec", OrmccLab.round(ormcc, 1));
        summary.put("tfrcMeanBytesPerSec", OrmccLab.round(tfrc, 1));
        summary.put("ratio", OrmccLab.round(ratio, 4));
        summary.put("feedbackPerDataPacket", OrmccLab.round(ormccFeedback, 5));
        summary.put("tfrcFeedbackPerDataPacket", OrmccLab.round(tfrcFeedback, 5));
        for (Map.Entry<String, List<Run>> e : runs.entrySet()) {
            summary.put(e.getKey() + "BytesPerSecBySeed",
                    e.getValue().stream().map(r -> OrmccLab.round(r.bytesPerSec(), 1)).toList());
            summary.put(e.getKey() + "FeedbackDatagrams",
                    e.getValue().stream().mapToLong(Run::feedbackDatagrams).sum());
            summary.put(e.getKey() + "DataPackets", e.getValue().stream().mapToLong(Run::dataPackets).sum());
        }
        List<String> failures = new ArrayList<>();
        if (!(ratio >= RATIO_MIN)) {
            failures.add(String.format(Locale.ROOT, "ORMCC / TFRC rate %.3f < %.1f", ratio, RATIO_MIN));
        }
        if (!(ormccFeedback <= FEEDBACK_PER_PACKET_MAX)) {
            failures.add(String.format(Locale.ROOT, "%.4f congestion indications per data packet > %.2f", ormccFeedback,
                    FEEDBACK_PER_PACKET_MAX));
        }
        return LabResult.judged(summary, failures, ctx.files());
    }

    private Run runOnce(LabContext ctx, Topology topology, String controller, Map<String, String> settings,
                        long seed, String source, List<String> leaves, long runNs, long skipNs)
            throws InterruptedException {
        LabProgress progress = ctx.progress();
        String label = controller + ", seed " + seed;
        try (LabDriver driver = ctx.openDriver(topology, settings, seed)) {
            VirtualDriver virtual = OrmccLab.virtual(driver, name());
            FeedbackCounter counter = new FeedbackCounter(source, GROUP);
            virtual.network().setWanFilter(counter);
            OnOffFlows background = new OnOffFlows(OnOffFlows.onTreeEdges(topology.tree().orElseThrow(),
                    BACKGROUND_PER_LINK), seed, BACKGROUND_MEAN_NS, BACKGROUND_MEAN_NS, OrmccLab.MESSAGE_BYTES);
            Map<String, List<Member>> groups = new LinkedHashMap<>();
            List<Member> members = new ArrayList<>();
            members.add(new Member(source, "src"));
            leaves.forEach(leaf -> members.add(new Member(leaf, "rcv")));
            groups.put(GROUP, members);
            groups.putAll(background.groups());
            Map<String, LabDriver.LabNode> nodes = OrmccLab.startAndSettle(driver, groups, progress);
            long t0 = driver.nowNs();
            LabDriver.LabSender sender = driver.greedy(nodes.get(source + "/src"), GROUP, OrmccLab.MESSAGE_BYTES);
            background.start(driver, nodes, t0);
            RateTrack track = new RateTrack();
            track.add(t0, 0);
            List<Double> times = new ArrayList<>();
            List<Double> windowRates = new ArrayList<>();
            long[] nextProgress = {t0 + 50 * S};
            long[] nextChartPoint = {t0 + CHART_WINDOW_NS};
            long[] dataAtSkip = {-1};
            long[] feedbackAtSkip = {-1};
            progress.at(0, label + ": a greedy multicast flow to " + leaves.size() + " receiving sites for "
                    + runNs / S + " s");
            driver.sampleFor(runNs, OrmccLab.SAMPLE_NS, now -> {
                background.update(driver, nodes, now);
                track.add(now, sender.admittedWireBytes());
                if (dataAtSkip[0] < 0 && now - t0 >= skipNs) {
                    dataAtSkip[0] = counter.dataPackets();
                    feedbackAtSkip[0] = counter.feedbackDatagrams();
                }
                if (now >= nextChartPoint[0]) {
                    nextChartPoint[0] += CHART_WINDOW_NS;
                    times.add((now - t0) / 1e9);
                    windowRates.add(track.rateOver(CHART_WINDOW_NS));
                }
                if (now >= nextProgress[0]) {
                    nextProgress[0] += 50 * S;
                    progress.at((now - t0) / 1e9, String.format(Locale.ROOT, "%s: multicast %s (5-s), limited by %s;"
                            + " %d of %d background flows on", label, LabProgress.kb(track.rateOver(CHART_WINDOW_NS)),
                            driver.flow(source, GROUP).flatMap(org.gcs.FlowStatus::limitingSite).orElse("-"),
                            background.on(), background.flows().size()));
                }
            });
            sender.stop();
            background.stop();
            double rate = track.meanBetween(t0 + skipNs, t0 + runNs);
            long data = counter.dataPackets() - Math.max(0, dataAtSkip[0]);
            long feedback = counter.feedbackDatagrams() - Math.max(0, feedbackAtSkip[0]);
            progress.line(String.format(Locale.ROOT, "%s: multicast %.0f B/s; %d feedback datagrams for %d data"
                    + " packets", label, rate, feedback, data));
            return new Run(controller, seed, rate, data, feedback, times, windowRates);
        }
    }

    private void writeFiles(LabContext ctx, Map<String, List<Run>> runs) throws java.io.IOException {
        try (CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), List.of("controller", "seed", "time_s",
                "multicast_5s_Bps"))) {
            for (List<Run> byController : runs.values()) {
                for (Run run : byController) {
                    for (int i = 0; i < run.timesSec().size(); i++) {
                        csv.row(run.controller(), run.seed(), run.timesSec().get(i), run.windowBytesPerSec().get(i));
                    }
                }
            }
        }
        ChartWriter chart = ChartWriter.chart("ORMCC and TFRC in a heterogeneous dynamic network (seed 002 Fig. 3.14)",
                "time (s)", "multicast rate over 5 s (KB/s, bytes on the wire)");
        for (List<Run> byController : runs.values()) {
            Run first = byController.get(0);
            chart.series(first.controller() + ", seed " + first.seed(),
                    first.timesSec().stream().mapToDouble(Double::doubleValue).toArray(),
                    first.windowBytesPerSec().stream().mapToDouble(v -> v * 1e-3).toArray());
        }
        chart.write(ctx.file(name() + ".png"));
    }

    private static double meanRate(List<Run> runs) {
        return runs.stream().mapToDouble(Run::bytesPerSec).average().orElse(Double.NaN);
    }

    private static double feedbackPerDataPacket(List<Run> runs) {
        long data = runs.stream().mapToLong(Run::dataPackets).sum();
        long feedback = runs.stream().mapToLong(Run::feedbackDatagrams).sum();
        return data == 0 ? Double.NaN : (double) feedback / data;
    }
}
