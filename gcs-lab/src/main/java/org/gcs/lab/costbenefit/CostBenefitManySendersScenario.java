package org.gcs.lab.costbenefit;

import static org.gcs.lab.RunPlan.When.START;
import static org.gcs.lab.costbenefit.CostBenefitLab.S;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gcs.emulator.Topology;
import org.gcs.lab.ChartWriter;
import org.gcs.lab.Check;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabPool;
import org.gcs.lab.LabReport;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.LabTopologies;
import org.gcs.lab.RunPlan;
import org.gcs.lab.RunPlan.Member;
import org.gcs.lab.RunRecord;
import org.gcs.lab.RunTemplate;

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

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        Topology wan = LabTopologies.requireSites(ctx.topology(name()), name(), "A", "B", "R1", "R2", "R3");
        double capacity = LabTopologies.bytesPerSec(wan, "A", "B");
        long runNs = ctx.scaledNs(RUN_NS);
        long measureFromNs = ctx.scaledNs(MEASURE_FROM_NS);
        ctx.progress().line(String.format(Locale.ROOT, "%d runs (N = %s senders) of %.0f s, measured from %.0f s, on"
                + " %d thread(s), largest first", SENDERS.length, java.util.Arrays.toString(SENDERS), runNs / 1e9,
                measureFromNs / 1e9, LabPool.threads(THREADS)));
        List<RunPlan> plans = new ArrayList<>();
        for (int i = SENDERS.length - 1; i >= 0; i--) {
            plans.add(plan(wan, SENDERS[i], runNs, measureFromNs));
        }
        List<RunRecord> records = new ArrayList<>(RunTemplate.runAll(ctx, plans, THREADS));
        java.util.Collections.reverse(records);
        return judge(ctx, records, capacity, runNs, measureFromNs);
    }

    private RunPlan plan(Topology wan, int n, long runNs, long measureFromNs) {
        RunPlan plan = CostBenefitLab.virtualPlan(wan, name()).relay("B");
        for (int i = 1; i <= n; i++) {
            List<Member> members = new ArrayList<>(List.of(new Member("A", "s" + i)));
            RECEIVERS.forEach(r -> members.add(new Member(r, "rcv")));
            plan.group("g" + i, members);
        }
        plan.on(START, run -> {
            for (int i = 1; i <= n; i++) {
                run.traffic(SharedLinkRun.CLIENTS).greedy(run.node("A", "s" + i), "g" + i);
            }
        });
        return SharedLinkRun.measure(plan, "A", "B", "g1", "price_g1", "N = " + n, runNs, measureFromNs);
    }

    private LabResult judge(LabContext ctx, List<RunRecord> records, double capacity, long runNs,
                            long measureFromNs) {
        LabReport report = new LabReport(ctx).csv(name() + ".csv", List.of("senders"),
                java.util.Arrays.stream(SENDERS).<List<?>>mapToObj(List::of).toList(),
                records.stream().map(r -> r.<SharedLinkRun.Result>note("result").table()).toList());
        List<Map<String, Object>> results = new ArrayList<>();
        double[] x = new double[records.size()];
        double[] maxBuffer = new double[records.size()];
        double[] meanPeak = new double[records.size()];
        double[] mbps = new double[records.size()];
        for (int i = 0; i < records.size(); i++) {
            SharedLinkRun.Result p = records.get(i).note("result");
            int n = SENDERS[i];
            double utilisation = p.bytesPerSec() / capacity;
            ctx.progress().line(String.format(Locale.ROOT, "N = %d: %.4f Mbit/s, utilisation %.4f, max buffer %d"
                    + " (mean peak %.1f), clients' CoV %.3f; %.1f s wall", n, CostBenefitLab.mbps(p.bytesPerSec()),
                    utilisation, p.maxBuffer(), p.meanPeak(), p.clientCov(), records.get(i).wallSeconds()));
            results.add(LabReport.fields("senders", n, "bytesPerSec", LabMath.round(p.bytesPerSec(), 1),
                    "mbps", LabMath.round(CostBenefitLab.mbps(p.bytesPerSec()), 4),
                    "utilisation", LabMath.round(utilisation, 4), "maxBufferPackets", p.maxBuffer(),
                    "meanPeakBufferPackets", LabMath.round(p.meanPeak(), 1),
                    "bufferWithinSpec", p.maxBuffer() <= (n <= 100 ? BUFFER_BOUND_SMALL : BUFFER_BOUND_LARGE),
                    "clientMeansCov", LabMath.round(p.clientCov(), 4), "meanPrice", LabMath.round(p.meanPrice(), 3),
                    "queueDrops", p.queueDrops(), "hopRetransmissions", p.retransmissions(),
                    "wallSeconds", LabMath.round(records.get(i).wallSeconds(), 1)));
            report.check(Check.atLeast("N = " + n + ": utilisation", utilisation, UTILISATION_MIN).decimals(4));
            x[i] = n;
            maxBuffer[i] = p.maxBuffer();
            meanPeak[i] = p.meanPeak();
            mbps[i] = CostBenefitLab.mbps(p.bytesPerSec());
        }
        double top = java.util.Arrays.stream(maxBuffer).max().orElse(0);
        return report.chart(name() + "-buffers.png", ChartWriter.chart("Cost-benefit with many senders: maximum"
                        + " buffer of A->B (seed 000 Fig. 13)", "senders", "waiting packets")
                        .series("largest 100-ms peak", x, maxBuffer, 2.2f).series("mean of the 100-ms peaks", x,
                                meanPeak).yMax(Math.max(120, 1.1 * top)))
                .chart(name() + "-throughput.png", ChartWriter.chart("Cost-benefit with many senders: throughput"
                        + " through A->B (seed 000 Fig. 14)", "senders", "rate (Mbit/s, bytes on the wire)")
                        .series("all clients together", x, mbps, 2.2f).series("A-B bandwidth", x,
                                java.util.Arrays.stream(x).map(v -> CostBenefitLab.mbps(capacity)).toArray())
                        .yMax(2.4))
                .putAll("runSeconds", runNs / 1e9, "measuredFromSec", measureFromNs / 1e9,
                        "bottleneckBytesPerSec", capacity, "points", results)
                .result();
    }
}
