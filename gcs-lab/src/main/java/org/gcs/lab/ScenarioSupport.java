package org.gcs.lab;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.gcs.FlowStatus;

/** Small pieces the scenarios share: setup, flow readings, counting. */
final class ScenarioSupport {
    /** The group every scenario uses. */
    static final String GROUP = "lab";
    /** The paper's packet size: messages of 1000 payload bytes. */
    static final int MESSAGE_BYTES = 1000;
    /** How long the members may take to see each other. */
    static final long VIEW_TIMEOUT_NS = 60_000_000_000L;
    /** Settling time after the views: probes measure the links and the tree is rebuilt on measured costs. */
    static final long WARM_UP_NS = 5_000_000_000L;
    /** Nanoseconds per second. */
    static final long S = 1_000_000_000L;
    /** How often progress lines are printed, in the experiment's time. */
    static final long PROGRESS_EVERY_NS = 5 * S;

    private ScenarioSupport() {
    }

    /**
     * Joins the nodes to the group, waits for the views and warms up.
     *
     * @throws IllegalStateException if the views do not form
     */
    static void joinAndSettle(LabDriver driver, List<LabDriver.LabNode> members, LabProgress progress)
            throws InterruptedException {
        for (LabDriver.LabNode node : members) {
            node.join(GROUP);
        }
        if (!driver.awaitViews(GROUP, members, members.size(), VIEW_TIMEOUT_NS)) {
            throw new IllegalStateException("the " + members.size() + " members did not see each other in group '"
                    + GROUP + "' within " + VIEW_TIMEOUT_NS / S + " s");
        }
        progress.line(String.format(Locale.ROOT, "%d members see each other after %.1f s (%s); warming up %d s",
                members.size(), driver.nowNs() / 1e9, driver.name(), WARM_UP_NS / S));
        driver.advance(WARM_UP_NS);
    }

    /** TFRC's feedback field read by the scenarios: a receiving site's acceptable rate (seed 004, Eq. 1). */
    static final String ACCEPTABLE_RATE = "acceptableRateBytesPerSec";

    /**
     * @return the topology, if it has every site the scenario needs
     * @throws IllegalArgumentException naming the missing sites (a --topology file without them)
     */
    static org.gcs.emulator.Topology requireSites(org.gcs.emulator.Topology topology, String scenario,
                                                  String... sites) {
        List<String> missing = java.util.Arrays.stream(sites).filter(s -> !topology.sites().contains(s)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(scenario + " needs the sites " + List.of(sites) + " in its topology;"
                    + " topology " + topology.name() + " lacks " + missing);
        }
        return topology;
    }

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

    /** @return the key counted most often (ties: the first in the map's order), null if none */
    static String mostFrequent(Map<String, Integer> counts) {
        String best = null;
        int most = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() > most) {
                best = e.getKey();
                most = e.getValue();
            }
        }
        return best;
    }

    /** @return the value rounded to that many decimals for the summary ({@link LabMath#round}) */
    static double round(double value, int decimals) {
        return LabMath.round(value, decimals);
    }
}
