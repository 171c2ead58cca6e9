package org.gcs.lab.costbenefit;

import static org.gcs.lab.costbenefit.CostBenefitLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gcs.emulator.Topology;
import org.gcs.lab.ChartWriter;
import org.gcs.tools.csv.CsvWriter;
import org.gcs.lab.GroupStart.Member;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabDriver;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabProgress;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.SeriesTable;
import org.gcs.lab.VirtualDriver;
import org.gcs.lab.costbenefit.CostBenefitLab.BufferWatch;
import org.gcs.lab.costbenefit.CostBenefitLab.FlowTrack;

/**
 * {@code cost-benefit-randomization}: seed 000's Fig. 2 (spec CB5). One 2 Mbit/s link S → R; 100 clients in S send as
 * fast as allowed to one group whose other member is in R. Twice, 120 s each: with the 1/C_p randomization (a client
 * that can afford a packet sends it with probability 1/C_p) and without ({@code cc.cost-benefit.randomization=false}:
 * it sends whenever it can afford it). Without it, the clients' budgets fill in step and they buy together whenever
 * the price falls, which builds a burst in the link's buffer.
 *
 * <p>Summary: {@code maxBufferWith} and {@code maxBufferWithout}, the largest 100-ms peak of S → R's waiting packets
 * over [30, 120] s; also the means of those peaks, each run's utilisation and the largest peak over the whole run.
 * Pass: maxBufferWith &lt; maxBufferWithout. The two runs share a pool of two threads. {@code --scale} scales the
 * runs. The scenario sets {@code cc.cost-benefit.randomization} itself; virtual driver only.
 */
public final class CostBenefitRandomizationScenario implements LabScenario {
    /** Each run and its measured part. */
    static final long RUN_NS = 120 * S;
    /** Each run and its measured part. */
    static final long MEASURE_FROM_NS = 30 * S;
    /** The paper's streams. */
    static final int CLIENTS = 100;
    /** How many runs at a time. */
    static final int THREADS = 2;
    private static final String GROUP = "g";

    @Override
    public String name() {
        return "cost-benefit-randomization";
    }

    @Override
    public String description() {
        return "100 clients on one 2 Mbit/s link with and without the 1/C_p randomization: the maximum buffer"
                + " (seed 000 Fig. 2)";
    }

