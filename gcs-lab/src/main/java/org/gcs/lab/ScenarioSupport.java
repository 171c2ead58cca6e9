package org.gcs.lab;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.gcs.FlowStatus;

/** Small pieces the seed-004 scenarios share: their group, the readings of a sending site's flow. */
final class ScenarioSupport {
    /** The group every scenario uses. */
    static final String GROUP = "lab";
    /** The paper's packet size: messages of 1000 payload bytes. */
    static final int MESSAGE_BYTES = 1000;
    /** Nanoseconds per second. */
    static final long S = 1_000_000_000L;
    /** How often progress lines are printed, in the experiment's time. */
    static final long PROGRESS_EVERY_NS = 5 * S;

    private ScenarioSupport() {
    }

    /** TFRC's feedback field read by the scenarios: a receiving site's acceptable rate (seed 004, Eq. 1). */
    static final String ACCEPTABLE_RATE = "acceptableRateBytesPerSec";

    /** @return the smallest finite acceptable rate any receiving site reports, NaN if none */
    static double minFiniteReported(Optional<FlowStatus> flow) {
        double min = Double.NaN;
        if (flow.isPresent()) {
            for (FlowStatus.Receiver r : flow.get().receivers()) {
                double x = r.feedback(ACCEPTABLE_RATE);
                if (Double.isFinite(x) && !(x >= min)) {
                    min = x;
                }
            }
        }
        return min;
    }

    /**
     * @return each receiving site's reported acceptable rate; a site that has not reported counts as unlimited, as
     *     the sending delegate treats it
     */
    static Map<String, Double> reported(Optional<FlowStatus> flow) {
        return flow.map(f -> f.receivers().stream().collect(Collectors.toMap(FlowStatus.Receiver::site,
                r -> r.lastFeedback().isEmpty() ? Double.POSITIVE_INFINITY : r.feedback(ACCEPTABLE_RATE),
                (a, b) -> a, TreeMap::new))).orElse(new TreeMap<>());
    }

    /** @return the allowed aggregate rate, NaN without a flow */
    static double allowed(Optional<FlowStatus> flow) {
        return flow.map(FlowStatus::allowedRateBytesPerSec).orElse(Double.NaN);
    }

    /** @return the limiting site, empty if none */
    static String limiting(Optional<FlowStatus> flow) {
        return flow.flatMap(FlowStatus::limitingSite).orElse("");
    }

    /** @return the value rounded to that many decimals for the summary ({@link LabMath#round}) */
    static double round(double value, int decimals) {
        return LabMath.round(value, decimals);
    }

    /**
     * Adds the columns of a greedy sender and its site's flow: the sender's 1-s and 3-s rates, the site's allowed
     * rate, its limiting site and the smallest finite report.
     *
     * @param traffic the sender's traffic in the run
     * @param site the sending site
     */
    static RunPlan senderColumns(RunPlan plan, Function<Run, String> traffic, Function<Run, String> site) {
        return plan.column("sender_rate_1s_Bps", r -> r.traffic(traffic.apply(r)).rateOver(S))
                .column("sender_rate_3s_Bps", r -> r.traffic(traffic.apply(r)).rateOver(3 * S))
                .column("allowed_Bps", r -> allowed(r.flow(site.apply(r), GROUP)))
                .column("limiting_site", r -> limiting(r.flow(site.apply(r), GROUP)))
                .column("min_reported_Bps", r -> minFiniteReported(r.flow(site.apply(r), GROUP)));
    }

    /** Adds a column per site with the acceptable rate it reports to the sending site (NaN if none). */
    static RunPlan reportColumns(RunPlan plan, Function<Run, String> site, List<String> sites) {
        for (String s : sites) {
            plan.column("reported_" + s + "_Bps", r -> reported(r.flow(site.apply(r), GROUP))
                    .getOrDefault(s, Double.NaN));
        }
        return plan;
    }
}
