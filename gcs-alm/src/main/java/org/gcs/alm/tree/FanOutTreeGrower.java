package org.gcs.alm.tree;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Grows a fan-out-bounded shortest-path tree from a given root, like Dijkstra/Prim: repeatedly attach the site
 * {@code u} not yet in the tree through the in-tree parent {@code p} that still has room for a child and minimizes
 * {@code costFromRoot(p) + cost(p, u)}; ties go to the smaller index of {@code u}, then of {@code p} (indices follow
 * name order). The root may have a bound of its own. With both bounds at least 1 some parent always has room: a
 * tree of k sites has k−1 children among k sites, so if the root is full another site has none. O(n³) time.
 */
final class FanOutTreeGrower {
    private FanOutTreeGrower() {
    }

    /**
     * @param names the sites, in name order
     * @param cost {@code cost[i][j]}: the link cost from site i to site j, in ns
     * @param root the index of the root
     * @param rootFanOut the most children the root may have; at least 1
     * @param maxFanOut the most children any other site may have; at least 1
     * @param fromRootNs filled with each site's path cost from the root, in ns (length n)
     * @return each site's parent, by name (the root has none)
     */
    static SortedMap<String, String> grow(List<String> names, long[][] cost, int root, int rootFanOut,
                                          int maxFanOut, long[] fromRootNs) {
        int n = names.size();
        boolean[] inTree = new boolean[n];
        int[] children = new int[n];
        SortedMap<String, String> parentOf = new TreeMap<>();
        inTree[root] = true;
        for (int added = 1; added < n; added++) {
            int bestChild = -1;
            int bestParent = -1;
            long bestNs = Long.MAX_VALUE;
            // only a strictly smaller cost wins: ties go to the smaller (u, p)
            for (int u = 0; u < n; u++) {
                if (inTree[u]) {
                    continue;
                }
                for (int p = 0; p < n; p++) {
                    if (!inTree[p] || children[p] >= (p == root ? rootFanOut : maxFanOut)) {
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
        return parentOf;
    }

    /** @return {@code cost[i][j]} = {@code costs.costNs(names[i], names[j])} */
    static long[][] costMatrix(List<String> names, LinkCosts costs) {
        int n = names.size();
        long[][] cost = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                cost[i][j] = costs.costNs(names.get(i), names.get(j));
            }
        }
        return cost;
    }
}
