package org.gcs.lab.overlay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
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
import org.gcs.sim.maxplus.LossModel;
import org.gcs.sim.maxplus.OneToManyTcpModel;
import org.gcs.sim.maxplus.TreeModelParameters;
import org.gcs.sim.maxplus.TreeModelResult;
import org.gcs.tools.csv.CsvWriter;

/**
 * {@code overlay-scaling}: seed 001's table (§V-A) of the asymptotic group throughput over the local throughput of
 * a tree of TCP connections with back-pressure, from its (max,+) model ({@link OneToManyTcpModel}): a complete binary
 * tree of 255 nodes, H = 10 routers per connection with Exp(10 ms) service, p = 0.01, B_IN = 50, W_max = 50, and
 * B_OUT of 50, 100, 1000 and 10 000 packets, for TCP RENO, SACK and ECN (immediate halving), with ECN by the
 * conservative rule alongside (spec F3). "Local" is one connection alone. 5·10⁵ packets per run ({@code --scale}
 * scales them); the runs share the machine's cores.
 *
 * <p>Summary {@code cells}: {@code {variant, bOut, ratio, paperRatio, groupPacketsPerSec}}; {@code locals}: the local
 * throughput per variant. Pass (spec §4.5): RENO and SACK cells within ±0.06 of the paper, ECN within ±0.04, each row
 * non-decreasing in B_OUT (0.005 of noise allowed: the paper's last two columns are equal), RENO below SACK in every
 * cell, and local RENO / SACK in [0.89, 0.95] (the paper's "about 8 % less").
 *
 * <p>Not a {@link org.gcs.lab.RunPlan}: it runs a (max,+) model, no nodes. It uses the template's
 * {@link org.gcs.lab.LabPool}, {@link org.gcs.lab.Check} and {@link org.gcs.lab.LabReport}.
 */
public final class OverlayScalingScenario implements LabScenario {
    /** The paper's output buffers. */
    static final int[] OUTPUT_BUFFERS = {50, 100, 1000, 10_000};
    /** Packets per run at scale 1 (spec Appendix A: 5·10⁵ get past the filling of 10 000-packet buffers). */
    static final int PACKETS = 500_000;
    /** The tree: binary, depth 7, 255 nodes. */
    static final int DEPTH = 7;
    /** Its nodes, root included. */
    static final int NODES = TreeModelParameters.paperTable(DEPTH, 2, 50, LossModel.SACK, 10, 1).nodes();
    /** Tolerances of spec §4.5. */
    static final double TOLERANCE = 0.06;
    static final double ECN_TOLERANCE = 0.04;
    static final double MONOTONE_NOISE = 0.005;

    /** A row of the paper's table. */
    private record Row(String name, LossModel lossModel, double[] paper, double tolerance) {
    }

    /** The rows; RENO and SACK first (the checks that compare them look them up there). */
    private static final List<Row> ROWS = List.of(
            new Row("RENO", LossModel.RENO, new double[] {0.83, 0.90, 0.98, 0.99}, TOLERANCE),
            new Row("SACK", LossModel.SACK, new double[] {0.86, 0.92, 0.99, 0.99}, TOLERANCE),
            new Row("ECN", LossModel.ECN_IMMEDIATE, new double[] {0.87, 0.92, 0.99, 0.99}, ECN_TOLERANCE),
            new Row("ECN-conservative", LossModel.ECN_CONSERVATIVE, new double[] {0.87, 0.92, 0.99, 0.99}, Double.NaN));

    @Override
    public String name() {
        return "overlay-scaling";
    }

    @Override
    public String description() {
        return "seed 001's ratio table: group / local throughput of a 255-node tree of TCP connections with"
                + " back-pressure, from its (max,+) model";
    }

    @Override
    public Optional<String> fixedDriver() {
        return Optional.of("max-plus model");
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        int packets = Math.max(10_000, (int) Math.round(PACKETS * ctx.scale()));
        ctx.progress().line(String.format(Locale.ROOT, "%d runs of %d packets on %d thread(s): %d nodes, H = 10,"
                + " Exp(10 ms), p = 0.01, B_IN = 50", ROWS.size() * (OUTPUT_BUFFERS.length + 1), packets,
                LabPool.threads(Integer.MAX_VALUE), NODES));
        List<Callable<TreeModelResult>> tasks = new ArrayList<>();
        for (Row row : ROWS) {
            tasks.add(() -> OneToManyTcpModel.run(TreeModelParameters.paperTable(1, 1, 50, row.lossModel(), packets,
                    ctx.seed())));
            for (int outputBuffer : OUTPUT_BUFFERS) {
                tasks.add(() -> OneToManyTcpModel.run(TreeModelParameters.paperTable(DEPTH, 2, outputBuffer,
                        row.lossModel(), packets, ctx.seed())));
            }
        }
        List<TreeModelResult> results = LabPool.run(Integer.MAX_VALUE, tasks);
        Map<Row, Double> local = new LinkedHashMap<>();
        Map<Row, double[]> group = new LinkedHashMap<>();
        for (int r = 0; r < ROWS.size(); r++) {
            int first = r * (OUTPUT_BUFFERS.length + 1);
            local.put(ROWS.get(r), results.get(first).groupPacketsPerSec());
            group.put(ROWS.get(r), results.subList(first + 1, first + 1 + OUTPUT_BUFFERS.length).stream()
                    .mapToDouble(TreeModelResult::groupPacketsPerSec).toArray());
        }
        return judge(ctx, packets, local, group);
    }

