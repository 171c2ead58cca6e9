package org.gcs.lab;

import static org.gcs.lab.ScenarioSupport.GROUP;
import static org.gcs.lab.ScenarioSupport.MESSAGE_BYTES;
import static org.gcs.lab.ScenarioSupport.S;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.gcs.FlowStatus;
import org.gcs.emulator.Topology;
import org.gcs.tools.csv.CsvWriter;

/**
 * Seed 004 §4 test 1, rate restriction: all six ron6 sites in one group; each site in turn sends as fast as it is
 * allowed for 60 s (× scale) while the others are silent. Every 100 ms: each receiving site's reported acceptable
 * rate, the sending site's allowed rate and limiting site, and the sender's achieved rate (wire bytes admitted per
 * second, 1-s and 3-s averages). The means skip the first sixth of each turn (10 s at scale 1: slow start and
 * convergence). Pass: for every sender, mean rate / mean of the smallest finite reported rate is in [0.75, 1.25].
 */
public final class RateRestrictionScenario implements LabScenario {
    /** A turn of the paper. */
    static final long TURN_NS = 60 * S;
    /** Fraction of a turn skipped in the means (10 s of 60). */
    static final double SKIP_FRACTION = 1.0 / 6;
    /** The pass band of the ratio. */
    static final double RATIO_LOW = 0.75;
    /** The pass band of the ratio. */
    static final double RATIO_HIGH = 1.25;

    @Override
    public String name() {
        return "rate-restriction";
    }

