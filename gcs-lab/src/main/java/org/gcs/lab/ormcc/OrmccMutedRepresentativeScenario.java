package org.gcs.lab.ormcc;

import static org.gcs.lab.ormcc.OrmccLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gcs.emulator.Topology;
import org.gcs.lab.ChartWriter;
import org.gcs.tools.csv.CsvWriter;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.driver.WanPacketKind;

/**
 * {@code ormcc-muted-representative}: seed 002's quitting representative (thesis §3.3.4, Fig. 3.13: "throughput
 * pattern the same as without quitting"; spec O7). The star of 16 receivers, run twice: as it is, and with the first
 * congestion representative going silent 20 s after it was chosen (a filter in the simulated WAN drops every
 * congestion indication it sends for the multicast group from then on; its data still arrives, and its own
 * single-receiver flow keeps its feedback). The source must notice the silence with its
 * CR-checking timer and take another representative, and the muted receiver's bottleneck must not be overrun.
 *
 * <p>Summary: {@code representativeAtMute} (the representative in office when the first one is muted: if it is
 * another, the first had been replaced already and the muted run tests nothing; not judged, see docs/experiments.md),
 * {@code ratioToNormal}, the multicast rate of the muted run over the normal one (pass within ±20 %), and
 * {@code longestFullQueueSec}, the longest time any last hop's queue stayed at least 90 % full in the muted run
 * (pass ≤ 10 s: the rate does not run away).
 */
public final class OrmccMutedRepresentativeScenario implements LabScenario {
    /** How long the first representative speaks before it goes silent. */
    static final long MUTE_AFTER_NS = 20 * S;
    /** Pass bands. */
    static final double RATIO_TOLERANCE = 0.2;
    /** Pass bands. */
    static final double LONGEST_FULL_MAX_SEC = 10;

    @Override
    public String name() {
        return "ormcc-muted-representative";
    }

    @Override
    public String description() {
        return "the star of 16 receivers whose first representative goes silent 20 s after it was chosen (seed 002"
                + " Fig. 3.13)";
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        long runNs = ctx.scaledNs(OrmccDropToZeroScenario.RUN_NS);
        long skipNs = ctx.scaledNs(OrmccDropToZeroScenario.SKIP_NS);
        Topology star = ctx.topology("ormcc-star16");
        StarRun.Result normal = StarRun.run(ctx, star, name(), runNs, skipNs, null, "normal");
        long[] muted = {0};
        String[] mutedSite = {null};
        String[] inOfficeAtMute = {null};
        StarRun.Result quiet = StarRun.run(ctx, star, name(), runNs, skipNs, state -> (fromSite, toSite, packet) -> {
            boolean due = state.firstRepresentative != null && state.nowNs - state.firstRepresentativeNs >= MUTE_AFTER_NS;
            if (due && inOfficeAtMute[0] == null) {
                inOfficeAtMute[0] = state.representative; // if another, muting the first tests nothing
            }
            if (due && fromSite.equals(state.firstRepresentative)
                    && packet.kind() == WanPacketKind.CC_FEEDBACK && packet.ofGroup(StarRun.MULTICAST)) {
                mutedSite[0] = fromSite;
                muted[0]++;
                return false;
            }
            return true;
        }, "representative muted");
        double ratio = quiet.multicastBytesPerSec() / normal.multicastBytesPerSec();
        ctx.progress().line(String.format(Locale.ROOT, "multicast %.0f B/s normal, %.0f B/s with %s muted from %.1f s"
                + " (%d indications dropped): ratio %.3f; longest full queue %.1f s", normal.multicastBytesPerSec(),
                quiet.multicastBytesPerSec(), mutedSite[0], quiet.firstRepresentativeAtSec() + MUTE_AFTER_NS / 1e9,
                muted[0], ratio, quiet.longestFullQueueSec()));
        try (CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), List.of("run", "time_s",
                "multicast_cumulative_Bps", "single_receiver_mean_cumulative_Bps"))) {
            for (StarRun.Result r : List.of(normal, quiet)) {
                for (int i = 0; i < r.timesSec().size(); i++) {
                    csv.row(r == normal ? "normal" : "muted", r.timesSec().get(i), r.multicastCumulative().get(i),
                            r.backgroundCumulative().get(i));
                }
            }
        }
        ChartWriter chart = ChartWriter.chart("ORMCC with a representative that goes silent (seed 002 Fig. 3.13)",
                "time (s)", "over-time average rate (KB/s, bytes on the wire)");
        for (StarRun.Result r : List.of(normal, quiet)) {
            String run = r == normal ? "normal" : "representative muted";
            double[] x = r.timesSec().stream().mapToDouble(Double::doubleValue).toArray();
            chart.series("multicast, " + run, x, r.multicastCumulative().stream().mapToDouble(v -> v * 1e-3).toArray(),
                    2.2f);
            chart.series("single-receiver mean, " + run, x,
                    r.backgroundCumulative().stream().mapToDouble(v -> v * 1e-3).toArray());
        }
        if (Double.isFinite(quiet.firstRepresentativeAtSec())) {
            chart.marker(quiet.firstRepresentativeAtSec() + MUTE_AFTER_NS / 1e9, mutedSite[0] + " muted");
        }
        chart.yMax(1.6e-3 * Math.max(normal.backgroundMeanBytesPerSec(), quiet.backgroundMeanBytesPerSec()))
                .write(ctx.file(name() + ".png"));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("receivers", normal.receivers());
        summary.put("mutedRepresentative", mutedSite[0]);
        summary.put("representativeAtMute", inOfficeAtMute[0] == null ? "" : inOfficeAtMute[0]);
        summary.put("mutedFromSec", OrmccLab.round(quiet.firstRepresentativeAtSec() + MUTE_AFTER_NS / 1e9, 1));
        summary.put("indicationsDropped", muted[0]);
        summary.put("normalBytesPerSec", OrmccLab.round(normal.multicastBytesPerSec(), 1));
        summary.put("mutedBytesPerSec", OrmccLab.round(quiet.multicastBytesPerSec(), 1));
        summary.put("ratioToNormal", OrmccLab.round(ratio, 4));
        summary.put("longestFullQueueSec", OrmccLab.round(quiet.longestFullQueueSec(), 1));
        summary.put("longestFullQueueNormalSec", OrmccLab.round(normal.longestFullQueueSec(), 1));
        summary.put("representativeTimeouts", quiet.sourceState().getOrDefault("representativeTimeouts", Double.NaN));
        List<String> failures = new ArrayList<>();
        if (mutedSite[0] == null) {
            failures.add("no representative was muted (none was chosen)");
        }
        if (!(Math.abs(ratio - 1) <= RATIO_TOLERANCE)) {
            failures.add(String.format(Locale.ROOT, "muted / normal rate %.3f is not within ±%.0f %%", ratio,
                    100 * RATIO_TOLERANCE));
        }
        if (!(quiet.longestFullQueueSec() <= LONGEST_FULL_MAX_SEC)) {
            failures.add(String.format(Locale.ROOT, "a queue stayed full for %.1f s > %.0f s",
                    quiet.longestFullQueueSec(), LONGEST_FULL_MAX_SEC));
        }
        return LabResult.judged(summary, failures, ctx.files());
    }
}
