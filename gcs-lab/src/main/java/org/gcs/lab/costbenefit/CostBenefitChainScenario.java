package org.gcs.lab.costbenefit;

import static org.gcs.lab.costbenefit.CostBenefitLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gcs.emulator.Topology;
import org.gcs.emulator.TreeEdge;
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
        CostBenefitLab.requireVirtual(ctx, name());
        Topology wan = ctx.topology(name());
        List<String> chain = chain(wan);
        int links = chain.size() - 1;
        long runNs = ctx.scaledNs(RUN_NS);
        long lastFrom = runNs - ctx.scaledNs(LAST_NS);
        long compareFrom = ctx.scaledNs(COMPARE_FROM_NS);
        long compareTo = ctx.scaledNs(2 * STEP_NS);
        List<Client> clients = new ArrayList<>();
        clients.add(new Client(chain.get(0) + chain.get(links), chain.get(0), chain.get(links), 0));
        for (int i = 0; i < links; i++) {
            clients.add(new Client(chain.get(i) + chain.get(i + 1), chain.get(i), chain.get(i + 1),
                    ctx.scaledNs((i + 1) * STEP_NS)));
        }
        double linkCapacity = CostBenefitLab.bytesPerSec(wan, chain.get(0), chain.get(1));
        for (int i = 0; i < links; i++) {
            linkCapacity = Math.min(linkCapacity, CostBenefitLab.bytesPerSec(wan, chain.get(i), chain.get(i + 1)));
        }
        double total = links * linkCapacity;
        LabProgress progress = ctx.progress();
        Map<String, List<Member>> groups = new LinkedHashMap<>();
        for (Client c : clients) {
            groups.put(c.name(), List.of(new Member(c.source(), "src-" + c.name()),
                    new Member(c.destination(), "rcv-" + c.name())));
        }
        List<String> linkLabels = new ArrayList<>();
        List<String[]> linkPairs = new ArrayList<>();
        for (int i = 0; i < links; i++) {
            linkLabels.add(BufferWatch.label(chain.get(i), chain.get(i + 1)));
            linkPairs.add(new String[] {chain.get(i), chain.get(i + 1)});
        }
        List<String> header = new ArrayList<>(List.of("time_s"));
        clients.forEach(c -> header.addAll(List.of(c.name() + "_rate_1s_Bps", c.name() + "_price")));
        linkLabels.forEach(l -> header.add(l + "_max_waiting_pkts"));
        SeriesTable rates = new SeriesTable();
        clients.forEach(c -> rates.declare(c.label()));
        SeriesTable buffers = new SeriesTable();
        linkLabels.forEach(buffers::declare);
        Map<String, FlowTrack> tracks = new LinkedHashMap<>();
        Map<String, Object> summary = new LinkedHashMap<>();
        List<Map<String, Object>> phases = new ArrayList<>();
        Map<String, Object> endRates = new LinkedHashMap<>();
        double aggregate;
        double longRate;
        double singleMean;
        double longOverAb;
        Map<String, Object> maxBuffers = new LinkedHashMap<>();
        try (LabDriver driver = ctx.openDriver(wan, CostBenefitLab.SETTINGS);
             CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), header)) {
            VirtualDriver virtual = CostBenefitLab.virtual(driver, name());
            BufferWatch watch = new BufferWatch(virtual.network(), linkPairs);
            Map<String, LabDriver.LabNode> nodes = CostBenefitLab.startAndSettle(driver, List.of(), groups, progress);
            long t0 = driver.nowNs();
            for (Client c : clients) {
                tracks.put(c.name(), new FlowTrack(c.label(), c.name(), c.source()));
            }
            Runnable startDue = () -> {
                for (Client c : clients) {
                    FlowTrack track = tracks.get(c.name());
                    if (!track.started() && driver.nowNs() - t0 >= c.startNs()) {
                        track.start(driver, List.of(nodes.get(c.source() + "/src-" + c.name())));
                        progress.at((driver.nowNs() - t0) / 1e9, "client " + c.label() + " starts");
                    }
                }
            };
            startDue.run();
            watch.sample(t0);
            progress.at(0, String.format(Locale.ROOT, "%s from the start, a single-link client every %.0f s, to"
                    + " %.0f s", clients.get(0).label(), ctx.scaledNs(STEP_NS) / 1e9, runNs / 1e9));
            long[] nextProgress = {t0 + CostBenefitLab.PROGRESS_NS};
            driver.sampleFor(runNs, CostBenefitLab.SAMPLE_NS, now -> {
                startDue.run();
                double at = (now - t0) / 1e9;
                List<Object> row = new ArrayList<>(List.of(at));
                rates.add(at);
                StringBuilder line = new StringBuilder();
                for (Client c : clients) {
                    FlowTrack track = tracks.get(c.name());
                    track.sample(now);
                    double rate = track.rateOver(S);
                    double price = track.started() ? CostBenefitLab.price(driver, c.source(), c.name()) : Double.NaN;
                    row.add(rate);
                    row.add(price);
                    rates.put(c.label(), rate);
                    if (track.started()) {
                        line.append(String.format(Locale.ROOT, " %s %.3f", c.name(), CostBenefitLab.mbps(rate)));
                    }
                }
                Map<String, Integer> peaks = watch.sample(now);
                buffers.add(at);
                for (String l : linkLabels) {
                    row.add(peaks.get(l));
                    buffers.put(l, peaks.get(l));
                }
                csv.row(row.toArray());
                if (now >= nextProgress[0]) {
                    nextProgress[0] += CostBenefitLab.PROGRESS_NS;
                    progress.at(at, "1-s rates (Mbit/s):" + line + " | max waiting " + peaks.values());
                }
            });
            tracks.values().forEach(FlowTrack::stop);
            long end = t0 + runNs;
            aggregate = 0;
            List<Double> singles = new ArrayList<>();
            for (Client c : clients) {
                double mean = tracks.get(c.name()).mean(t0 + lastFrom, end);
                aggregate += mean;
                endRates.put(c.label(), CostBenefitLab.round(mean * 8 / 1000, 1));
                if (c.startNs() > 0) {
                    singles.add(mean);
                }
            }
            Client longClient = clients.get(0);
            Client first = clients.get(1);
            longRate = tracks.get(longClient.name()).mean(t0 + lastFrom, end);
            singleMean = LabMath.mean(singles);
            longOverAb = tracks.get(longClient.name()).mean(t0 + compareFrom, t0 + compareTo)
                    / tracks.get(first.name()).mean(t0 + compareFrom, t0 + compareTo);
            for (int k = 0; k <= links; k++) {
                long from = k == 0 ? 0 : clients.get(k).startNs();
                long to = k == links ? runNs : clients.get(k + 1).startNs();
                long settle = Math.min(ctx.scaledNs(30 * S), (to - from) / 2);
                Map<String, Object> phase = new LinkedHashMap<>();
                phase.put("fromSec", (from + settle) / 1e9);
                phase.put("toSec", to / 1e9);
                Map<String, Object> kbps = new LinkedHashMap<>();
                double sum = 0;
                for (Client c : clients.subList(0, k + 1)) {
                    double mean = tracks.get(c.name()).mean(t0 + from + settle, t0 + to);
                    sum += mean;
                    kbps.put(c.label(), CostBenefitLab.round(mean * 8 / 1000, 1));
                }
                phase.put("kbps", kbps);
                phase.put("aggregateMbps", CostBenefitLab.round(CostBenefitLab.mbps(sum), 3));
                phases.add(phase);
            }
            for (String l : linkLabels) {
                maxBuffers.put(l, watch.max(l, t0 + lastFrom, end));
            }
        }
        double utilisation = aggregate / total;
        double longOverSingles = longRate / singleMean;
        summary.put("runSeconds", runNs / 1e9);
        summary.put("lastWindowSec", List.of(lastFrom / 1e9, runNs / 1e9));
        summary.put("linkBytesPerSec", linkCapacity);
        summary.put("aggregateBytesPerSec", CostBenefitLab.round(aggregate, 1));
        summary.put("aggregateMbps", CostBenefitLab.round(CostBenefitLab.mbps(aggregate), 3));
        summary.put("paperAggregateMbps", PAPER_AGGREGATE_MBPS);
        summary.put("aggregateUtilisation", CostBenefitLab.round(utilisation, 4));
        summary.put("longOverSingleLinkMean", CostBenefitLab.round(longOverSingles, 4));
        summary.put("longOverAB", CostBenefitLab.round(longOverAb, 4));
        summary.put("longOverABWindowSec", List.of(compareFrom / 1e9, compareTo / 1e9));
        summary.put("longStarvedAsSpec", longOverSingles <= LONG_STARVED_MAX);
        summary.put("longAboutEqualABAsSpec", longOverAb >= LONG_OVER_AB_LOW && longOverAb <= LONG_OVER_AB_HIGH);
        summary.put("lastWindowKbps", endRates);
        summary.put("maxBufferPacketsLastWindow", maxBuffers);
        summary.put("phases", phases);
        progress.line(String.format(Locale.ROOT, "last %.0f s: aggregate %.3f Mbit/s = %.4f of %.0f Mbit/s (paper"
                + " %.3f); A->F / single-link mean %.4f (spec ≤ %.2f); A->F / A->B in [%.0f, %.0f) s %.3f (spec in"
                + " [%.2f, %.1f])", (runNs - lastFrom) / 1e9, CostBenefitLab.mbps(aggregate), utilisation,
                CostBenefitLab.mbps(total), PAPER_AGGREGATE_MBPS, longOverSingles, LONG_STARVED_MAX,
                compareFrom / 1e9, compareTo / 1e9, longOverAb, LONG_OVER_AB_LOW, LONG_OVER_AB_HIGH));
        List<String> failures = new ArrayList<>();
        if (!(utilisation >= AGGREGATE_MIN)) {
            failures.add(String.format(Locale.ROOT, "aggregate utilisation %.4f < %.2f over the last %.0f s",
                    utilisation, AGGREGATE_MIN, (runNs - lastFrom) / 1e9));
        }
        ChartWriter rateChart = ChartWriter.chart("Cost-benefit on a chain: the long client against single-link"
                + " clients (seed 000 Figs 10-11)", "time (s)", "rate (Mbit/s, bytes on the wire, 1-s average)");
        rates.addTo(rateChart, 8e-6, Map.of(clients.get(0).label(), 2.2f));
        ChartWriter bufferChart = ChartWriter.chart("Cost-benefit on a chain: maximum buffer per 100 ms of each link",
                "time (s)", "waiting packets (peak per 100 ms)");
        buffers.addTo(bufferChart, 1, Map.of());
        for (Client c : clients.subList(1, clients.size())) {
            rateChart.marker(c.startNs() / 1e9, c.name());
            bufferChart.marker(c.startNs() / 1e9, c.name());
        }
        rateChart.yMax(2.6).write(ctx.file(name() + "-rates.png"));
        double top = 0;
        for (String l : linkLabels) {
            top = Math.max(top, buffers.max(l));
        }
        bufferChart.yMax(Math.max(120, 1.1 * top)).write(ctx.file(name() + "-buffers.png"));
        return LabResult.judged(summary, failures, ctx.files());
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
