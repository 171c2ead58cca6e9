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
 * {@code backup-buffers}: seed 001's failure experiments (§IV, Fig. 4) on GCS's hop-by-hop transport in virtual time,
 * with the end-to-end repair off so that only the links and the backup buffers deliver ({@link ChainFailureRun}).
 * <ul>
 *   <li>T4: a chain of 5 sites, B_IN = B_OUT = 50, r = 1 (B_back = 150); the delegates of c2 and c4 crash 30 s and
 *       60 s into 90 s of greedy sending; 10 seeds. The paper: 80.5 redundant packets per failure (34 to 122).</li>
 *   <li>T5: a chain of 10 sites, B_IN = 50, B_OUT of 50, 200, 500 and 1000, B_back = B_IN + 2·B_OUT; 2, 4 or 6
 *       relay delegates crash 20 s apart. The paper's throughput table (KB/s) beside ours.</li>
 * </ul>
 * Summary {@code failures}: one {@code {experiment, run, site, atSec, duplicates, backupPackets, sinkGapSec}} per
 * crash; {@code chain10}: {@code {failures, bOut, throughputBytesPerSec, paperBytesPerSec}}. Pass: every surviving
 * member delivers every message once and in order in every run, and no failure brings more duplicates than B_back.
 * {@code --scale} scales the sending and failure times.
 *
 * <p>Not a {@link org.gcs.lab.RunPlan}: its runs drive {@link org.gcs.sim.SimNetwork} directly, because they crash
 * delegates, send numbered payloads and check every member's sequence, which the lab's drivers do not offer. It uses
 * the template's {@link org.gcs.lab.LabPool}, {@link org.gcs.lab.Check} and {@link org.gcs.lab.LabReport}.
 */
public final class BackupBuffersScenario implements LabScenario {
    private static final long S = 1_000_000_000L;
    /** The paper's T5 throughput in KB/s: rows 2, 4, 6 failures; columns B_OUT 50, 200, 500, 1000. */
    static final double[][] PAPER_CHAIN10_KBPS = {{25.6, 26.8, 45.2, 31.5}, {29.2, 28.8, 36.4, 27.2},
        {30.9, 28.8, 30.8, 24.0}};
    static final int[] OUTPUT_BUFFERS = {50, 200, 500, 1000};
    static final int[] FAILURE_COUNTS = {2, 4, 6};
    /** The relay sites of the chain of 10 whose delegates crash, in this order. */
    static final List<String> CHAIN10_FAILURES = List.of("c2", "c4", "c6", "c8", "c3", "c5");
    static final int CHAIN5_SEEDS = 10;

    @Override
    public String name() {
        return "backup-buffers";
    }

    @Override
    public String description() {
        return "seed 001's failure experiments: relay delegates crash in a chain, the backup buffers replay,"
                + " nothing is lost (hop-by-hop, virtual time)";
    }

    @Override
    public Optional<String> fixedDriver() {
        return Optional.of("virtual time");
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        List<ChainFailureRun> chain5 = new ArrayList<>();
        for (int k = 0; k < CHAIN5_SEEDS; k++) {
            chain5.add(new ChainFailureRun(5, 50, 50, 150, List.of("c2", "c4"), ctx.scaledNs(30 * S),
                    ctx.scaledNs(30 * S), ctx.scaledNs(90 * S), ctx.seed() + k));
        }
        List<ChainFailureRun> chain10 = new ArrayList<>();
        for (int failures : FAILURE_COUNTS) {
            for (int bOut : OUTPUT_BUFFERS) {
                chain10.add(new ChainFailureRun(10, bOut, 50, 50 + 2 * bOut, CHAIN10_FAILURES.subList(0, failures),
                        ctx.scaledNs(20 * S), ctx.scaledNs(20 * S), ctx.scaledNs((20L * failures + 20) * S),
                        ctx.seed()));
            }
        }
        List<ChainFailureRun> all = new ArrayList<>(chain5);
        all.addAll(chain10);
        ctx.progress().line(String.format(Locale.ROOT, "%d runs of a chain of 5 (2 failures) and %d of a chain of 10"
                + " (2, 4, 6 failures x B_OUT 50..1000) on %d thread(s)", chain5.size(), chain10.size(),
                LabPool.threads(Integer.MAX_VALUE)));
        List<ChainFailureRun.Outcome> outcomes = LabPool.run(Integer.MAX_VALUE, all.stream()
                .<Callable<ChainFailureRun.Outcome>>map(run -> () -> run.run(Map.of())).toList());
        for (int k = 0; k < all.size(); k++) {
            ChainFailureRun run = all.get(k);
            ChainFailureRun.Outcome o = outcomes.get(k);
            ctx.progress().line(String.format(Locale.ROOT, "%s B_OUT %d, seed %d, crashes %s: sent %d, sink %.1f"
                    + " pkt/s, duplicates per failure %s (B_back %d)%s; %.1f s wall", k < chain5.size() ? "chain5"
                    : "chain10", run.outputPackets(), run.seed(), run.failures(), o.sent(), o.sinkPacketsPerSec(),
                    o.failures().stream().map(f -> Long.toString(f.duplicates())).toList(), run.backupPackets(),
                    o.problems().isEmpty() ? "" : "; PROBLEMS " + o.problems(), o.wallMillis() / 1000.0));
        }
        return judge(ctx, chain5, outcomes.subList(0, chain5.size()), chain10,
                outcomes.subList(chain5.size(), outcomes.size()));
    }

