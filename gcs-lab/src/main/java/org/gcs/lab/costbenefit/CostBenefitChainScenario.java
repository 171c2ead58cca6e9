package org.gcs.lab.costbenefit;

import static org.gcs.lab.RunPlan.When.SAMPLE;
import static org.gcs.lab.costbenefit.CostBenefitLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.gcs.emulator.Topology;
import org.gcs.emulator.TreeEdge;
import org.gcs.lab.ChartWriter;
import org.gcs.lab.Check;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabReport;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.LabTopologies;
import org.gcs.lab.Run;
import org.gcs.lab.RunPlan;
import org.gcs.lab.RunPlan.Member;
import org.gcs.lab.RunRecord;
import org.gcs.lab.RunTemplate;
import org.gcs.lab.SampleTable;
import org.gcs.lab.SeriesTable;
import org.gcs.lab.Traffic;
import org.gcs.lab.costbenefit.CostBenefitLab.BufferWatch;

/**
 * {@code cost-benefit-chain}: seed 000's Scenario 3 (Figs 10–11; spec CB3). The chain A-B-C-D-E-F, five links of
 * 2 Mbit/s. A unicast client A → F runs from the start; a single-link client joins on each link in turn, A → B at
 * 150 s, B → C at 300 s, C → D at 450 s, D → E at 600 s and E → F at 750 s, to 900 s. Every client is one greedy
 * member in its source site sending to a group of its own whose only other member is in its destination site. The
 * cost-benefit framework maximises the total: a client that crosses more congested links pays more, so the long
 * client gives way as links congest. The paper: an aggregate of 9.677 Mbit/s of the 10 once all run (a fair
 * allocation would give 6), A → F about equal to A → B while only those two run, and almost zero at the end.
 *
 * <p>Summary: {@code aggregateUtilisation} = the sum of every client's rate over the last 120 s over 5 × 2 Mbit/s;
 * {@code longOverSingleLinkMean} = A → F over the mean of the single-link clients, same window;
 * {@code longOverAB} = A → F over A → B in [180, 300) s; {@code phases}: every client's mean between the starts.
 * Pass: aggregateUtilisation ≥ 0.90. The specification's other two readings (A → F ≤ 0.10 × the single-link mean at
 * the end; A → F / A → B in [0.67, 1.5]) are reported, not judged. {@code --scale} scales the run. Virtual driver
 * only.
 */
public final class CostBenefitChainScenario implements LabScenario {
    /** The run, the interval between the single-link clients' starts, the measured end. */
    static final long RUN_NS = 900 * S;
    /** The run, the interval between the single-link clients' starts, the measured end. */
    static final long STEP_NS = 150 * S;
    /** The run, the interval between the single-link clients' starts, the measured end. */
    static final long LAST_NS = 120 * S;
    /** Where A → F is compared with A → B: [180, 300) s. */
    static final long COMPARE_FROM_NS = 180 * S;
    /** Pass threshold. */
    static final double AGGREGATE_MIN = 0.90;
    /** The specification's readings, reported. */
    static final double LONG_STARVED_MAX = 0.10;
    /** The specification's readings, reported. */
    static final double LONG_OVER_AB_LOW = 0.67;
    /** The specification's readings, reported. */
    static final double LONG_OVER_AB_HIGH = 1.5;
    /** The paper's aggregate at the end, Mbit/s. */
    static final double PAPER_AGGREGATE_MBPS = 9.677;

    /** A client: its group (named by its ends), source and destination, and when it starts. */
    private record Client(String name, String source, String destination, long startNs) {
        String label() {
            return source + " -> " + destination;
        }
    }

    @Override
    public String name() {
        return "cost-benefit-chain";
    }