    /** One run's readings. */
    private record Run(boolean randomized, double bytesPerSec, int maxBuffer, int maxBufferWholeRun, double meanPeak,
                       double clientCov, double meanPrice, long queueDrops, long retransmissions, List<double[]> rows) {
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        CostBenefitLab.requireVirtual(ctx, name());
        if (ctx.nodeSettings().asMap().containsKey(CostBenefitLab.RANDOMIZATION_KEY)) {
            throw new IllegalArgumentException(name() + " sets " + CostBenefitLab.RANDOMIZATION_KEY + " itself (true,"
                    + " then false): leave it out of --set");
        }
        Topology wan = ctx.topology(name());
        List<org.gcs.emulator.TreeEdge> tree = wan.tree().orElseThrow(() -> new IllegalArgumentException(name()
                + " needs a topology with a 'tree' line SOURCE-RECEIVER"));
        String source = tree.get(0).parent();
        String receiver = tree.get(0).child();
        double capacity = CostBenefitLab.bytesPerSec(wan, source, receiver);
        long runNs = ctx.scaledNs(RUN_NS);
        long measureFromNs = ctx.scaledNs(MEASURE_FROM_NS);
        int threads = Math.max(1, Math.min(THREADS, Runtime.getRuntime().availableProcessors()));
        ctx.progress().line(String.format(Locale.ROOT, "%d clients %s -> %s, %.0f s with the 1/C_p randomization and"
                + " %.0f s without, on %d thread(s); measured from %.0f s", CLIENTS, source, receiver, runNs / 1e9,
                runNs / 1e9, threads, measureFromNs / 1e9));
        // opened here, "with" last, so that the summary's settings are those of the run with the paper's rule
        LabDriver withoutDriver = ctx.openDriver(wan, settings(false));
        LabDriver withDriver = ctx.openDriver(wan, settings(true));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        Run with;
        Run without;
        try (withoutDriver; withDriver) {
            Future<Run> withFuture = pool.submit(() -> runOnce(ctx, withDriver, source, receiver, true, runNs,
                    measureFromNs));
            Future<Run> withoutFuture = pool.submit(() -> runOnce(ctx, withoutDriver, source, receiver, false, runNs,
                    measureFromNs));
            with = withFuture.get();
            without = withoutFuture.get();
        } finally {
            pool.shutdownNow();
        }
        String link = BufferWatch.label(source, receiver);
        SeriesTable buffers = new SeriesTable().declare("with randomization").declare("without");
        try (CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), List.of("randomization", "time_s",
                "rate_1s_Bps", "price", link + "_max_waiting_pkts", link + "_window_pkts"))) {
            for (Run r : List.of(with, without)) {
                for (double[] row : r.rows()) {
                    csv.row(r.randomized(), row[0], row[1], row[2], (int) row[3], row[4]);
                }
            }
        }
        for (int i = 0; i < Math.min(with.rows().size(), without.rows().size()); i++) {
            buffers.add(with.rows().get(i)[0]);
            buffers.put("with randomization", with.rows().get(i)[3]);
            buffers.put("without", without.rows().get(i)[3]);
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("runSeconds", runNs / 1e9);
        summary.put("measuredFromSec", measureFromNs / 1e9);
        summary.put("clients", CLIENTS);
        summary.put("link", link);
        summary.put("maxBufferWith", with.maxBuffer());
        summary.put("maxBufferWithout", without.maxBuffer());
        summary.put("with", describe(with, capacity));
        summary.put("without", describe(without, capacity));
        ctx.progress().line(String.format(Locale.ROOT, "max buffer %s over [%.0f, %.0f] s: %d with the randomization,"
                + " %d without (means of the 100-ms peaks %.1f, %.1f); utilisation %.4f, %.4f", link,
                measureFromNs / 1e9, runNs / 1e9, with.maxBuffer(), without.maxBuffer(), with.meanPeak(),
                without.meanPeak(), with.bytesPerSec() / capacity, without.bytesPerSec() / capacity));
        List<String> failures = new ArrayList<>();
        if (!(with.maxBuffer() < without.maxBuffer())) {
            failures.add(String.format(Locale.ROOT, "max buffer with the randomization %d is not below without it,"
                    + " %d", with.maxBuffer(), without.maxBuffer()));
        }
        ChartWriter chart = ChartWriter.chart("Cost-benefit, 100 clients on one link: the 1/C_p randomization"
                + " (seed 000 Fig. 2)", "time (s)", "waiting packets (peak per 100 ms)");
        buffers.addTo(chart, 1, Map.of()).marker(measureFromNs / 1e9, "measured from here")
                .yMax(Math.max(120, 1.1 * Math.max(with.maxBufferWholeRun(), without.maxBufferWholeRun())))
                .write(ctx.file(name() + ".png"));
        return LabResult.judged(summary, failures, ctx.files());
    }

    private static Map<String, Object> describe(Run r, double capacity) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("maxBufferPackets", r.maxBuffer());
        out.put("maxBufferPacketsWholeRun", r.maxBufferWholeRun());
        out.put("meanPeakBufferPackets", CostBenefitLab.round(r.meanPeak(), 1));
        out.put("bytesPerSec", CostBenefitLab.round(r.bytesPerSec(), 1));
        out.put("utilisation", CostBenefitLab.round(r.bytesPerSec() / capacity, 4));
        out.put("clientMeansCov", CostBenefitLab.round(r.clientCov(), 4));
        out.put("meanPrice", CostBenefitLab.round(r.meanPrice(), 3));
        out.put("queueDrops", r.queueDrops());
        out.put("hopRetransmissions", r.retransmissions());
        return out;
    }

    private static Map<String, String> settings(boolean randomized) {
        Map<String, String> settings = new LinkedHashMap<>(CostBenefitLab.SETTINGS);
        settings.put(CostBenefitLab.RANDOMIZATION_KEY, Boolean.toString(randomized));
        return settings;
    }

    private Run runOnce(LabContext ctx, LabDriver driver, String source, String receiver, boolean randomized,
                        long runNs, long measureFromNs) throws Exception {
        LabProgress progress = ctx.progress();
        String label = randomized ? "with" : "without";
        List<Member> members = new ArrayList<>(CostBenefitLab.members(source, "c", CLIENTS));
        members.add(new Member(receiver, "rcv"));
        String link = BufferWatch.label(source, receiver);
        List<double[]> rows = new ArrayList<>();
        List<Double> prices = new ArrayList<>();
        VirtualDriver virtual = CostBenefitLab.virtual(driver, name());
        BufferWatch watch = new BufferWatch(virtual.network(), List.<String[]>of(new String[] {source, receiver}));
        Map<String, LabDriver.LabNode> nodes = CostBenefitLab.startAndSettle(driver, List.of(), Map.of(GROUP,
                members), progress);
        long t0 = driver.nowNs();
        FlowTrack track = new FlowTrack("all", GROUP, source);
        track.start(driver, members.subList(0, CLIENTS).stream().map(m -> nodes.get(m.key())).toList());
        watch.sample(t0);
        long[] nextProgress = {t0 + 30 * S};
        long[] atMeasure = {0, 0};
        driver.sampleFor(runNs, CostBenefitLab.SAMPLE_NS, now -> {
            if (now - t0 >= measureFromNs && now - t0 < measureFromNs + CostBenefitLab.SAMPLE_NS) {
                atMeasure[0] = CostBenefitLab.counters(virtual.network(), source, receiver).droppedByQueue();
                atMeasure[1] = CostBenefitLab.retransmissions(virtual.network(), source, receiver);
            }
            track.sample(now);
            double rate = track.rateOver(S);
            double price = CostBenefitLab.price(driver, source, GROUP);
            int peak = watch.sample(now).get(link);
            if (now - t0 >= measureFromNs) {
                prices.add(price);
            }
            rows.add(new double[] {(now - t0) / 1e9, rate, price, peak,
                CostBenefitLab.window(virtual.network(), source, receiver)});
            if (now >= nextProgress[0]) {
                nextProgress[0] += 30 * S;
                progress.at((now - t0) / 1e9, String.format(Locale.ROOT, "%s randomization: 1-s rate %.3f"
                        + " Mbit/s, price %.2f, max waiting %d", label, CostBenefitLab.mbps(rate), price, peak));
            }
        });
        track.stop();
        long from = t0 + measureFromNs;
        long to = t0 + runNs;
        return new Run(randomized, track.mean(from, to), watch.max(link, from, to), watch.max(link, t0, to),
                watch.mean(link, from, to), CostBenefitLab.cov(track.clientMeans(from, to)),
                LabMath.mean(prices),
                CostBenefitLab.counters(virtual.network(), source, receiver).droppedByQueue() - atMeasure[0],
                CostBenefitLab.retransmissions(virtual.network(), source, receiver) - atMeasure[1], rows);
    }
}
