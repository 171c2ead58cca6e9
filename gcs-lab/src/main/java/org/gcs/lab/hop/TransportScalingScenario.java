package org.gcs.lab.hop;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.gcs.lab.ChartWriter;
import org.gcs.lab.Check;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabPool;
import org.gcs.lab.LabReport;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.tools.csv.CsvWriter;

/**
 * {@code transport-scaling}: GCS itself, not a model, on both WAN transports in virtual time ({@link TreeScalingRun}):
 * binary trees of 8, 32, 128 and 512 sites with one member each, every tree edge 20 ms RTT, 4 Mb/s, 0.5 % loss, a
 * greedy sender at the root for 20 s; group throughput is the slowest member's over the second half. End to end runs
 * TFRC, hop by hop {@code none}. Seed 001's claim: the hop-by-hop tree keeps its throughput as the group grows,
 * end-to-end control does not.
 *
 * <p>The runs go to a pool of one thread per core, largest first, so that the two 512-site runs do not end up last on
 * one core. Summary {@code points}: {@code {delegates, transport, throughputBytesPerSec, meanBytesPerSec, formingSec,
 * formingWallSec, wallSec}}; {@code hopByHopLargestOverSmallest} and {@code endToEndLargestOverSmallest}. Judged:
 * every run completes and every member delivers the sender's messages once each, without a gap and in order.
 *
 * <p>Not a {@link org.gcs.lab.RunPlan}: its runs drive {@link org.gcs.sim.SimNetwork} directly (trees of up to 512
 * sites with their own timers, numbered payloads checked at every member), which the lab's drivers do not offer. It
 * uses the template's {@link org.gcs.lab.LabPool}, {@link org.gcs.lab.Check} and {@link org.gcs.lab.LabReport}.
 */
public final class TransportScalingScenario implements LabScenario {
    private static final long S = 1_000_000_000L;
    static final int[] DELEGATES = {8, 32, 128, 512};
    static final String[] TRANSPORTS = {"end-to-end", "hop-by-hop"};

    @Override
    public String name() {
        return "transport-scaling";
    }

    @Override
    public String description() {
        return "GCS on both WAN transports in virtual time on binary trees of 8 to 512 sites: group throughput"
                + " against group size";
    }

    @Override
    public Optional<String> fixedDriver() {
        return Optional.of("virtual time");
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        long sendNs = ctx.scaledNs(20 * S);
        ctx.progress().line(String.format(Locale.ROOT, "binary trees of %s sites, both transports, %.0f s of sending"
                + " each, on %d thread(s)", java.util.Arrays.toString(DELEGATES), sendNs / 1e9,
                LabPool.threads(Integer.MAX_VALUE)));
        List<TreeScalingRun> runs = new ArrayList<>();
        for (int d = DELEGATES.length - 1; d >= 0; d--) { // largest first: the pool packs the runs better
            for (int t = TRANSPORTS.length - 1; t >= 0; t--) {
                runs.add(new TreeScalingRun(DELEGATES[d], TRANSPORTS[t], sendNs, ctx.seed()));
            }
        }
        List<TreeScalingRun.Outcome> outcomes = LabPool.run(Integer.MAX_VALUE, runs.stream()
                .<Callable<TreeScalingRun.Outcome>>map(run -> run::run).toList());
        LabReport report = new LabReport(ctx);
        double[][] throughput = new double[TRANSPORTS.length][DELEGATES.length];
        List<Map<String, Object>> points = new ArrayList<>();
        try (CsvWriter csv = new CsvWriter(report.file(name() + ".csv"), List.of("delegates", "transport",
                "throughputBytesPerSec", "meanBytesPerSec", "formingSec", "formingWallSec", "wallSec"))) {
            for (int d = 0; d < DELEGATES.length; d++) {
                for (int t = 0; t < TRANSPORTS.length; t++) {
                    TreeScalingRun.Outcome o = outcomes.get(runs.size() - 1 - (d * TRANSPORTS.length + t));
                    report.check(Check.holds(String.valueOf(o.problem()), o.problem() == null));
                    throughput[t][d] = o.throughputBytesPerSec();
                    List<Object> row = List.of(DELEGATES[d], TRANSPORTS[t], Math.round(o.throughputBytesPerSec()),
                            Math.round(o.meanBytesPerSec()), LabMath.round(o.formingSec(), 1),
                            LabMath.round(o.formingWallMillis() / 1000.0, 1), LabMath.round(o.wallMillis() / 1000.0, 1));
                    points.add(LabReport.fields("delegates", row.get(0), "transport", row.get(1),
                            "throughputBytesPerSec", row.get(2), "meanBytesPerSec", row.get(3), "formingSec",
                            row.get(4), "formingWallSec", row.get(5), "wallSec", row.get(6)));
                    csv.row(row.toArray());
                    ctx.progress().line(String.format(Locale.ROOT, "%4d sites, %-10s: slowest member %8.1f KB/s,"
                            + " mean %8.1f KB/s; formed in %.1f s (%.1f s wall); %.1f s wall in all", DELEGATES[d],
                            TRANSPORTS[t], o.throughputBytesPerSec() / 1000, o.meanBytesPerSec() / 1000,
                            o.formingSec(), o.formingWallMillis() / 1000.0, o.wallMillis() / 1000.0));
                }
            }
        }
        int last = DELEGATES.length - 1;
        double hop = throughput[1][last] / throughput[1][0];
        double e2e = throughput[0][last] / throughput[0][0];
        ctx.progress().line(String.format(Locale.ROOT, "throughput at %d sites over %d: hop by hop %.2f, end to end"
                + " %.2f", DELEGATES[last], DELEGATES[0], hop, e2e));
        return report.chart(name() + ".png", chart(throughput)).putAll("points", points,
                "hopByHopLargestOverSmallest", LabMath.round(hop, 3),
                "endToEndLargestOverSmallest", LabMath.round(e2e, 3)).result();
    }

    private static ChartWriter chart(double[][] throughput) {
        double[] x = new double[DELEGATES.length];
        for (int d = 0; d < x.length; d++) {
            x[d] = Math.log(DELEGATES[d]) / Math.log(2);
        }
        ChartWriter chart = ChartWriter.chart("GCS on a binary tree, 0.5 % loss per edge: slowest member's throughput",
                "log2 of the sites", "KB/s");
        for (int t = 0; t < TRANSPORTS.length; t++) {
            double[] kb = new double[DELEGATES.length];
            for (int d = 0; d < kb.length; d++) {
                kb[d] = throughput[t][d] / 1000;
            }
            chart.series(TRANSPORTS[t], x, kb, 2.2f);
        }
        return chart;
    }
}