    @Override
    public String description() {
        return "six sites, each in turn sends as fast as allowed; its rate follows the slowest receiver's report";
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        Topology wan = ctx.topology(Ron6.TOPOLOGY);
        List<String> sites = wan.sites();
        long turnNs = ctx.scaledNs(TURN_NS);
        long skipNs = Math.round(turnNs * SKIP_FRACTION);
        LabProgress progress = ctx.progress();
        List<Map<String, Object>> senders = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("time_s", "sender", "turn_time_s", "sender_rate_1s_Bps",
                "sender_rate_3s_Bps", "allowed_Bps", "limiting_site", "min_reported_Bps"));
        sites.forEach(s -> header.add("reported_" + s + "_Bps"));
        try (LabDriver driver = ctx.openDriver(wan);
             CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), header)) {
            Map<String, LabDriver.LabNode> nodes = new LinkedHashMap<>();
            for (String site : sites) {
                nodes.put(site, driver.start(site, Ron6.member(site)));
            }
            progress.line("started " + nodes.size() + " nodes on " + wan.name() + " (" + driver.name() + " driver)");
            ScenarioSupport.joinAndSettle(driver, List.copyOf(nodes.values()), progress);
            long t0 = driver.nowNs();
            int turn = 0;
            for (String site : sites) {
                turn++;
                progress.at((driver.nowNs() - t0) / 1e9, String.format(Locale.ROOT,
                        "turn %d/%d: %s sends as fast as allowed for %.1f s", turn, sites.size(), Ron6.label(site),
                        turnNs / 1e9));
                Turn result = runTurn(driver, nodes.get(site), sites, t0, turnNs, skipNs, csv, progress);
                senders.add(result.summary());
                chart(ctx, site, result.series(), sites);
                double ratio = (double) result.summary().get("ratio");
                if (!(ratio >= RATIO_LOW && ratio <= RATIO_HIGH)) {
                    failures.add(String.format(Locale.ROOT, "%s: rate / slowest report = %.3f, outside [%.2f, %.2f]",
                            site, ratio, RATIO_LOW, RATIO_HIGH));
                }
                progress.at((driver.nowNs() - t0) / 1e9, String.format(Locale.ROOT,
                        "turn %d done: %s mean %s, mean slowest report %s, ratio %.3f, limited by %s", turn, site,
                        LabProgress.kb((double) result.summary().get("meanRateBytesPerSec")),
                        LabProgress.kb((double) result.summary().get("meanMinReportedBytesPerSec")), ratio,
                        result.summary().get("limitingSite")));
            }
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("turnSeconds", turnNs / 1e9);
        summary.put("skippedSecondsPerTurn", skipNs / 1e9);
        summary.put("senders", senders);
        return LabResult.judged(summary, failures, ctx.files());
    }

    private record Turn(Map<String, Object> summary, SeriesTable series) {
    }

    private Turn runTurn(LabDriver driver, LabDriver.LabNode node, List<String> sites, long t0, long turnNs,
                         long skipNs, CsvWriter csv, LabProgress progress) throws InterruptedException {
        String site = node.site();
        RateTrack track = new RateTrack();
        SeriesTable series = new SeriesTable().declare("sender (1-s average)").declare("allowed (" + site + ")");
        long start = driver.nowNs();
        LabDriver.LabSender sender = driver.greedy(node, GROUP, MESSAGE_BYTES);
        track.add(start, 0);
        List<Double> minReports = new ArrayList<>();
        List<Double> allowedRates = new ArrayList<>();
        Map<String, Integer> limitingCounts = new TreeMap<>();
        long[] nextProgress = {start + ScenarioSupport.PROGRESS_EVERY_NS};
        driver.sampleFor(turnNs, LabDriver.SAMPLE_STEP_NS, now -> {
            track.add(now, sender.admittedWireBytes());
            Optional<FlowStatus> flow = driver.flow(site, GROUP);
            double rate1 = track.rateOver(S);
            double rate3 = track.rateOver(3 * S);
            double allowed = ScenarioSupport.allowed(flow);
            String limiting = ScenarioSupport.limiting(flow);
            double minReported = ScenarioSupport.minFiniteReported(flow);
            Map<String, Double> reported = ScenarioSupport.reported(flow);
            List<Object> row = new ArrayList<>(List.of((now - t0) / 1e9, site, (now - start) / 1e9, rate1, rate3,
                    allowed, limiting, minReported));
            for (String s : sites) {
                row.add(reported.getOrDefault(s, Double.NaN));
            }
            csv.row(row.toArray());
            series.add((now - start) / 1e9);
            series.put("sender (1-s average)", rate1);
            series.put("allowed (" + site + ")", allowed);
            reported.forEach((s, x) -> series.put("reported by " + s, x));
            if (now - start >= skipNs) {
                if (Double.isFinite(minReported)) {
                    minReports.add(minReported);
                }
                allowedRates.add(allowed);
                if (!limiting.isEmpty()) {
                    limitingCounts.merge(limiting, 1, Integer::sum);
                }
            }
            if (now >= nextProgress[0]) {
                nextProgress[0] += ScenarioSupport.PROGRESS_EVERY_NS;
                progress.at((now - t0) / 1e9, String.format(Locale.ROOT, "%s sends %s (3-s), allowed %s, limited by %s",
                        site, LabProgress.kb(rate3), LabProgress.kb(allowed), limiting.isEmpty() ? "-" : limiting));
            }
        });
        sender.stop();
        long end = driver.nowNs();
        double meanRate = track.meanBetween(start + skipNs, end);
        double meanMin = LabMath.mean(minReports);
        double ratio = LabMath.ratio(meanRate, meanMin);
        int limitedSamples = limitingCounts.values().stream().mapToInt(Integer::intValue).sum();
        String limitingSite = ScenarioSupport.mostFrequent(limitingCounts);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("site", site);
        summary.put("meanRateBytesPerSec", ScenarioSupport.round(meanRate, 1));
        summary.put("meanMinReportedBytesPerSec", ScenarioSupport.round(meanMin, 1));
        summary.put("ratio", ScenarioSupport.round(ratio, 4));
        summary.put("limitingSite", limitingSite);
        summary.put("limitingShare", limitingSite == null ? null
                : ScenarioSupport.round(limitingCounts.get(limitingSite) / (double) allowedRates.size(), 3));
        summary.put("meanAllowedBytesPerSec", ScenarioSupport.round(LabMath.mean(allowedRates), 1));
        summary.put("samplesWithReport", minReports.size());
        summary.put("samplesLimited", limitedSamples);
        return new Turn(summary, series);
    }

    private void chart(LabContext ctx, String site, SeriesTable series, List<String> sites) {
        double senderMax = Math.max(series.max("sender (1-s average)", SKIP_FRACTION * series.x()[series.x().length - 1]),
                series.max("allowed (" + site + ")", SKIP_FRACTION * series.x()[series.x().length - 1]));
        Path file = ctx.file(name() + "-" + site + ".png");
        ChartWriter chart = ChartWriter.chart("Rate restriction: " + Ron6.label(site) + " sends, "
                        + "receivers report acceptable rates (Eq. 1)", "time since the turn started (s)",
                "rate (KB/s, bytes on the wire)");
        series.addTo(chart, 1e-3, Map.of("sender (1-s average)", 2.4f)).yMax(senderMax * 1e-3 * 2.0).write(file);
    }
}
