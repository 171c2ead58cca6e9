package org.gcs.alm.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * One tree per source ({@value #NAME}): every site's packets follow a fan-out-bounded shortest-path tree rooted at
 * that site, in which the source itself has at most {@value #SOURCE_FAN_OUT} children and every other site at most
 * {@code maxFanOut} ({@link FanOutTreeGrower}, the same growth as {@link ShortestPathTreeStrategy}'s, from the
 * source instead of a central root).
 *
 * <ul>
 *   <li><b>No detour through a shared root.</b> A shared tree is rooted where the worst path is shortest, so a
 *       source elsewhere reaches some sites through the root: at three sites of equal RTTs, one of them two WAN
 *       hops away (one and a half times the RTT, about twice the loss), which then limits the source's rate. Here
 *       a source reaches up to {@value #SOURCE_FAN_OUT} sites directly, so up to three sites every path is
 *       direct.</li>
 *   <li><b>The source's uplink carries each packet at most {@value #SOURCE_FAN_OUT} times.</b> Where the sending
 *       site's uplink is the bottleneck, a source that sends one copy per site moves 1/(n−1) of the uplink's rate;
 *       this tree moves up to 1/{@value #SOURCE_FAN_OUT}, the relaying sites' uplinks carrying the other copies.
 *       The price is one WAN hop more for the sites beyond the source's children.</li>
 *   <li><b>Size.</b> The plan holds n trees of n−1 edges, which the coordinator publishes: up to
 *       {@value #MAX_SITES} sites. Above that the plan is {@link ShortestPathTreeStrategy}'s shared tree, whose
 *       size grows as n.</li>
 * </ul>
 *
 * <p>Deterministic (ties by site name, as the grower breaks them); O(n⁴) time for n ≤ {@value #MAX_SITES}.
 */
public final class SourceTreeStrategy implements TreeStrategy {
    /** The strategy's selector name. */
    public static final String NAME = "source-spt";
    /** The most children a source has in its own tree (fewer if {@code maxFanOut} is smaller). */
    public static final int SOURCE_FAN_OUT = 2;
    /** The most sites that get a tree per source; above, one shared tree. */
    public static final int MAX_SITES = 16;

    /** Creates the strategy (stateless). */
    public SourceTreeStrategy() {
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException if {@code sites} is empty or {@code maxFanOut < 1}
     */
    @Override
    public TreePlan plan(SortedSet<String> sites, LinkCosts costs, int maxFanOut) {
        if (maxFanOut < 1) {
            throw new IllegalArgumentException("maxFanOut must be at least 1, got " + maxFanOut);
        }
        if (costs == null) {
            throw new IllegalArgumentException("costs must not be null");
        }
        List<String> names = new ArrayList<>(SiteSets.copyOf(sites, "sites"));
        if (names.size() > MAX_SITES) {
            TreePlan shared = new ShortestPathTreeStrategy().plan(sites, costs, maxFanOut);
            return TreePlan.shared(NAME, shared.sharedTree().orElseThrow());
        }
        long[][] cost = FanOutTreeGrower.costMatrix(names, costs);
        SortedMap<String, SpanningTree> trees = new TreeMap<>();
        int sourceFanOut = Math.min(SOURCE_FAN_OUT, maxFanOut);
        for (int source = 0; source < names.size(); source++) {
            SortedMap<String, String> parentOf = FanOutTreeGrower.grow(names, cost, source, sourceFanOut, maxFanOut,
                    new long[names.size()]);
            trees.put(names.get(source), SpanningTree.of(names.get(source), parentOf));
        }
        return TreePlan.sourceTrees(NAME, trees);
    }
}
