package org.gcs.lab.ormcc;

import static org.gcs.lab.ormcc.OrmccLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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

/**
 * {@code ormcc-multi-bottleneck}: seed 002's fairness on multiple bottlenecks (thesis §3.3.2, Figs 3.9–3.10; spec O5).
 * On the fixed tree A – B – C, with 1 Mbit/s on A → B and B → C, three greedy flows compete: the long one from A to C
 * crosses both bottlenecks, one short one from A to B and one from B to C cross one each. The thesis finds the long
 * flow at about 0.33 Mbit/s (proportional fairness; max-min would give 0.5).
 *
 * <p>Rates are each sender's bytes on the wire per second, averaged over [100, 400] s. Pass: the long flow over the
 * bottleneck in [0.25, 0.42], and the smaller short flow at least 1.5 times the long one. Runs ORMCC as the thesis's
 * simulations did ({@link OrmccLab#THESIS_SETTINGS}) unless --controller or --set say otherwise; {@code --scale}
 * scales the run.
 */
public final class OrmccMultiBottleneckScenario implements LabScenario {
    /** The run and the part of it that is measured. */
    static final long RUN_NS = 400 * S;
    /** The run and the part of it that is measured. */
    static final long MEASURE_FROM_NS = 100 * S;
    /** Pass bands. */
    static final double LONG_LOW = 0.25;
    /** Pass bands. */
    static final double LONG_HIGH = 0.42;
    /** Pass bands. */
    static final double SHORT_OVER_LONG_MIN = 1.5;

    /** One flow of the experiment: its group, sending site and receiving site. */
    private record Flow(String group, String source, String receiver) {
        String label() {
            return group + " (" + source + " -> " + receiver + ")";
        }
    }

    @Override
    public String name() {
        return "ormcc-multi-bottleneck";
    }