    @Override
    public String description() {
        return "a unicast client across a chain of five links against single-link clients that start one by one"
                + " (seed 000 Scenario 3, Figs 10-11)";
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        Topology wan = ctx.topology(name());
        List<String> chain = chain(wan);
        int links = chain.size() - 1;
        long runNs = ctx.scaledNs(RUN_NS);
        long lastFrom = runNs - ctx.scaledNs(LAST_NS);
        long compareFrom = ctx.scaledNs(COMPARE_FROM_NS);
        long compareTo = ctx.scaledNs(2 * STEP_NS);
        List<Client> clients = new ArrayList<>();
        clients.add(new Client(chain.get(0) + chain.get(links), chain.get(0), chain.get(links), 0));
        double linkCapacity = Double.POSITIVE_INFINITY;
        List<String[]> linkPairs = new ArrayList<>();
        for (int i = 0; i < links; i++) {
            clients.add(new Client(chain.get(i) + chain.get(i + 1), chain.get(i), chain.get(i + 1),
                    ctx.scaledNs((i + 1) * STEP_NS)));
            linkCapacity = Math.min(linkCapacity, LabTopologies.bytesPerSec(wan, chain.get(i), chain.get(i + 1)));
            linkPairs.add(new String[] {chain.get(i), chain.get(i + 1)});
        }
        double total = links * linkCapacity;
        BufferWatch watch = new BufferWatch(linkPairs);
        RunPlan plan = CostBenefitLab.virtualPlan(wan, name());
        for (Client c : clients) {
            plan.group(c.name(), List.of(new Member(c.source(), "src-" + c.name()),
                    new Member(c.destination(), "rcv-" + c.name())));
            plan.at(c.startNs(), run -> {
                run.traffic(c.name()).greedy(run.node(c.source(), "src-" + c.name()), c.name());
                run.say("client " + c.label() + " starts");
            });
        }
        plan.at(0, run -> {
            watch.sample(run);
            run.say(String.format(Locale.ROOT, "%s from the start, a single-link client every %.0f s, to %.0f s",
                    clients.get(0).label(), ctx.scaledNs(STEP_NS) / 1e9, runNs / 1e9));
        }).runFor(runNs, lastFrom).on(SAMPLE, watch::sample).column("time_s", Run::atSec);
        for (Client c : clients) {
            plan.column(c.name() + "_rate_1s_Bps", r -> r.traffic(c.name()).rateOver(S))
                    .column(c.name() + "_price", r -> r.traffic(c.name()).begun()
                            ? CostBenefitLab.price(r, c.source(), c.name()) : Double.NaN);
        }
        watch.labels().forEach(l -> plan.column(l + "_max_waiting_pkts", r -> watch.latest().get(l)));
        plan.progress(CostBenefitLab.PROGRESS_NS, r -> "1-s rates (Mbit/s):" + clients.stream()
                .filter(c -> r.traffic(c.name()).begun()).map(c -> String.format(Locale.ROOT, " %s %.3f", c.name(),
                        CostBenefitLab.mbps(r.traffic(c.name()).rateOver(S)))).collect(Collectors.joining())
                + " | max waiting " + watch.latest().values());
        RunRecord record = RunTemplate.run(ctx, plan);

        long t0 = record.t0();
        long end = t0 + runNs;
        double aggregate = 0;
        List<Double> singles = new ArrayList<>();
        Map<String, Object> endRates = new LinkedHashMap<>();
        for (Client c : clients) {
            double mean = record.traffic(c.name()).mean(t0 + lastFrom, end);
            aggregate += mean;
            endRates.put(c.label(), LabMath.round(mean * 8 / 1000, 1));
            if (c.startNs() > 0) {
                singles.add(mean);
            }
        }
        Traffic longClient = record.traffic(clients.get(0).name());
        Traffic first = record.traffic(clients.get(1).name());
        double longOverSingles = longClient.mean(t0 + lastFrom, end) / LabMath.mean(singles);
        double longOverAb = longClient.mean(t0 + compareFrom, t0 + compareTo) / first.mean(t0 + compareFrom,
                t0 + compareTo);
        List<Map<String, Object>> phases = new ArrayList<>();
        for (int k = 0; k <= links; k++) {
            long from = k == 0 ? 0 : clients.get(k).startNs();
            long to = k == links ? runNs : clients.get(k + 1).startNs();
            long settle = Math.min(ctx.scaledNs(30 * S), (to - from) / 2);
            Map<String, Object> kbps = new LinkedHashMap<>();
            double sum = 0;
            for (Client c : clients.subList(0, k + 1)) {
                double mean = record.traffic(c.name()).mean(t0 + from + settle, t0 + to);
                sum += mean;
                kbps.put(c.label(), LabMath.round(mean * 8 / 1000, 1));
            }
            phases.add(LabReport.fields("fromSec", (from + settle) / 1e9, "toSec", to / 1e9, "kbps", kbps,
                    "aggregateMbps", LabMath.round(CostBenefitLab.mbps(sum), 3)));
        }
        Map<String, Object> maxBuffers = new LinkedHashMap<>();
        watch.labels().forEach(l -> maxBuffers.put(l, watch.max(l, t0 + lastFrom, end)));
        double utilisation = aggregate / total;
        ctx.progress().line(String.format(Locale.ROOT, "last %.0f s: aggregate %.3f Mbit/s = %.4f of %.0f Mbit/s (paper"
                + " %.3f); A->F / single-link mean %.4f (spec ≤ %.2f); A->F / A->B in [%.0f, %.0f) s %.3f (spec in"
                + " [%.2f, %.1f])", (runNs - lastFrom) / 1e9, CostBenefitLab.mbps(aggregate), utilisation,
                CostBenefitLab.mbps(total), PAPER_AGGREGATE_MBPS, longOverSingles, LONG_STARVED_MAX,
                compareFrom / 1e9, compareTo / 1e9, longOverAb, LONG_OVER_AB_LOW, LONG_OVER_AB_HIGH));
        LabReport report = new LabReport(ctx).csv(name() + ".csv", record.table());
        charts(report, record, clients, watch.labels());
        return report.putAll("runSeconds", runNs / 1e9, "lastWindowSec", List.of(lastFrom / 1e9, runNs / 1e9),
                        "linkBytesPerSec", linkCapacity, "aggregateBytesPerSec", LabMath.round(aggregate, 1),
                        "aggregateMbps", LabMath.round(CostBenefitLab.mbps(aggregate), 3),
                        "paperAggregateMbps", PAPER_AGGREGATE_MBPS,
                        "aggregateUtilisation", LabMath.round(utilisation, 4),
                        "longOverSingleLinkMean", LabMath.round(longOverSingles, 4),
                        "longOverAB", LabMath.round(longOverAb, 4),
                        "longOverABWindowSec", List.of(compareFrom / 1e9, compareTo / 1e9),
                        "longStarvedAsSpec", longOverSingles <= LONG_STARVED_MAX,
                        "longAboutEqualABAsSpec", longOverAb >= LONG_OVER_AB_LOW && longOverAb <= LONG_OVER_AB_HIGH,
                        "lastWindowKbps", endRates, "maxBufferPacketsLastWindow", maxBuffers, "phases", phases)
                .check(Check.atLeast(String.format(Locale.ROOT, "aggregate utilisation over the last %.0f s",
                        (runNs - lastFrom) / 1e9), utilisation, AGGREGATE_MIN).decimals(4))
                .result();
    }

