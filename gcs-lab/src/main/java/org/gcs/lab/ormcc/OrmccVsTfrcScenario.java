package org.gcs.lab.ormcc;

import static org.gcs.lab.RunPlan.When.BEFORE_START;
import static org.gcs.lab.RunPlan.When.END;
import static org.gcs.lab.RunPlan.When.SAMPLE;
import static org.gcs.lab.RunPlan.When.START;
import static org.gcs.lab.ormcc.OrmccLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gcs.emulator.Topology;
import org.gcs.emulator.TreeEdge;
import org.gcs.lab.ChartWriter;
import org.gcs.lab.Check;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabProgress;
import org.gcs.lab.LabReport;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.Run;
import org.gcs.lab.RunPlan;
import org.gcs.lab.RunPlan.Member;
import org.gcs.lab.RunRecord;
import org.gcs.lab.RunTemplate;
import org.gcs.lab.SampleTable;

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
    record Outcome(String controller, long seed, double bytesPerSec, long dataPackets, long feedbackDatagrams,
                   SampleTable table) {
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
        Map<String, List<Outcome>> runs = new LinkedHashMap<>();
        Map<String, Map<String, String>> usedSettings = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, String>> controller : CONTROLLERS.entrySet()) {
            for (int i = 0; i < SEEDS; i++) {
                Outcome run = runOnce(ctx, topology, controller.getKey(), controller.getValue(), ctx.seed() + i,
                        source, leaves, runNs, skipNs);
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
        List<Outcome> all = runs.values().stream().flatMap(List::stream).toList();
        ChartWriter chart = ChartWriter.chart("ORMCC and TFRC in a heterogeneous dynamic network (seed 002"
                + " Fig. 3.14)", "time (s)", "multicast rate over 5 s (KB/s, bytes on the wire)");
        for (List<Outcome> byController : runs.values()) {
            Outcome first = byController.get(0);
            SampleTable.plot(first.table().rows(), "time_s", first.controller() + ", seed " + first.seed(),
                    "multicast_5s_Bps").addTo(chart, 1e-3, Map.of());
        }
        LabReport report = new LabReport(ctx).csv(name() + ".csv", List.of("controller", "seed"),
                all.stream().<List<?>>map(r -> List.of(r.controller(), r.seed())).toList(),
                all.stream().map(Outcome::table).toList()).chart(name() + ".png", chart);
        report.putAll("controller", String.join("+", CONTROLLERS.keySet()), "settings", usedSettings,
                "receivers", leaves.size(), "seeds", SEEDS, "runSec", LabMath.round(runNs / 1e9, 1),
                "ormccMeanBytesPerSec", LabMath.round(ormcc, 1), "tfrcMeanBytesPerSec", LabMath.round(tfrc, 1),
                "ratio", LabMath.round(ratio, 4), "feedbackPerDataPacket", LabMath.round(ormccFeedback, 5),
                "tfrcFeedbackPerDataPacket", LabMath.round(tfrcFeedback, 5));
        for (Map.Entry<String, List<Outcome>> e : runs.entrySet()) {
            report.putAll(e.getKey() + "BytesPerSecBySeed", e.getValue().stream()
                            .map(r -> LabMath.round(r.bytesPerSec(), 1)).toList(),
                    e.getKey() + "FeedbackDatagrams", e.getValue().stream().mapToLong(Outcome::feedbackDatagrams)
                            .sum(),
                    e.getKey() + "DataPackets", e.getValue().stream().mapToLong(Outcome::dataPackets).sum());
        }
        return report.check(Check.atLeast("ORMCC / TFRC rate", ratio, RATIO_MIN),
                Check.atMost("congestion indications per data packet", ormccFeedback, FEEDBACK_PER_PACKET_MAX)
                        .decimals(4)).result();
    }

    private Outcome runOnce(LabContext ctx, Topology topology, String controller, Map<String, String> settings,
                            long seed, String source, List<String> leaves, long runNs, long skipNs) throws Exception {
        String label = controller + ", seed " + seed;
        FeedbackCounter counter = new FeedbackCounter(source, GROUP);
        OnOffFlows background = new OnOffFlows(OnOffFlows.onTreeEdges(topology.tree().orElseThrow(),
                BACKGROUND_PER_LINK), seed, BACKGROUND_MEAN_NS, BACKGROUND_MEAN_NS, OrmccLab.MESSAGE_BYTES);
        List<Member> members = new ArrayList<>(List.of(new Member(source, "src")));
        leaves.forEach(leaf -> members.add(new Member(leaf, "rcv")));
        RunPlan plan = OrmccLab.plan(topology, name()).settings(settings).seed(seed)
                .on(BEFORE_START, run -> run.network().setWanFilter(counter)).group(GROUP, members);
        background.groups().forEach(plan::group);
        plan.on(START, run -> {
            run.traffic(GROUP).greedy(run.node(source, "src"), GROUP);
            background.start(run);
            run.say(label + ": a greedy multicast flow to " + leaves.size() + " receiving sites for " + runNs / S
                    + " s");
        }).runFor(runNs, skipNs).on(SAMPLE, background::update).at(skipNs, run -> {
            run.note("dataAtSkip", counter.dataPackets());
            run.note("feedbackAtSkip", counter.feedbackDatagrams());
        }).on(END, run -> background.stop()).rowEvery(CHART_WINDOW_NS).column("time_s", Run::atSec)
                .column("multicast_5s_Bps", r -> r.traffic(GROUP).rateOver(CHART_WINDOW_NS))
                .progress(50 * S, r -> String.format(Locale.ROOT, "%s: multicast %s (5-s), limited by %s; %d of %d"
                        + " background flows on", label, LabProgress.kb(r.traffic(GROUP).rateOver(CHART_WINDOW_NS)),
                        r.flow(source, GROUP).flatMap(org.gcs.FlowStatus::limitingSite).orElse("-"),
                        background.on(), background.flows().size()));
        RunRecord record = RunTemplate.run(ctx, plan);
        double rate = record.traffic(GROUP).mean(record.phase(0));
        long data = counter.dataPackets() - record.<Long>note("dataAtSkip");
        long feedback = counter.feedbackDatagrams() - record.<Long>note("feedbackAtSkip");
        ctx.progress().line(String.format(Locale.ROOT, "%s: multicast %.0f B/s; %d feedback datagrams for %d data"
                + " packets", label, rate, feedback, data));
        return new Outcome(controller, seed, rate, data, feedback, record.table());
    }

    private static double meanRate(List<Outcome> runs) {
        return runs.stream().mapToDouble(Outcome::bytesPerSec).average().orElse(Double.NaN);
    }

    private static double feedbackPerDataPacket(List<Outcome> runs) {
        long data = runs.stream().mapToLong(Outcome::dataPackets).sum();
        long feedback = runs.stream().mapToLong(Outcome::feedbackDatagrams).sum();
        return data == 0 ? Double.NaN : (double) feedback / data;
    }
}
