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
import org.gcs.lab.RateTrack;
import org.gcs.lab.VirtualDriver;
import org.gcs.lab.costbenefit.CostBenefitLab.BufferWatch;
import org.gcs.lab.costbenefit.CostBenefitLab.FlowTrack;

/**
 * {@code cost-benefit-many-senders}: seed 000's Scenario 4 (Figs 13–14; spec CB4), scaled. The sending site A holds N
 * members, member i sending as fast as allowed to a group of its own, which a member in each of the receiving sites
 * R1, R2 and R3 (behind the relay B) joins: every group has three receiving sites, as the paper's 800 groups of three
 * receivers. A–B (2 Mbit/s) is the one bottleneck all N clients share. N = 5, 10, 25, 50, 100 and 200, one run of
 * 120 s each, measured over [30, 120] s. The paper (up to 800 senders): the maximum buffer on A–B about constant until
 * N ≈ M = 100, then growing, under 170 packets at 800; 1.979 Mbit/s at 800.
 *
 * <p>Summary {@code points}: per N, {@code utilisation} (the clients' summed rate over A–B's bandwidth),
 * {@code maxBufferPackets} (the largest 100-ms peak of A → B's waiting packets), the mean of those peaks, the clients'
 * coefficient of variation and the wall time of the run. Pass: utilisation ≥ 0.95 at every N. The specification's
 * buffer bounds (≤ 130 up to N = 100, ≤ 170 at 200) are reported, not judged. The runs share a pool of two threads,
 * largest first. {@code --scale} scales the runs. Virtual driver only.
 */
public final class CostBenefitManySendersScenario implements LabScenario {
    /** The numbers of senders, one run each. */
    static final int[] SENDERS = {5, 10, 25, 50, 100, 200};
    /** Each run and its measured part. */
    static final long RUN_NS = 120 * S;
    /** Each run and its measured part. */
    static final long MEASURE_FROM_NS = 30 * S;
    /** Pass threshold. */
    static final double UTILISATION_MIN = 0.95;
    /** The specification's buffer bounds, reported: up to 100 senders, and above. */
    static final int BUFFER_BOUND_SMALL = 130;
    /** The specification's buffer bounds, reported: up to 100 senders, and above. */
    static final int BUFFER_BOUND_LARGE = 170;
    /** How many runs at a time. */
    static final int THREADS = 2;
    private static final List<String> RECEIVERS = List.of("R1", "R2", "R3");

    @Override
    public String name() {
        return "cost-benefit-many-senders";
    }

    @Override
    public String description() {
        return "5 to 200 clients in one site, each to a group of its own, share one 2 Mbit/s link (seed 000"
                + " Scenario 4, Figs 13-14, scaled)";
    }

    /** One run's results and its time series. */
    private record Point(int senders, double utilisation, double bytesPerSec, int maxBuffer, double meanPeak,
                         double clientCov, double meanPrice, long queueDrops, long retransmissions, double wallSec,
                         List<double[]> rows) {
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        CostBenefitLab.requireVirtual(ctx, name());
        Topology wan = CostBenefitLab.requireSites(ctx.topology(name()), name(), List.of("A", "B", "R1", "R2", "R3"));
        double capacity = CostBenefitLab.bytesPerSec(wan, "A", "B");
        long runNs = ctx.scaledNs(RUN_NS);
        long measureFromNs = ctx.scaledNs(MEASURE_FROM_NS);
        LabProgress progress = ctx.progress();
        int threads = Math.max(1, Math.min(THREADS, Runtime.getRuntime().availableProcessors()));
        progress.line(String.format(Locale.ROOT, "%d runs (N = %s senders) of %.0f s, measured from %.0f s, on %d"
                + " thread(s), largest first", SENDERS.length, java.util.Arrays.toString(SENDERS), runNs / 1e9,
                measureFromNs / 1e9, threads));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        Map<Integer, Future<Point>> futures = new LinkedHashMap<>();
        try {
            for (int i = SENDERS.length - 1; i >= 0; i--) {
                int n = SENDERS[i];
                futures.put(n, pool.submit(() -> runPoint(ctx, wan, n, runNs, measureFromNs, capacity)));
            }
            List<Point> points = new ArrayList<>();
            for (int n : SENDERS) {
                points.add(futures.get(n).get());
            }
            return judge(ctx, points, capacity, runNs, measureFromNs);
        } finally {
            pool.shutdownNow();
        }
    }