    private LabResult judge(LabContext ctx, int packets, Map<Row, Double> local, Map<Row, double[]> group) {
        LabReport report = new LabReport(ctx);
        List<Map<String, Object>> cells = new ArrayList<>();
        Map<String, Object> localSummary = new LinkedHashMap<>();
        Map<String, double[]> ratios = new LinkedHashMap<>();
        try (CsvWriter csv = new CsvWriter(report.file(name() + ".csv"), List.of("variant", "bOut",
                "groupPacketsPerSec", "localPacketsPerSec", "ratio", "paperRatio"))) {
            for (Row row : ROWS) {
                double localRate = local.get(row);
                localSummary.put(row.name(), LabMath.round(localRate, 2));
                double[] rowRatios = new double[OUTPUT_BUFFERS.length];
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-16s local %6.2f pkt/s, ratio",
                        row.name(), localRate));
                for (int c = 0; c < OUTPUT_BUFFERS.length; c++) {
                    double groupRate = group.get(row)[c];
                    double ratio = groupRate / localRate;
                    rowRatios[c] = ratio;
                    line.append(String.format(Locale.ROOT, " %.3f", ratio));
                    csv.row(row.name(), OUTPUT_BUFFERS[c], LabMath.round(groupRate, 3), LabMath.round(localRate, 3),
                            LabMath.round(ratio, 4), row.paper()[c]);
                    Map<String, Object> cell = new LinkedHashMap<>();
                    cell.put("variant", row.name());
                    cell.put("bOut", OUTPUT_BUFFERS[c]);
                    cell.put("ratio", LabMath.round(ratio, 4));
                    cell.put("paperRatio", row.paper()[c]);
                    cell.put("groupPacketsPerSec", LabMath.round(groupRate, 3));
                    cells.add(cell);
                    String at = row.name() + " at B_OUT = " + OUTPUT_BUFFERS[c] + ": ";
                    if (!Double.isNaN(row.tolerance())) {
                        report.check(Check.atMost(String.format(Locale.ROOT, "%s|ratio %.3f - paper %.2f|", at, ratio,
                                row.paper()[c]), Math.abs(ratio - row.paper()[c]), row.tolerance()));
                    }
                    if (c > 0) {
                        report.check(Check.atLeast(String.format(Locale.ROOT, "%sratio (at B_OUT = %d: %.3f, less"
                                + " %.3f of noise)", at, OUTPUT_BUFFERS[c - 1], rowRatios[c - 1], MONOTONE_NOISE),
                                ratio, rowRatios[c - 1] - MONOTONE_NOISE));
                    }
                }
                ctx.progress().line(line.toString());
                ratios.put(row.name(), rowRatios);
            }
        }
        Row reno = ROWS.get(0);
        Row sack = ROWS.get(1);
        double renoOverSack = local.get(reno) / local.get(sack);
        report.check(Check.within("local RENO / SACK", renoOverSack, 0.89, 0.95));
        for (int c = 0; c < OUTPUT_BUFFERS.length; c++) {
            report.check(Check.atMost("RENO against SACK at B_OUT = " + OUTPUT_BUFFERS[c] + " (pkt/s)",
                    group.get(reno)[c], group.get(sack)[c]).decimals(2));
        }
        return report.chart(name() + ".png", chart(ratios)).putAll("nodes", NODES, "packets", packets,
                "cells", cells, "locals", localSummary, "renoOverSackLocal", LabMath.round(renoOverSack, 4))
                .result();
    }

    private static ChartWriter chart(Map<String, double[]> ratios) {
        double[] x = new double[OUTPUT_BUFFERS.length];
        for (int c = 0; c < x.length; c++) {
            x[c] = Math.log10(OUTPUT_BUFFERS[c]);
        }
        ChartWriter chart = ChartWriter.chart("Group / local throughput, 255-node binary tree (seed 001 §V-A)",
                "log10 of the output buffer B_OUT (packets)", "group / local throughput");
        ratios.forEach((name, r) -> chart.series(name, x, r, 2.2f));
        for (Row row : ROWS.subList(0, 3)) {
            chart.series("paper " + row.name(), x, row.paper());
        }
        return chart.window(1.6, 4.1, 0.7, 1.02);
    }
}
