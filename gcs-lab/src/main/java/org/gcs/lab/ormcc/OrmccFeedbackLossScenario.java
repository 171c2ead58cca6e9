package org.gcs.lab.ormcc;

import static org.gcs.lab.ormcc.OrmccLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.gcs.emulator.Topology;
import org.gcs.lab.ChartWriter;
import org.gcs.tools.csv.CsvWriter;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.driver.WanPacketKind;
import org.gcs.sim.WanFilter;

/**
 * {@code ormcc-feedback-loss}: seed 002's robustness to lost congestion indications (thesis §3.3.3, Fig. 3.8: "no
 * degradation with up to 10 % CI loss"; spec O4). The star of 16 receivers of {@code ormcc-drop-to-zero}, run twice:
 * as it is, and with every congestion-indication packet lost with probability 0.1 on its way to the source (a
 * filter in the simulated WAN, seeded from the run's seed). Summary {@code ratio}: the multicast rate with the loss
 * over the rate without; pass ≥ 0.9.
 */
public final class OrmccFeedbackLossScenario implements LabScenario {
    /** The share of congestion indications lost. */
    static final double INDICATION_LOSS = 0.1;
    /** Pass band. */
    static final double RATIO_MIN = 0.9;

    @Override
    public String name() {
        return "ormcc-feedback-loss";
    }

    @Override
    public String description() {
        return "the star of 16 receivers with and without 10 % of the congestion indications lost (seed 002 Fig. 3.8)";
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        long runNs = ctx.scaledNs(OrmccDropToZeroScenario.RUN_NS);
        long skipNs = ctx.scaledNs(OrmccDropToZeroScenario.SKIP_NS);
        Topology star = ctx.topology("ormcc-star16");
        StarRun.Result normal = StarRun.run(ctx, star, name(), runNs, skipNs, null, "without loss");
        SplittableRandom random = new SplittableRandom(ctx.seed() * 7919 + 17);
        long[] lost = {0};
        StarRun.Result lossy = StarRun.run(ctx, star, name(), runNs, skipNs, state -> dropIndications(random, lost),
                String.format(Locale.ROOT, "%.0f %% of indications lost", 100 * INDICATION_LOSS));
        double ratio = lossy.multicastBytesPerSec() / normal.multicastBytesPerSec();
        ctx.progress().line(String.format(Locale.ROOT, "multicast %.0f B/s without, %.0f B/s with %.0f %% of the"
                + " indications lost (%d packets): ratio %.3f", normal.multicastBytesPerSec(),
                lossy.multicastBytesPerSec(), 100 * INDICATION_LOSS, lost[0], ratio));
        try (CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), List.of("run", "time_s",
                "multicast_cumulative_Bps", "single_receiver_mean_cumulative_Bps"))) {
            for (StarRun.Result r : List.of(normal, lossy)) {
                for (int i = 0; i < r.timesSec().size(); i++) {
                    csv.row(r == normal ? "without" : "with", r.timesSec().get(i), r.multicastCumulative().get(i),
                            r.backgroundCumulative().get(i));
                }
            }
        }
        ChartWriter chart = ChartWriter.chart("ORMCC with lost congestion indications (seed 002 Fig. 3.8)", "time (s)",
                "over-time average rate (KB/s, bytes on the wire)");
        for (StarRun.Result r : List.of(normal, lossy)) {
            String run = r == normal ? "without indication loss" : "with 10 % indication loss";
            double[] x = r.timesSec().stream().mapToDouble(Double::doubleValue).toArray();
            chart.series("multicast, " + run, x, r.multicastCumulative().stream().mapToDouble(v -> v * 1e-3).toArray(),
                    2.2f);
            chart.series("single-receiver mean, " + run, x,
                    r.backgroundCumulative().stream().mapToDouble(v -> v * 1e-3).toArray());
        }
        chart.yMax(1.6e-3 * Math.max(normal.backgroundMeanBytesPerSec(), lossy.backgroundMeanBytesPerSec()))
                .write(ctx.file(name() + ".png"));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("receivers", normal.receivers());
        summary.put("indicationLoss", INDICATION_LOSS);
        summary.put("indicationsLost", lost[0]);
        summary.put("withoutLossBytesPerSec", OrmccLab.round(normal.multicastBytesPerSec(), 1));
        summary.put("withLossBytesPerSec", OrmccLab.round(lossy.multicastBytesPerSec(), 1));
        summary.put("ratio", OrmccLab.round(ratio, 4));
        summary.put("indicationsSentWithout", normal.monitorTotals().getOrDefault("indicationsSent", 0.0));
        summary.put("indicationsSentWith", lossy.monitorTotals().getOrDefault("indicationsSent", 0.0));
        List<String> failures = new ArrayList<>();
        if (!(ratio >= RATIO_MIN)) {
            failures.add(String.format(Locale.ROOT, "rate with %.0f %% indication loss / without = %.3f < %.1f",
                    100 * INDICATION_LOSS, ratio, RATIO_MIN));
        }
        return LabResult.judged(summary, failures, ctx.files());
    }

    /** Drops each congestion-indication packet with probability {@link #INDICATION_LOSS}. */
    private static WanFilter dropIndications(SplittableRandom random, long[] lost) {
        return (fromSite, toSite, packet) -> {
            if (packet.kind() == WanPacketKind.CC_FEEDBACK && random.nextDouble() < INDICATION_LOSS) {
                lost[0]++;
                return false;
            }
            return true;
        };
    }
}
