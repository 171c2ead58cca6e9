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
import org.gcs.sim.maxplus.MulticastControl;
import org.gcs.sim.maxplus.OverlayModelParameters;
import org.gcs.sim.maxplus.OverlayMulticastModel;
import org.gcs.sim.maxplus.OverlayThroughput;
import org.gcs.sim.maxplus.ServiceLaw;
import org.gcs.tools.csv.CsvWriter;

/**
 * {@code overlay-vs-e2e}: seed 003's Fig. 7, the throughput of overlay multicast congestion control over that of
 * end-to-end control against the number of receivers, from its (max,+) model ({@link OverlayMulticastModel}): a
 * binary tree of depth 5 with two legacy routers per hop, W_c = 3, W^e = 15, W_f of 1, 3, 30 and ∞, r = 1 … 32
 * leftmost receivers, M = 2000 packets ({@code --scale} scales them) and R = 40 replications per point. The paper's
 * heavy-tailed service (Bounded Pareto, mean 1) is judged; Exp(1) service is reported beside it (digest 003 §7).
 *
 * <p>Summary {@code cells}: {@code {wf, receivers, ratio}} for W_f = 1, 3, 30 under Bounded Pareto;
 * {@code unboundedCells} {@code {receivers, ratio}} for W_f = ∞; {@code throughputs} per r; the same two lists
 * under Exp(1) as {@code exponentialCells} and {@code exponentialUnboundedCells}. Pass (spec §5.5): at r = 16 and 32, W_f = 1 below end to end, W_f = 3 within ±0.15 of it, W_f = 30 above
 * 1.2 × it and W_f = ∞ at least W_f = 30; at r = 32 the W_f = 30 ratio in [1.3, 2.2] (the paper's ≈ 1.5).
 *
 * <p>Not a {@link org.gcs.lab.RunPlan}: it runs a (max,+) model, no nodes. It uses the template's
 * {@link org.gcs.lab.LabPool}, {@link org.gcs.lab.Check} and {@link org.gcs.lab.LabReport}.
 */
public final class OverlayVsEndToEndScenario implements LabScenario {
    /** The receiver counts of the figure. */
    static final int[] RECEIVERS = {1, 2, 4, 8, 16, 32};
    /** The flow windows W_f of Fig. 7 (∞ last). */
    static final int[] FLOW_WINDOWS = {1, 3, 30, OverlayModelParameters.UNBOUNDED};
    /** Packets per replication at scale 1 (the paper's horizon). */
    static final int PACKETS = 2000;

    @Override
    public String name() {
        return "overlay-vs-e2e";
    }

    @Override
    public String description() {
        return "seed 003's Fig. 7: overlay / end-to-end multicast throughput against the receivers, from its"
                + " (max,+) model";
    }

    @Override
    public Optional<String> fixedDriver() {
        return Optional.of("max-plus model");
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        int packets = Math.max(100, (int) Math.round(PACKETS * ctx.scale()));
        ctx.progress().line(String.format(Locale.ROOT, "%d points of 40 replications of %d packets on %d thread(s):"
                + " depth 5, 2 routers per hop, W_c = 3, W^e = 15", 2 * RECEIVERS.length * (FLOW_WINDOWS.length + 1),
                packets, LabPool.threads(Integer.MAX_VALUE)));
        List<Callable<OverlayThroughput>> tasks = new ArrayList<>();
        tasks.addAll(tasks(ServiceLaw.BoundedPareto.PAPER, packets, ctx.seed()));
        tasks.addAll(tasks(new ServiceLaw.Exponential(1), packets, ctx.seed()));
        List<OverlayThroughput> results = LabPool.run(Integer.MAX_VALUE, tasks);
        int perLaw = tasks.size() / 2;
        return judge(ctx, packets, rates(results.subList(0, perLaw)), rates(results.subList(perLaw, 2 * perLaw)));
    }

