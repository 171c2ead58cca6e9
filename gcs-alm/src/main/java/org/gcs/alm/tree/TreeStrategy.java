package org.gcs.alm.tree;

import java.util.SortedSet;

/**
 * Computes the multicast plan over a set of sites from their link costs. Chosen by name with
 * {@link TreeStrategies#byName}.
 *
 * <p>Implementations must be deterministic: the same sites, costs and fan-out give an equal plan on every
 * machine, so that any delegate that takes over as coordinator derives the same tree. Break every tie by
 * site name; never depend on hash iteration order or randomness. Implementations are stateless and
 * thread-safe, and need a public no-arg constructor to be selectable by class name.
 */
public interface TreeStrategy {
    /** @return the short name of the strategy, also recorded in the plans it computes */
    String name();

    /**
     * @param sites the live sites; not empty
     * @param costs link costs between them
     * @param maxFanOut the most children any site may have; at least 1 (strategies say whether they honour it)
     * @return a plan spanning exactly {@code sites}
     */
    TreePlan plan(SortedSet<String> sites, LinkCosts costs, int maxFanOut);
}
