package org.gcs.lab.ormcc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.gcs.emulator.Topology;
import org.gcs.lab.Check;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabReport;
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
        Map<String, StarRun.Result> runs = new LinkedHashMap<>();
        runs.put("without indication loss", normal);
        runs.put("with 10 % indication loss", lossy);
        return new LabReport(ctx).csv(name() + ".csv", List.of("run"), List.of(List.of("without"), List.of("with")),
                        StarRun.tables(List.of(normal, lossy)))
                .chart(name() + ".png", StarRun.chart("ORMCC with lost congestion indications (seed 002 Fig. 3.8)",
                        runs).yMax(1.6e-3 * Math.max(normal.backgroundMeanBytesPerSec(),
                        lossy.backgroundMeanBytesPerSec())))
                .putAll("receivers", normal.receivers(), "indicationLoss", INDICATION_LOSS, "indicationsLost", lost[0],
                        "withoutLossBytesPerSec", LabMath.round(normal.multicastBytesPerSec(), 1),
                        "withLossBytesPerSec", LabMath.round(lossy.multicastBytesPerSec(), 1),
                        "ratio", LabMath.round(ratio, 4),
                        "indicationsSentWithout", normal.monitorTotals().getOrDefault("indicationsSent", 0.0),
                        "indicationsSentWith", lossy.monitorTotals().getOrDefault("indicationsSent", 0.0))
                .check(Check.atLeast(String.format(Locale.ROOT, "rate with %.0f %% indication loss / without",
                        100 * INDICATION_LOSS), ratio, RATIO_MIN)).result();
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
