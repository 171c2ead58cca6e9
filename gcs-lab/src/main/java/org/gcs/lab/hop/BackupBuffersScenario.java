package org.gcs.lab.hop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gcs.lab.ChartWriter;
import org.gcs.tools.csv.CsvWriter;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;

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
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<ChainFailureRun.Outcome>> chain5 = new ArrayList<>();
            List<ChainFailureRun> chain5Runs = new ArrayList<>();
            for (int k = 0; k < CHAIN5_SEEDS; k++) {
                ChainFailureRun run = new ChainFailureRun(5, 50, 50, 150, List.of("c2", "c4"), ctx.scaledNs(30 * S),
                        ctx.scaledNs(30 * S), ctx.scaledNs(90 * S), ctx.seed() + k);
                chain5Runs.add(run);
                chain5.add(pool.submit(() -> run.run(Map.of())));
            }
            List<ChainFailureRun> chain10Runs = new ArrayList<>();
            List<Future<ChainFailureRun.Outcome>> chain10 = new ArrayList<>();
            for (int failures : FAILURE_COUNTS) {
                for (int bOut : OUTPUT_BUFFERS) {
                    ChainFailureRun run = new ChainFailureRun(10, bOut, 50, 50 + 2 * bOut,
                            CHAIN10_FAILURES.subList(0, failures), ctx.scaledNs(20 * S), ctx.scaledNs(20 * S),
                            ctx.scaledNs((20L * failures + 20) * S), ctx.seed());
                    chain10Runs.add(run);
                    chain10.add(pool.submit(() -> run.run(Map.of())));
                }
            }
            ctx.progress().line(String.format(Locale.ROOT, "%d runs of a chain of 5 (2 failures) and %d of a chain of"
                    + " 10 (2, 4, 6 failures x B_OUT 50..1000) on %d thread(s)", chain5.size(), chain10.size(),
                    threads));
            return judge(ctx, chain5Runs, collect(ctx, "chain5", chain5Runs, chain5), chain10Runs,
                    collect(ctx, "chain10", chain10Runs, chain10));
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<ChainFailureRun.Outcome> collect(LabContext ctx, String experiment,
                                                         List<ChainFailureRun> runs,
                                                         List<Future<ChainFailureRun.Outcome>> futures)
            throws Exception {
        List<ChainFailureRun.Outcome> outcomes = new ArrayList<>();
        for (int k = 0; k < futures.size(); k++) {
            ChainFailureRun.Outcome o = futures.get(k).get();
            ChainFailureRun run = runs.get(k);
            outcomes.add(o);
            ctx.progress().line(String.format(Locale.ROOT, "%s B_OUT %d, seed %d, crashes %s: sent %d, sink %.1f"
                    + " pkt/s, duplicates per failure %s (B_back %d)%s; %.1f s wall", experiment, run.outputPackets(),
                    run.seed(), run.failures(), o.sent(), o.sinkPacketsPerSec(),
                    o.failures().stream().map(f -> Long.toString(f.duplicates())).toList(), run.backupPackets(),
                    o.problems().isEmpty() ? "" : "; PROBLEMS " + o.problems(), o.wallMillis() / 1000.0));
        }
        return outcomes;
    }

    private LabResult judge(LabContext ctx, List<ChainFailureRun> chain5Runs, List<ChainFailureRun.Outcome> chain5,
                            List<ChainFailureRun> chain10Runs, List<ChainFailureRun.Outcome> chain10)
            throws Exception {
        List<String> problems = new ArrayList<>();
        List<Map<String, Object>> failures = new ArrayList<>();
        try (CsvWriter csv = new CsvWriter(ctx.file(name() + "-failures.csv"), List.of("experiment", "run", "bOut",
                "site", "atSec", "duplicates", "backupPackets", "sinkGapSec"))) {
            addFailures("chain5", chain5Runs, chain5, failures, problems, csv);
            addFailures("chain10", chain10Runs, chain10, failures, problems, csv);
        }
        double meanDuplicates = chain5.stream().flatMap(o -> o.failures().stream())
                .mapToLong(ChainFailureRun.Failure::duplicates).average().orElse(0);
        double[][] throughput = new double[FAILURE_COUNTS.length][OUTPUT_BUFFERS.length];
        List<Map<String, Object>> chain10Cells = new ArrayList<>();
        try (CsvWriter csv = new CsvWriter(ctx.file(name() + "-chain10.csv"), List.of("failures", "bOut",
                "throughputBytesPerSec", "paperBytesPerSec"))) {
            for (int f = 0; f < FAILURE_COUNTS.length; f++) {
                for (int b = 0; b < OUTPUT_BUFFERS.length; b++) {
                    double bytesPerSec = chain10.get(f * OUTPUT_BUFFERS.length + b).sinkPacketsPerSec()
                            * ChainFailureRun.MESSAGE_BYTES;
                    throughput[f][b] = bytesPerSec;
                    Map<String, Object> cell = new LinkedHashMap<>();
                    cell.put("failures", FAILURE_COUNTS[f]);
                    cell.put("bOut", OUTPUT_BUFFERS[b]);
                    cell.put("throughputBytesPerSec", Math.round(bytesPerSec));
                    cell.put("paperBytesPerSec", Math.round(PAPER_CHAIN10_KBPS[f][b] * 1000));
                    chain10Cells.add(cell);
                    csv.row(FAILURE_COUNTS[f], OUTPUT_BUFFERS[b], Math.round(bytesPerSec),
                            Math.round(PAPER_CHAIN10_KBPS[f][b] * 1000));
                }
            }
        }
        chart(ctx, throughput);
        ctx.progress().line(String.format(Locale.ROOT, "chain of 5: %.1f duplicates per failure on average (B_back 150:"
                + " %.2f of it; the paper 80.5, 0.54)", meanDuplicates, meanDuplicates / 150));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("failures", failures);
        summary.put("chain5MeanDuplicates", LabMath.round(meanDuplicates, 1));
        summary.put("chain5MeanDuplicatesOverBackup", LabMath.round(meanDuplicates / 150, 3));
        summary.put("paperChain5MeanDuplicates", 80.5);
        summary.put("chain10", chain10Cells);
        return LabResult.judged(summary, problems, ctx.files());
    }

    private static void addFailures(String experiment, List<ChainFailureRun> runs,
                                    List<ChainFailureRun.Outcome> outcomes, List<Map<String, Object>> failures,
                                    List<String> problems, CsvWriter csv) {
        for (int k = 0; k < outcomes.size(); k++) {
            ChainFailureRun run = runs.get(k);
            ChainFailureRun.Outcome o = outcomes.get(k);
            for (String problem : o.problems()) {
                problems.add(experiment + " run " + (k + 1) + ": " + problem);
            }
            for (ChainFailureRun.Failure f : o.failures()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("experiment", experiment);
                row.put("run", k + 1);
                row.put("bOut", run.outputPackets());
                row.put("site", f.site());
                row.put("atSec", LabMath.round(f.atSec(), 2));
                row.put("duplicates", f.duplicates());
                row.put("backupPackets", run.backupPackets());
                row.put("sinkGapSec", LabMath.round(f.sinkGapSec(), 2));
                failures.add(row);
                csv.row(experiment, k + 1, run.outputPackets(), f.site(), LabMath.round(f.atSec(), 2),
                        f.duplicates(), run.backupPackets(), LabMath.round(f.sinkGapSec(), 3));
                if (f.duplicates() > run.backupPackets()) {
                    problems.add(String.format(Locale.ROOT, "%s run %d: %d duplicates after the failure of %s, more"
                            + " than B_back = %d", experiment, k + 1, f.duplicates(), f.site(), run.backupPackets()));
                }
            }
        }
    }

    private void chart(LabContext ctx, double[][] throughput) {
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
        chart.window(1.6, 3.1, 0, 200).write(ctx.file(name() + ".png"));
    }
}