    /** The model runs of one service law: per receiver count, end to end, then the overlay with each W_f. */
    private static List<Callable<OverlayThroughput>> tasks(ServiceLaw law, int packets, long seed) {
        List<Callable<OverlayThroughput>> tasks = new ArrayList<>();
        for (int receivers : RECEIVERS) {
            tasks.add(() -> OverlayMulticastModel.throughput(parameters(MulticastControl.END_TO_END, receivers, 1, law,
                    packets, seed)));
            for (int flowWindow : FLOW_WINDOWS) {
                tasks.add(() -> OverlayMulticastModel.throughput(parameters(MulticastControl.OVERLAY, receivers,
                        flowWindow, law, packets, seed)));
            }
        }
        return tasks;
    }

    /** @return the packets per time of one law's runs: row 0 end to end, rows 1… each W_f; a column per r */
    private static double[][] rates(List<OverlayThroughput> results) {
        double[][] rates = new double[FLOW_WINDOWS.length + 1][RECEIVERS.length];
        for (int c = 0; c < RECEIVERS.length; c++) {
            for (int row = 0; row <= FLOW_WINDOWS.length; row++) {
                rates[row][c] = results.get(c * (FLOW_WINDOWS.length + 1) + row).packetsPerTime();
            }
        }
        return rates;
    }

    private static OverlayModelParameters parameters(MulticastControl control, int receivers, int flowWindow,
                                                     ServiceLaw law, int packets, long seed) {
        return new OverlayModelParameters(control, 5, 2, receivers, 15, 3, flowWindow, law, packets, 40, seed);
    }

    private static String windowName(int w) {
        return FLOW_WINDOWS[w] == OverlayModelParameters.UNBOUNDED ? "inf" : Integer.toString(FLOW_WINDOWS[w]);
    }

    private LabResult judge(LabContext ctx, int packets, double[][] pareto, double[][] exponential) {
        LabReport report = new LabReport(ctx);
        List<Map<String, Object>> cells = new ArrayList<>();
        List<Map<String, Object>> unbounded = new ArrayList<>();
        List<Map<String, Object>> exponentialCells = new ArrayList<>();
        List<Map<String, Object>> exponentialUnbounded = new ArrayList<>();
        List<Map<String, Object>> throughputs = new ArrayList<>();
        try (CsvWriter csv = new CsvWriter(report.file(name() + ".csv"), List.of("service", "receivers", "control",
                "wf", "packetsPerTime", "ratioToEndToEnd"))) {
            for (int c = 0; c < RECEIVERS.length; c++) {
                Map<String, Object> point = new LinkedHashMap<>();
                point.put("receivers", RECEIVERS[c]);
                point.put("endToEnd", LabMath.round(pareto[0][c], 4));
                csv.row("bounded-pareto", RECEIVERS[c], "end-to-end", "", LabMath.round(pareto[0][c], 5), 1);
                csv.row("exponential", RECEIVERS[c], "end-to-end", "", LabMath.round(exponential[0][c], 5), 1);
                for (int w = 0; w < FLOW_WINDOWS.length; w++) {
                    double ratio = pareto[w + 1][c] / pareto[0][c];
                    double expRatio = exponential[w + 1][c] / exponential[0][c];
                    point.put("wf" + windowName(w), LabMath.round(pareto[w + 1][c], 4));
                    csv.row("bounded-pareto", RECEIVERS[c], "overlay", windowName(w),
                            LabMath.round(pareto[w + 1][c], 5), LabMath.round(ratio, 4));
                    csv.row("exponential", RECEIVERS[c], "overlay", windowName(w),
                            LabMath.round(exponential[w + 1][c], 5), LabMath.round(expRatio, 4));
                    boolean infinite = FLOW_WINDOWS[w] == OverlayModelParameters.UNBOUNDED;
                    (infinite ? unbounded : cells).add(cell(w, RECEIVERS[c], ratio));
                    (infinite ? exponentialUnbounded : exponentialCells).add(cell(w, RECEIVERS[c], expRatio));
                }
                throughputs.add(point);
                ctx.progress().line(String.format(Locale.ROOT, "r = %2d: end to end %.3f; overlay / end to end,"
                        + " W_f = 1: %.2f, 3: %.2f, 30: %.2f, inf: %.2f (Exp(1): %.2f %.2f %.2f %.2f)", RECEIVERS[c],
                        pareto[0][c], pareto[1][c] / pareto[0][c], pareto[2][c] / pareto[0][c],
                        pareto[3][c] / pareto[0][c], pareto[4][c] / pareto[0][c],
                        exponential[1][c] / exponential[0][c], exponential[2][c] / exponential[0][c],
                        exponential[3][c] / exponential[0][c], exponential[4][c] / exponential[0][c]));
            }
        }
        return report.chart(name() + ".png", chart(pareto, exponential)).putAll("packets", packets,
                "replications", 40, "cells", cells, "unboundedCells", unbounded, "throughputs", throughputs,
                "exponentialCells", exponentialCells, "exponentialUnboundedCells", exponentialUnbounded)
                .check(checks(pareto)).result();
    }

