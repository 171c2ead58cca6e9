package org.gcs.alm.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * One shared tree ({@value #NAME}): a fan-out-bounded shortest-path tree from a central root.
 *
 * <ol>
 *   <li><b>Root.</b> All-pairs shortest-path distances over the complete graph of sites with
 *       {@link LinkCosts#costNs} as edge weights (Floyd–Warshall, O(n³): fine for a few hundred sites).
 *       The root is the site with the smallest eccentricity (its largest distance to any other site), ties
 *       broken by the smaller name: the graph center, which minimizes the worst delay of an unconstrained
 *       shortest-path tree.</li>
 *   <li><b>Tree.</b> Grown from the root like Dijkstra/Prim: repeatedly attach the site {@code u} not yet in
 *       the tree through the in-tree parent {@code p} that has fewer than {@code maxFanOut} children and
 *       minimizes {@code costFromRoot(p) + cost(p, u)}, ties broken by the names of {@code u}, then
 *       {@code p}. Some parent always has room, since a tree of k sites has k−1 children among k sites.</li>
 * </ol>
 *
 * <p>This is a greedy heuristic for the degree-constrained shortest-path tree, which is NP-hard in general;
 * without a binding fan-out bound it is exactly Dijkstra's shortest-path tree over direct links. Fan-out
 * bounds a delegate's upload: a site with k children sends each packet k times. O(n³) time, O(n²) memory.
 */
public final class ShortestPathTreeStrategy implements TreeStrategy {
    /** The strategy's selector name. */
    public static final String NAME = "spt";

    /** Creates the strategy (stateless). */
    public ShortestPathTreeStrategy() {
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
        int n = names.size();
        long[][] cost = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                cost[i][j] = costs.costNs(names.get(i), names.get(j));
            }
        }
        int root = center(cost);
        boolean[] inTree = new boolean[n];
        int[] children = new int[n];
        long[] fromRootNs = new long[n];
        SortedMap<String, String> parentOf = new TreeMap<>();
        inTree[root] = true;
        for (int added = 1; added < n; added++) {
            int bestChild = -1;
            int bestParent = -1;
            long bestNs = Long.MAX_VALUE;
            // indices follow name order and only a strictly smaller cost wins: ties go to the smaller (u, p)
            for (int u = 0; u < n; u++) {
                if (inTree[u]) {
                    continue;
                }
                for (int p = 0; p < n; p++) {
                    if (!inTree[p] || children[p] >= maxFanOut) {
                        continue;
                    }
                    long viaNs = CostMath.add(fromRootNs[p], cost[p][u]);
                    if (bestChild < 0 || viaNs < bestNs) {
                        bestChild = u;
                        bestParent = p;
                        bestNs = viaNs;
                    }
                }
            }
            inTree[bestChild] = true;
            children[bestParent]++;
            fromRootNs[bestChild] = bestNs;
            parentOf.put(names.get(bestChild), names.get(bestParent));
        }
        return TreePlan.shared(NAME, SpanningTree.of(names.get(root), parentOf));
    }

    /** @return the index of the site with the smallest eccentricity, the smallest index on ties */
    private static int center(long[][] cost) {
        int n = cost.length;
        long[][] distance = new long[n][];
        for (int i = 0; i < n; i++) {
            distance[i] = cost[i].clone();
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    long viaK = CostMath.add(distance[i][k], distance[k][j]);
                    if (viaK < distance[i][j]) {
                        distance[i][j] = viaK;
                    }
                }
            }
        }
        int best = 0;
        long bestEccentricityNs = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            long eccentricityNs = 0;
            for (int j = 0; j < n; j++) {
                eccentricityNs = Math.max(eccentricityNs, distance[i][j]);
            }
            if (eccentricityNs < bestEccentricityNs) {
                best = i;
                bestEccentricityNs = eccentricityNs;
            }
        }
        return best;
    }
}
