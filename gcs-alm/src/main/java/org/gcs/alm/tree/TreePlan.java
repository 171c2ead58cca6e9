package org.gcs.alm.tree;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the coordinator publishes and every delegate forwards by: one tree shared by all sources, one tree per
 * source, or one star per source (every source sends straight to every other site). Immutable; equality is by
 * content.
 *
 * <p>Forwarding rule ({@link #nextHops}): a packet of a group from source site S that arrived from neighbour
 * N is sent to every neighbour in S's tree except N, restricted to the part of the tree that leads to sites
 * with members of the group. Because every delegate applies the same rule to the same plan, each member
 * site receives the packet exactly once.
 */
public final class TreePlan {
    private final String strategy;
    private final SortedSet<String> sites;
    private final SpanningTree sharedTree;
    /** Each source's own tree, or null for a shared tree or source stars. */
    private final SortedMap<String, SpanningTree> sourceTrees;

    private TreePlan(String strategy, SortedSet<String> sites, SpanningTree sharedTree,
                     SortedMap<String, SpanningTree> sourceTrees) {
        if (strategy == null || strategy.isEmpty()) {
            throw new IllegalArgumentException("strategy must be a strategy name, got " + strategy);
        }
        this.strategy = strategy;
        this.sites = sites;
        this.sharedTree = sharedTree;
        this.sourceTrees = sourceTrees;
    }

    /**
     * @param strategy name of the strategy that computed the plan
     * @param tree the tree every source uses
     * @return a plan with one shared tree over the tree's sites
     */
    public static TreePlan shared(String strategy, SpanningTree tree) {
        if (tree == null) {
            throw new IllegalArgumentException("tree must not be null");
        }
        return new TreePlan(strategy, tree.sites(), tree, null);
    }

    /**
     * @param strategy name of the strategy that computed the plan
     * @param sites the sites; not empty; any comparator of the given set is ignored (names sort naturally)
     * @return a plan in which every source site sends directly to every other site
     */
    public static TreePlan sourceStars(String strategy, SortedSet<String> sites) {
        return new TreePlan(strategy, Collections.unmodifiableSortedSet(SiteSets.copyOf(sites, "sites")), null,
                null);
    }

    /**
     * @param strategy name of the strategy that computed the plan
     * @param treesBySource for every site, the tree its packets follow: rooted at that site and spanning exactly
     *     the plan's sites (the key set)
     * @return a plan in which every source has its own tree
     * @throws IllegalArgumentException if the map is empty, or a tree is not rooted at its source or does not span
     *     the key set
     */
    public static TreePlan sourceTrees(String strategy, Map<String, SpanningTree> treesBySource) {
        if (treesBySource == null || treesBySource.isEmpty()) {
            throw new IllegalArgumentException("treesBySource must name at least one source, got " + treesBySource);
        }
        SortedSet<String> sites = SiteSets.copyOf(treesBySource.keySet(), "the sources of treesBySource");
        SortedMap<String, SpanningTree> trees = new TreeMap<>();
        for (Map.Entry<String, SpanningTree> entry : treesBySource.entrySet()) {
            SpanningTree tree = entry.getValue();
            if (tree == null || !tree.root().equals(entry.getKey()) || !tree.sites().equals(sites)) {
                throw new IllegalArgumentException("the tree of source " + entry.getKey() + " must be rooted there"
                        + " and span " + sites + ", got " + tree);
            }
            trees.put(entry.getKey(), tree);
        }
        return new TreePlan(strategy, Collections.unmodifiableSortedSet(sites), null,
                Collections.unmodifiableSortedMap(trees));
    }

    /** @return the name of the strategy that computed the plan */
    public String strategy() {
        return strategy;
    }

    /** @return true if every source uses its own star or tree, false if all sources share one tree */
    public boolean sourceRooted() {
        return sharedTree == null;
    }

    /** @return true if every source has a tree of its own ({@link #sourceTrees}), false for stars or a shared tree */
    public boolean hasSourceTrees() {
        return sourceTrees != null;
    }

    /** @return the sites the plan spans, sorted */
    public SortedSet<String> sites() {
        return sites;
    }

    /** @return the shared tree, or empty for source-rooted stars */
    public Optional<SpanningTree> sharedTree() {
        return Optional.ofNullable(sharedTree);
    }

    /**
     * @param sourceSite a site of the plan
     * @return the tree that packets from {@code sourceSite} follow: the shared tree, the source's own tree, or
     *     the star rooted at the source with every other site as a child
     * @throws IllegalArgumentException if the source is not a site of the plan
     */
    public SpanningTree treeFor(String sourceSite) {
        if (sourceSite == null || !sites.contains(sourceSite)) {
            throw new IllegalArgumentException("sourceSite '" + sourceSite + "' is not in the plan " + sites);
        }
        if (sharedTree != null) {
            return sharedTree;
        }
        if (sourceTrees != null) {
            return sourceTrees.get(sourceSite);
        }
        Map<String, String> parentOf = new TreeMap<>();
        for (String site : sites) {
            if (!site.equals(sourceSite)) {
                parentOf.put(site, sourceSite);
            }
        }
        return SpanningTree.of(sourceSite, parentOf);
    }

    /**
     * Where {@code self} forwards a packet: {@link #treeFor treeFor(sourceSite)} pruned to
     * {@code memberSites ∪ {sourceSite}}, then {@code self}'s neighbours in the pruned tree except
     * {@code fromNeighbor}.
     *
     * <p>A packet from a source the plan does not know is not forwarded (empty result): the coordinator
     * publishes a new plan when the site set changes. A {@code fromNeighbor} that is not a tree neighbour
     * (the packet followed an older plan) excludes nothing, so the packet still reaches the whole pruned
     * tree; duplicates are the receivers' to drop. This computes the pruned tree on every call: callers on
     * the data path cache the result per (source, member sites, plan).
     *
     * @param self the forwarding site
     * @param sourceSite the site where the packet entered the overlay
     * @param fromNeighbor the site the packet came from, or null when {@code self} is the source
     * @param memberSites the sites with members of the packet's group
     * @return the sites to send to, sorted; empty if {@code self} is not in the pruned tree
     */
    public List<String> nextHops(String self, String sourceSite, String fromNeighbor, Set<String> memberSites) {
        if (self == null) {
            throw new IllegalArgumentException("self must not be null");
        }
        Optional<SpanningTree> pruned = prunedFor(sourceSite, memberSites, true);
        if (pruned.isEmpty() || !pruned.get().contains(self)) {
            return List.of();
        }
        List<String> hops = new ArrayList<>(pruned.get().neighborsOf(self));
        hops.remove(fromNeighbor);
        Collections.sort(hops);
        return Collections.unmodifiableList(hops);
    }

    /**
     * The tree a group's traffic uses, for display.
     *
     * @param sourceSiteOrNull a source site, or null for "any source"
     * @param memberSites the sites with members of the group
     * @return for a shared tree: the tree pruned to the member sites (plus the source, if given); for
     *     source-rooted plans: the star or tree of the given source pruned the same way, or empty when no source
     *     is given; empty too if no kept site is in the plan
     */
    public Optional<SpanningTree> groupTree(String sourceSiteOrNull, Set<String> memberSites) {
        if (sourceSiteOrNull == null && sharedTree == null) {
            return Optional.empty();
        }
        return prunedFor(sourceSiteOrNull, memberSites, sourceSiteOrNull != null);
    }

    private Optional<SpanningTree> prunedFor(String sourceSite, Set<String> memberSites, boolean withSource) {
        if (memberSites == null) {
            throw new IllegalArgumentException("memberSites must not be null");
        }
        if (withSource && (sourceSite == null || !sites.contains(sourceSite))) {
            return Optional.empty();
        }
        Set<String> keep = new TreeSet<>();
        for (String site : memberSites) {
            if (site != null) {
                keep.add(site);
            }
        }
        if (withSource) {
            keep.add(sourceSite);
        }
        SpanningTree tree = sharedTree != null ? sharedTree : treeFor(sourceSite);
        return tree.prune(keep);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TreePlan that && strategy.equals(that.strategy) && sites.equals(that.sites)
                && Objects.equals(sharedTree, that.sharedTree) && Objects.equals(sourceTrees, that.sourceTrees);
    }

    @Override
    public int hashCode() {
        return Objects.hash(strategy, sites, sharedTree, sourceTrees);
    }

    @Override
    public String toString() {
        if (sharedTree != null) {
            return "TreePlan[" + strategy + ", shared " + sharedTree + "]";
        }
        return sourceTrees != null
                ? "TreePlan[" + strategy + ", source trees " + sourceTrees.values() + "]"
                : "TreePlan[" + strategy + ", source stars over " + sites + "]";
    }
}