    @Override
    public String description() {
        return "a flow across two 1 Mbit/s bottlenecks against one short flow on each (seed 002 Fig. 3.10)";
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        Topology wan = ctx.topology(name());
        List<String> chain = chain(wan);
        String a = chain.get(0);
        String b = chain.get(1);
        String c = chain.get(2);
        List<Flow> flows = List.of(new Flow("long", a, c), new Flow("short1", a, b), new Flow("short2", b, c));
        double bottleneck = Math.min(OrmccLab.bytesPerSec(wan.link(a, b).orElseThrow()),
                OrmccLab.bytesPerSec(wan.link(b, c).orElseThrow()));
        long runNs = ctx.scaledNs(RUN_NS);
        long measureFromNs = ctx.scaledNs(MEASURE_FROM_NS);
        LabProgress progress = ctx.progress();
        Map<String, RateTrack> tracks = new LinkedHashMap<>();
        SeriesTable series = new SeriesTable();
        flows.forEach(f -> series.declare(f.label()));
        series.declare("bottleneck");
        List<String> header = new ArrayList<>(List.of("time_s"));
        flows.forEach(f -> header.addAll(List.of(f.group() + "_rate_3s_Bps", f.group() + "_allowed_Bps")));
        Map<String, Object> results = new LinkedHashMap<>();
        try (LabDriver driver = ctx.openDriver(wan, OrmccLab.THESIS_SETTINGS);
             CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), header)) {
            OrmccLab.virtual(driver, name());
            Map<String, List<Member>> groups = new LinkedHashMap<>();
            for (Flow f : flows) {
                groups.put(f.group(), List.of(new Member(f.source(), "src-" + f.group()),
                        new Member(f.receiver(), "rcv-" + f.group())));
            }
            Map<String, LabDriver.LabNode> nodes = OrmccLab.startAndSettle(driver, groups, progress);
            long t0 = driver.nowNs();
            Map<String, LabDriver.LabSender> senders = new LinkedHashMap<>();
            for (Flow f : flows) {
                senders.put(f.group(), driver.greedy(nodes.get(f.source() + "/src-" + f.group()), f.group(),
                        OrmccLab.MESSAGE_BYTES));
                RateTrack track = new RateTrack();
                track.add(t0, 0);
                tracks.put(f.group(), track);
            }
            progress.at(0, String.format(Locale.ROOT, "three greedy flows for %.0f s on %s; measured from %.0f s",
                    runNs / 1e9, String.join(" - ", chain), measureFromNs / 1e9));
            long[] nextProgress = {t0 + 20 * S};
            driver.sampleFor(runNs, OrmccLab.SAMPLE_NS, now -> {
                List<Object> row = new ArrayList<>(List.of((now - t0) / 1e9));
                series.add((now - t0) / 1e9);
                StringBuilder line = new StringBuilder();
                for (Flow f : flows) {
                    RateTrack track = tracks.get(f.group());
                    track.add(now, senders.get(f.group()).admittedWireBytes());
                    double rate3 = track.rateOver(3 * S);
                    double allowed = driver.flow(f.source(), f.group()).map(x -> x.allowedRateBytesPerSec())
                            .orElse(Double.NaN);
                    row.add(rate3);
                    row.add(allowed);
                    series.put(f.label(), rate3);
                    line.append(String.format(Locale.ROOT, " %s %s", f.group(), LabProgress.kb(rate3)));
                }
                series.put("bottleneck", bottleneck);
                csv.row(row.toArray());
                if (now >= nextProgress[0]) {
                    nextProgress[0] += 20 * S;
                    progress.at((now - t0) / 1e9, "3-s rates:" + line);
                }
            });
            senders.values().forEach(LabDriver.LabSender::stop);
            for (Flow f : flows) {
                double mean = tracks.get(f.group()).meanBetween(t0 + measureFromNs, t0 + runNs);
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("source", f.source());
                r.put("receiver", f.receiver());
                r.put("meanBytesPerSec", OrmccLab.round(mean, 1));
                r.put("overBottleneck", OrmccLab.round(mean / bottleneck, 4));
                driver.flow(f.source(), f.group()).ifPresent(status -> r.put("controllerState",
                        OrmccLab.rounded(status.extras(), 4)));
                results.put(f.group(), r);
            }
        }
        double longRate = rate(results, "long");
        double shortMin = Math.min(rate(results, "short1"), rate(results, "short2"));
        double longOverBottleneck = longRate / bottleneck;
        double shortOverLong = shortMin / longRate;
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("bottleneckBytesPerSec", bottleneck);
        summary.put("measuredFromSec", measureFromNs / 1e9);
        summary.put("runSeconds", runNs / 1e9);
        summary.put("flows", results);
        summary.put("longFlowOverBottleneck", OrmccLab.round(longOverBottleneck, 4));
        summary.put("shortOverLong", OrmccLab.round(shortOverLong, 4));
        progress.line(String.format(Locale.ROOT, "long flow / bottleneck %.3f (thesis ≈ 0.33), smaller short / long %.2f",
                longOverBottleneck, shortOverLong));
        List<String> failures = new ArrayList<>();
        if (!(longOverBottleneck >= LONG_LOW && longOverBottleneck <= LONG_HIGH)) {
            failures.add(String.format(Locale.ROOT, "long flow / bottleneck %.3f outside [%.2f, %.2f]",
                    longOverBottleneck, LONG_LOW, LONG_HIGH));
        }
        if (!(shortOverLong >= SHORT_OVER_LONG_MIN)) {
            failures.add(String.format(Locale.ROOT, "smaller short flow / long flow %.2f < %.1f", shortOverLong,
                    SHORT_OVER_LONG_MIN));
        }
        ChartWriter chart = ChartWriter.chart("ORMCC on two bottlenecks: the long flow against a short flow on each"
                + " (seed 002 Fig. 3.10)", "time (s)", "rate (KB/s, bytes on the wire, 3-s average)");
        series.addTo(chart, 1e-3, Map.of("long", 2.2f)).marker(measureFromNs / 1e9, "measured from here")
                .yMax(1.4 * bottleneck * 1e-3).write(ctx.file(name() + ".png"));
        return LabResult.judged(summary, failures, ctx.files());
    }

    @SuppressWarnings("unchecked")
    private static double rate(Map<String, Object> results, String group) {
        return (double) ((Map<String, Object>) results.get(group)).get("meanBytesPerSec");
    }

    /** @return the sites of the topology's tree as a chain A - B - C */
    private List<String> chain(Topology wan) {
        var tree = wan.tree().orElseThrow(() -> new IllegalArgumentException(name() + " needs a topology with a"
                + " 'tree' line A-B B-C"));
        if (tree.size() != 2 || !tree.get(0).child().equals(tree.get(1).parent())) {
            throw new IllegalArgumentException(name() + " needs a chain of three sites, 'tree A-B B-C'; "
                    + wan.name() + " has " + tree);
        }
        return List.of(tree.get(0).parent(), tree.get(0).child(), tree.get(1).child());
    }
}