    private void charts(LabReport report, RunRecord record, List<Client> clients, List<String> links) {
        List<String> rates = new ArrayList<>();
        clients.forEach(c -> rates.addAll(List.of(c.label(), c.name() + "_rate_1s_Bps")));
        List<String> buffers = new ArrayList<>();
        links.forEach(l -> buffers.addAll(List.of(l, l + "_max_waiting_pkts")));
        SeriesTable bufferSeries = SampleTable.plot(record.table().rows(), "time_s", buffers.toArray(String[]::new));
        ChartWriter rateChart = SampleTable.plot(record.table().rows(), "time_s", rates.toArray(String[]::new))
                .addTo(ChartWriter.chart("Cost-benefit on a chain: the long client against single-link clients (seed"
                        + " 000 Figs 10-11)", "time (s)", "rate (Mbit/s, bytes on the wire, 1-s average)"), 8e-6,
                        Map.of(clients.get(0).label(), 2.2f));
        ChartWriter bufferChart = bufferSeries.addTo(ChartWriter.chart("Cost-benefit on a chain: maximum buffer per"
                + " 100 ms of each link", "time (s)", "waiting packets (peak per 100 ms)"), 1, Map.of());
        for (Client c : clients.subList(1, clients.size())) {
            rateChart.marker(c.startNs() / 1e9, c.name());
            bufferChart.marker(c.startNs() / 1e9, c.name());
        }
        double top = links.stream().mapToDouble(bufferSeries::max).max().orElse(0);
        report.chart(name() + "-rates.png", rateChart.yMax(2.6))
                .chart(name() + "-buffers.png", bufferChart.yMax(Math.max(120, 1.1 * top)));
    }

    /** @return the sites of the topology's tree as a chain */
    private List<String> chain(Topology wan) {
        List<TreeEdge> tree = wan.tree().orElseThrow(() -> new IllegalArgumentException(name() + " needs a topology"
                + " with a 'tree' line A-B B-C ... (a chain)"));
        List<String> chain = new ArrayList<>(List.of(tree.get(0).parent()));
        for (TreeEdge edge : tree) {
            if (!edge.parent().equals(chain.get(chain.size() - 1))) {
                throw new IllegalArgumentException(name() + " needs a chain, 'tree A-B B-C C-D ...'; " + wan.name()
                        + " has " + tree);
            }
            chain.add(edge.child());
        }
        if (chain.size() < 3) {
            throw new IllegalArgumentException(name() + " needs a chain of at least three sites; " + wan.name()
                    + " has " + chain);
        }
        return chain;
    }
}
