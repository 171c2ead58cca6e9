package org.gcs.alm.tree;

import java.util.SortedSet;

/**
 * The baseline ({@value #NAME}): no tree at all. Every source site sends each packet straight to every
 * other site with members, i.e. one star rooted at each source ({@link TreePlan#sourceStars}). Each packet
 * crosses the WAN on the direct path, at the cost of the source sending it once per member site: this
 * strategy ignores link costs and the fan-out bound.
 */
public final class SourceStarStrategy implements TreeStrategy {
    /** The strategy's selector name. */
    public static final String NAME = "star";

    /** Creates the strategy (stateless). */
    public SourceStarStrategy() {
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
        return TreePlan.sourceStars(NAME, sites);
    }
}