    private LabResult judge(LabContext ctx, List<ChainFailureRun> chain5Runs, List<ChainFailureRun.Outcome> chain5,
                            List<ChainFailureRun> chain10Runs, List<ChainFailureRun.Outcome> chain10) {
        LabReport report = new LabReport(ctx);
        List<Map<String, Object>> failures = new ArrayList<>();
        try (CsvWriter csv = new CsvWriter(report.file(name() + "-failures.csv"), List.of("experiment", "run", "bOut",
                "site", "atSec", "duplicates", "backupPackets", "sinkGapSec"))) {
            addFailures("chain5", chain5Runs, chain5, failures, report, csv);
            addFailures("chain10", chain10Runs, chain10, failures, report, csv);
        }
        double meanDuplicates = chain5.stream().flatMap(o -> o.failures().stream())
                .mapToLong(ChainFailureRun.Failure::duplicates).average().orElse(0);
        double[][] throughput = new double[FAILURE_COUNTS.length][OUTPUT_BUFFERS.length];
        List<Map<String, Object>> chain10Cells = new ArrayList<>();
        try (CsvWriter csv = new CsvWriter(report.file(name() + "-chain10.csv"), List.of("failures", "bOut",
                "throughputBytesPerSec", "paperBytesPerSec"))) {
            for (int f = 0; f < FAILURE_COUNTS.length; f++) {
                for (int b = 0; b < OUTPUT_BUFFERS.length; b++) {
                    double bytesPerSec = chain10.get(f * OUTPUT_BUFFERS.length + b).sinkPacketsPerSec()
                            * ChainFailureRun.MESSAGE_BYTES;
                    throughput[f][b] = bytesPerSec;
                    chain10Cells.add(LabReport.fields("failures", FAILURE_COUNTS[f], "bOut", OUTPUT_BUFFERS[b],
                            "throughputBytesPerSec", Math.round(bytesPerSec),
                            "paperBytesPerSec", Math.round(PAPER_CHAIN10_KBPS[f][b] * 1000)));
                    csv.row(FAILURE_COUNTS[f], OUTPUT_BUFFERS[b], Math.round(bytesPerSec),
                            Math.round(PAPER_CHAIN10_KBPS[f][b] * 1000));
                }
            }
        }
        ctx.progress().line(String.format(Locale.ROOT, "chain of 5: %.1f duplicates per failure on average (B_back 150:"
                + " %.2f of it; the paper 80.5, 0.54)", meanDuplicates, meanDuplicates / 150));
        return report.chart(name() + ".png", chart(throughput)).putAll("failures", failures,
                "chain5MeanDuplicates", LabMath.round(meanDuplicates, 1),
                "chain5MeanDuplicatesOverBackup", LabMath.round(meanDuplicates / 150, 3),
                "paperChain5MeanDuplicates", 80.5, "chain10", chain10Cells).result();
    }

    /**
     * Adds one summary entry and one CSV row per crash, and the checks: every surviving member delivered every
     * message once and in order, and no crash brought more duplicates than B_back.
     */
    private static void addFailures(String experiment, List<ChainFailureRun> runs,
                                    List<ChainFailureRun.Outcome> outcomes, List<Map<String, Object>> failures,
                                    LabReport report, CsvWriter csv) {
        for (int k = 0; k < outcomes.size(); k++) {
            ChainFailureRun run = runs.get(k);
            ChainFailureRun.Outcome o = outcomes.get(k);
            String where = experiment + " run " + (k + 1) + ": ";
            report.check(Check.holds(where + String.join("; " + where, o.problems()), o.problems().isEmpty()));
            for (ChainFailureRun.Failure f : o.failures()) {
                failures.add(LabReport.fields("experiment", experiment, "run", k + 1, "bOut", run.outputPackets(),
                        "site", f.site(), "atSec", LabMath.round(f.atSec(), 2), "duplicates", f.duplicates(),
                        "backupPackets", run.backupPackets(), "sinkGapSec", LabMath.round(f.sinkGapSec(), 2)));
                csv.row(experiment, k + 1, run.outputPackets(), f.site(), LabMath.round(f.atSec(), 2),
                        f.duplicates(), run.backupPackets(), LabMath.round(f.sinkGapSec(), 3));
                report.check(Check.atMost(where + "duplicates after the failure of " + f.site() + " (B_back)",
                        f.duplicates(), run.backupPackets()).decimals(0));
            }
        }
    }

    private static ChartWriter chart(double[][] throughput) {
        double[] x = new double[OUTPUT_BUFFERS.length];
        for (int b = 0; b < x.length; b++) {
            x[b] = Math.log10(OUTPUT_BUFFERS[b]);
        }
        ChartWriter chart = ChartWriter.chart("Chain of 10 with relay failures (seed 001 Fig. 4): throughput at the"
                + " last site", "log10 of the output buffer B_OUT (packets)", "KB/s");
        for (int f = 0; f < FAILURE_COUNTS.length; f++) {
            double[] ours = new double[OUTPUT_BUFFERS.length];
            for (int b = 0; b < ours.length; b++) {
                ours[b] = throughput[f][b] / 1000;
            }
            chart.series("GCS, " + FAILURE_COUNTS[f] + " failures", x, ours, 2.2f);
            chart.series("paper, " + FAILURE_COUNTS[f] + " failures", x, PAPER_CHAIN10_KBPS[f]);
        }
        return chart.window(1.6, 3.1, 0, 200);
    }
}
