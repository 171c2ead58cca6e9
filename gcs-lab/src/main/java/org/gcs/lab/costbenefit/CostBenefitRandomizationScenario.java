package org.gcs.lab.costbenefit;

import static org.gcs.lab.RunPlan.When.START;
import static org.gcs.lab.costbenefit.CostBenefitLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
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
import org.gcs.lab.SampleTable;
import org.gcs.lab.SeriesTable;
import org.gcs.lab.costbenefit.CostBenefitLab.BufferWatch;

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

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        if (ctx.nodeSettings().asMap().containsKey(CostBenefitLab.RANDOMIZATION_KEY)) {
            throw new IllegalArgumentException(name() + " sets " + CostBenefitLab.RANDOMIZATION_KEY + " itself (true,"
                    + " then false): leave it out of --set");
        }
        Topology wan = ctx.topology(name());
        List<org.gcs.emulator.TreeEdge> tree = wan.tree().orElseThrow(() -> new IllegalArgumentException(name()
                + " needs a topology with a 'tree' line SOURCE-RECEIVER"));
        String source = tree.get(0).parent();
        String receiver = tree.get(0).child();
        double capacity = LabTopologies.bytesPerSec(wan, source, receiver);
        long runNs = ctx.scaledNs(RUN_NS);
        long measureFromNs = ctx.scaledNs(MEASURE_FROM_NS);
        ctx.progress().line(String.format(Locale.ROOT, "%d clients %s -> %s, %.0f s with the 1/C_p randomization and"
                + " %.0f s without, on %d thread(s); measured from %.0f s", CLIENTS, source, receiver, runNs / 1e9,
                runNs / 1e9, LabPool.threads(THREADS), measureFromNs / 1e9));
        // "with" last, so that the summary's settings are those of the run with the paper's rule
        List<RunRecord> records = RunTemplate.runAll(ctx, List.of(plan(wan, source, receiver, false, runNs,
                measureFromNs), plan(wan, source, receiver, true, runNs, measureFromNs)), THREADS);
        SharedLinkRun.Result without = records.get(0).note("result");
        SharedLinkRun.Result with = records.get(1).note("result");
        String link = BufferWatch.label(source, receiver);
        List<SampleTable.Row> withRows = with.table().rows();
        List<SampleTable.Row> withoutRows = without.table().rows();
        SeriesTable buffers = new SeriesTable().declare("with randomization").declare("without");
        for (int i = 0; i < Math.min(withRows.size(), withoutRows.size()); i++) {
            buffers.add(withRows.get(i).num("time_s"));
            buffers.put("with randomization", withRows.get(i).num(link + "_max_waiting_pkts"));
            buffers.put("without", withoutRows.get(i).num(link + "_max_waiting_pkts"));
        }
        ctx.progress().line(String.format(Locale.ROOT, "max buffer %s over [%.0f, %.0f] s: %d with the randomization,"
                + " %d without (means of the 100-ms peaks %.1f, %.1f); utilisation %.4f, %.4f", link,
                measureFromNs / 1e9, runNs / 1e9, with.maxBuffer(), without.maxBuffer(), with.meanPeak(),
                without.meanPeak(), with.bytesPerSec() / capacity, without.bytesPerSec() / capacity));
        return new LabReport(ctx).csv(name() + ".csv", List.of("randomization"), List.of(List.of(true),
                        List.of(false)), List.of(with.table(), without.table()))
                .chart(name() + ".png", buffers.addTo(ChartWriter.chart("Cost-benefit, 100 clients on one link: the"
                        + " 1/C_p randomization (seed 000 Fig. 2)", "time (s)", "waiting packets (peak per 100 ms)"),
                        1, Map.of()).marker(measureFromNs / 1e9, "measured from here").yMax(Math.max(120,
                        1.1 * Math.max(with.maxBufferWholeRun(), without.maxBufferWholeRun()))))
                .putAll("runSeconds", runNs / 1e9, "measuredFromSec", measureFromNs / 1e9, "clients", CLIENTS,
                        "link", link, "maxBufferWith", with.maxBuffer(), "maxBufferWithout", without.maxBuffer(),
                        "with", describe(with, capacity), "without", describe(without, capacity))
                .check(Check.below("max buffer with the randomization (below without it)", with.maxBuffer(),
                        without.maxBuffer()).decimals(0))
                .result();
    }

    private static Map<String, Object> describe(SharedLinkRun.Result r, double capacity) {
        return LabReport.fields("maxBufferPackets", r.maxBuffer(), "maxBufferPacketsWholeRun", r.maxBufferWholeRun(),
                "meanPeakBufferPackets", LabMath.round(r.meanPeak(), 1),
                "bytesPerSec", LabMath.round(r.bytesPerSec(), 1),
                "utilisation", LabMath.round(r.bytesPerSec() / capacity, 4),
                "clientMeansCov", LabMath.round(r.clientCov(), 4), "meanPrice", LabMath.round(r.meanPrice(), 3),
                "queueDrops", r.queueDrops(), "hopRetransmissions", r.retransmissions());
    }

    private static Map<String, String> settings(boolean randomized) {
        Map<String, String> settings = new LinkedHashMap<>(CostBenefitLab.SETTINGS);
        settings.put(CostBenefitLab.RANDOMIZATION_KEY, Boolean.toString(randomized));
        return settings;
    }

    private RunPlan plan(Topology wan, String source, String receiver, boolean randomized, long runNs,
                         long measureFromNs) {
        List<Member> members = new ArrayList<>(CostBenefitLab.members(source, "c", CLIENTS));
        members.add(new Member(receiver, "rcv"));
        RunPlan plan = CostBenefitLab.virtualPlan(wan, name()).settings(settings(randomized)).group(GROUP, members)
                .on(START, run -> CostBenefitLab.clients(run, run.traffic(SharedLinkRun.CLIENTS), members, GROUP,
                        source));
        return SharedLinkRun.measure(plan, source, receiver, GROUP, "price", (randomized ? "with" : "without")
                + " randomization", runNs, measureFromNs);
    }
}