    private Point runPoint(LabContext ctx, Topology wan, int n, long runNs, long measureFromNs, double capacity)
            throws Exception {
        long wallStart = System.nanoTime();
        LabProgress progress = ctx.progress();
        Map<String, List<Member>> groups = new LinkedHashMap<>();
        for (int i = 1; i <= n; i++) {
            List<Member> members = new ArrayList<>(List.of(new Member("A", "s" + i)));
            RECEIVERS.forEach(r -> members.add(new Member(r, "rcv")));
            groups.put("g" + i, members);
        }
        String link = BufferWatch.label("A", "B");
        List<double[]> rows = new ArrayList<>();
        List<Double> prices = new ArrayList<>();
        try (LabDriver driver = ctx.openDriver(wan, CostBenefitLab.SETTINGS)) {
            VirtualDriver virtual = CostBenefitLab.virtual(driver, name());
            BufferWatch watch = new BufferWatch(virtual.network(), List.<String[]>of(new String[] {"A", "B"}));
            Map<String, LabDriver.LabNode> nodes = CostBenefitLab.startAndSettle(driver, List.of("B"), groups,
                    progress);
            long t0 = driver.nowNs();
            List<FlowTrack> tracks = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                FlowTrack track = new FlowTrack("s" + i, "g" + i, "A");
                track.start(driver, List.of(nodes.get("A/s" + i)));
                tracks.add(track);
            }
            RateTrack total = new RateTrack();
            total.add(t0, 0);
            watch.sample(t0);
            long[] nextProgress = {t0 + 30 * S};
            long[] atMeasure = {0, 0};
            driver.sampleFor(runNs, CostBenefitLab.SAMPLE_NS, now -> {
                if (now - t0 >= measureFromNs && now - t0 < measureFromNs + CostBenefitLab.SAMPLE_NS) {
                    atMeasure[0] = CostBenefitLab.counters(virtual.network(), "A", "B").droppedByQueue();
                    atMeasure[1] = CostBenefitLab.retransmissions(virtual.network(), "A", "B");
                }
                long bytes = 0;
                for (FlowTrack t : tracks) {
                    t.sample(now);
                    bytes += t.admittedAtLastSample();
                }
                total.add(now, bytes);
                double rate = total.rateOver(S);
                double price = CostBenefitLab.price(driver, "A", "g1");
                int peak = watch.sample(now).get(link);
                if (now - t0 >= measureFromNs) {
                    prices.add(price);
                }
                rows.add(new double[] {n, (now - t0) / 1e9, rate, price, peak,
                    CostBenefitLab.window(virtual.network(), "A", "B")});
                if (now >= nextProgress[0]) {
                    nextProgress[0] += 30 * S;
                    progress.at((now - t0) / 1e9, String.format(Locale.ROOT, "N = %d: 1-s rate %.3f Mbit/s, price of"
                            + " g1 %.2f, max waiting %s %d", n, CostBenefitLab.mbps(rate), price, link, peak));
                }
            });
            tracks.forEach(FlowTrack::stop);
            long from = t0 + measureFromNs;
            long to = t0 + runNs;
            double mean = total.meanBetween(from, to);
            List<Double> clientMeans = new ArrayList<>();
            tracks.forEach(t -> clientMeans.add(t.mean(from, to)));
            Point point = new Point(n, mean / capacity, mean, watch.max(link, from, to), watch.mean(link, from, to),
                    CostBenefitLab.cov(clientMeans), LabMath.mean(prices),
                    CostBenefitLab.counters(virtual.network(), "A", "B").droppedByQueue() - atMeasure[0],
                    CostBenefitLab.retransmissions(virtual.network(), "A", "B") - atMeasure[1],
                    (System.nanoTime() - wallStart) / 1e9, rows);
            progress.line(String.format(Locale.ROOT, "N = %d: %.4f Mbit/s, utilisation %.4f, max buffer %d (mean"
                    + " peak %.1f), clients' CoV %.3f; %.1f s wall", n, CostBenefitLab.mbps(mean), point.utilisation(),
                    point.maxBuffer(), point.meanPeak(), point.clientCov(), point.wallSec()));
            return point;
        }
    }

    private LabResult judge(LabContext ctx, List<Point> points, double capacity, long runNs, long measureFromNs) {
        List<String> failures = new ArrayList<>();
        List<Map<String, Object>> results = new ArrayList<>();
        try (CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), List.of("senders", "time_s", "rate_1s_Bps",
                "price_g1", "A->B_max_waiting_pkts", "A->B_window_pkts"))) {
            for (Point p : points) {
                for (double[] row : p.rows()) {
                    csv.row((int) row[0], row[1], row[2], row[3], (int) row[4], row[5]);
                }
            }
        }
        double[] x = new double[points.size()];
        double[] maxBuffer = new double[points.size()];
        double[] meanPeak = new double[points.size()];
        double[] mbps = new double[points.size()];
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            int bound = p.senders() <= 100 ? BUFFER_BOUND_SMALL : BUFFER_BOUND_LARGE;
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("senders", p.senders());
            r.put("bytesPerSec", CostBenefitLab.round(p.bytesPerSec(), 1));
            r.put("mbps", CostBenefitLab.round(CostBenefitLab.mbps(p.bytesPerSec()), 4));
            r.put("utilisation", CostBenefitLab.round(p.utilisation(), 4));
            r.put("maxBufferPackets", p.maxBuffer());
            r.put("meanPeakBufferPackets", CostBenefitLab.round(p.meanPeak(), 1));
            r.put("bufferWithinSpec", p.maxBuffer() <= bound);
            r.put("clientMeansCov", CostBenefitLab.round(p.clientCov(), 4));
            r.put("meanPrice", CostBenefitLab.round(p.meanPrice(), 3));
            r.put("queueDrops", p.queueDrops());
            r.put("hopRetransmissions", p.retransmissions());
            r.put("wallSeconds", CostBenefitLab.round(p.wallSec(), 1));
            results.add(r);
            if (!(p.utilisation() >= UTILISATION_MIN)) {
                failures.add(String.format(Locale.ROOT, "N = %d: utilisation %.4f < %.2f", p.senders(),
                        p.utilisation(), UTILISATION_MIN));
            }
            x[i] = p.senders();
            maxBuffer[i] = p.maxBuffer();
            meanPeak[i] = p.meanPeak();
            mbps[i] = CostBenefitLab.mbps(p.bytesPerSec());
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("runSeconds", runNs / 1e9);
        summary.put("measuredFromSec", measureFromNs / 1e9);
        summary.put("bottleneckBytesPerSec", capacity);
        summary.put("points", results);
        double top = 0;
        for (double b : maxBuffer) {
            top = Math.max(top, b);
        }
        ChartWriter.chart("Cost-benefit with many senders: maximum buffer of A->B (seed 000 Fig. 13)", "senders",
                "waiting packets").series("largest 100-ms peak", x, maxBuffer, 2.2f)
                .series("mean of the 100-ms peaks", x, meanPeak).yMax(Math.max(120, 1.1 * top))
                .write(ctx.file(name() + "-buffers.png"));
        ChartWriter.chart("Cost-benefit with many senders: throughput through A->B (seed 000 Fig. 14)", "senders",
                "rate (Mbit/s, bytes on the wire)").series("all clients together", x, mbps, 2.2f)
                .series("A-B bandwidth", x, java.util.Arrays.stream(x).map(v -> CostBenefitLab.mbps(capacity))
                        .toArray()).yMax(2.4).write(ctx.file(name() + "-throughput.png"));
        return LabResult.judged(summary, failures, ctx.files());
    }
}
