package org.gcs.alm.tree;

import java.util.Optional;
import java.util.SortedSet;

/**
 * Decides when the coordinator publishes a new {@link TreePlan} (sans-IO: time comes in as {@code nowNs}).
 *
 * <ul>
 *   <li>When there is no plan yet, or the live site set differs from the current plan's sites, a new plan is
 *       computed and published at once: sites that joined must be reached, sites that left must not be
 *       forwarded to.</li>
 *   <li>Otherwise, once {@code refreshIntervalNs} has passed since the last computation (or adoption), a
 *       candidate is computed with the current costs. It is published only if it differs from the current
 *       plan, both are shared trees or both have a tree per source, and the candidate's worst cost from the root
 *       ({@link SpanningTree#maxCostFromRootNs}; the largest over the sources' trees) is lower than the current
 *       plan's, re-evaluated with the same current costs, by at least {@code improvementThreshold} (0.2 = 20 %).
 *       This hysteresis keeps RTT noise from re-shaping the tree, which would reorder packets in flight. Source-star plans are never
 *       re-published on cost (their shape depends on the sites only).</li>
 * </ul>
 *
 * <p>Not thread-safe: owned by one delegate's protocol engine.
 */
public final class TreeMaintainer {
    private final TreeStrategy strategy;
    private final int maxFanOut;
    private final long refreshIntervalNs;
    private final double improvementThreshold;
    private TreePlan current;
    private long lastComputedNs;

    /**
     * @param strategy computes the plans
     * @param maxFanOut passed to the strategy; at least 1
     * @param refreshIntervalNs how long after a computation the tree may be reconsidered for cost; positive
     * @param improvementThreshold the relative improvement of the worst cost from the root that justifies a
     *     new tree, in [0, 1)
     */
    public TreeMaintainer(TreeStrategy strategy, int maxFanOut, long refreshIntervalNs,
                          double improvementThreshold) {
        if (strategy == null) {
            throw new IllegalArgumentException("strategy must not be null");
        }
        if (maxFanOut < 1) {
            throw new IllegalArgumentException("maxFanOut must be at least 1, got " + maxFanOut);
        }
        if (refreshIntervalNs <= 0) {
            throw new IllegalArgumentException("refreshIntervalNs must be positive, got " + refreshIntervalNs);
        }
        if (!(improvementThreshold >= 0 && improvementThreshold < 1)) {
            throw new IllegalArgumentException("improvementThreshold must be in [0, 1), got "
                    + improvementThreshold);
        }
        this.strategy = strategy;
        this.maxFanOut = maxFanOut;
        this.refreshIntervalNs = refreshIntervalNs;
        this.improvementThreshold = improvementThreshold;
    }

    /**
     * Called periodically on the coordinator.
     *
     * @param liveSites the sites currently alive, this one included; not empty
     * @param costs the current link costs
     * @param nowNs the current time
     * @return the plan to publish, already adopted as {@link #current()}, or empty if the current plan stays
     */
    public Optional<TreePlan> onTick(SortedSet<String> liveSites, LinkCosts costs, long nowNs) {
        SortedSet<String> sites = SiteSets.copyOf(liveSites, "liveSites");
        if (costs == null) {
            throw new IllegalArgumentException("costs must not be null");
        }
        if (current == null || !current.sites().equals(sites)) {
            TreePlan plan = strategy.plan(sites, costs, maxFanOut);
            adopt(plan, nowNs);
            return Optional.of(plan);
        }
        if (nowNs - lastComputedNs < refreshIntervalNs) {
            return Optional.empty();
        }
        lastComputedNs = nowNs;
        TreePlan candidate = strategy.plan(sites, costs, maxFanOut);
        if (candidate.equals(current) || !isClearlyBetter(candidate, current, costs)) {
            return Optional.empty();
        }
        current = candidate;
        return Optional.of(candidate);
    }

    private boolean isClearlyBetter(TreePlan candidate, TreePlan incumbent, LinkCosts costs) {
        boolean bothShared = candidate.sharedTree().isPresent() && incumbent.sharedTree().isPresent();
        boolean bothSourceTrees = candidate.hasSourceTrees() && incumbent.hasSourceTrees();
        if (!bothShared && !bothSourceTrees) {
            return false;
        }
        long candidateNs = worstCostNs(candidate, costs);
        long incumbentNs = worstCostNs(incumbent, costs);
        return candidateNs < incumbentNs && candidateNs <= incumbentNs * (1 - improvementThreshold);
    }

    /** @return the largest cost from a source to a site, over the shared tree or over every source's tree */
    private static long worstCostNs(TreePlan plan, LinkCosts costs) {
        if (plan.sharedTree().isPresent()) {
            return plan.sharedTree().get().maxCostFromRootNs(costs);
        }
        long worstNs = 0;
        for (String source : plan.sites()) {
            worstNs = Math.max(worstNs, plan.treeFor(source).maxCostFromRootNs(costs));
        }
        return worstNs;
    }

    /**
     * Takes over a plan, for instance one published by another coordinator; it counts as computed at
     * {@code nowNs}.
     *
     * @param plan the plan now in force
     * @param nowNs the current time
     */
    public void adopt(TreePlan plan, long nowNs) {
        if (plan == null) {
            throw new IllegalArgumentException("plan must not be null");
        }
        this.current = plan;
        this.lastComputedNs = nowNs;
    }

    /** @return the plan in force, if any */
    public Optional<TreePlan> current() {
        return Optional.ofNullable(current);
    }

    /** @return the strategy that computes the plans */
    public TreeStrategy strategy() {
        return strategy;
    }
}