    /** A summary cell: {@code {wf, receivers, ratio}}, without wf for W_f = ∞ (those go to their own list). */
    private static Map<String, Object> cell(int w, int receivers, double ratio) {
        Map<String, Object> cell = new LinkedHashMap<>();
        if (FLOW_WINDOWS[w] != OverlayModelParameters.UNBOUNDED) {
            cell.put("wf", FLOW_WINDOWS[w]);
        }
        cell.put("receivers", receivers);
        cell.put("ratio", LabMath.round(ratio, 4));
        return cell;
    }

    /** Spec §5.5's checks at r = 16 and 32. */
    private static List<Check> checks(double[][] t) {
        List<Check> checks = new ArrayList<>();
        for (int c = 0; c < RECEIVERS.length; c++) {
            int r = RECEIVERS[c];
            if (r < 16) {
                continue;
            }
            double e2e = t[0][c];
            String at = "r = " + r + ": ";
            checks.add(Check.below(at + "W_f = 1 against end to end", t[1][c], e2e));
            checks.add(Check.atMost(at + "|W_f = 3 / end to end - 1|", Math.abs(t[2][c] / e2e - 1), 0.15));
            checks.add(Check.above(at + "W_f = 30 against 1.2 x end to end", t[3][c], 1.2 * e2e));
            checks.add(Check.atLeast(at + "W_f = inf against W_f = 30", t[4][c], t[3][c]));
            if (r == 32) {
                checks.add(Check.within(at + "W_f = 30 / end to end (paper about 1.5)", t[3][c] / e2e, 1.3, 2.2));
            }
        }
        return checks;
    }

    private static ChartWriter chart(double[][] pareto, double[][] exponential) {
        double[] x = new double[RECEIVERS.length];
        for (int c = 0; c < x.length; c++) {
            x[c] = Math.log(RECEIVERS[c]) / Math.log(2);
        }
        ChartWriter chart = ChartWriter.chart("Overlay / end-to-end throughput, binary tree of depth 5 (seed 003"
                + " Fig. 7)", "log2 of the receivers r", "overlay / end-to-end throughput");
        for (int w = 0; w < FLOW_WINDOWS.length; w++) {
            double[] ratios = new double[RECEIVERS.length];
            double[] expRatios = new double[RECEIVERS.length];
            for (int c = 0; c < RECEIVERS.length; c++) {
                ratios[c] = pareto[w + 1][c] / pareto[0][c];
                expRatios[c] = exponential[w + 1][c] / exponential[0][c];
            }
            chart.series("W_f = " + windowName(w) + ", Bounded Pareto", x, ratios, 2.2f);
            chart.series("W_f = " + windowName(w) + ", Exp(1)", x, expRatios);
        }
        chart.series("paper: about 1.5 at r = 32 (W_f = 30)", new double[] {4.6, 5.2}, new double[] {1.5, 1.5}, 4f);
        return chart.window(-0.2, 5.2, 0.6, 3.2);
    }
}
