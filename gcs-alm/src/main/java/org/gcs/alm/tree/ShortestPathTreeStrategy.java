package org.gcs.alm.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * One shared tree ({@value #NAME}): a fan-out-bounded shortest-path tree from a central root.
 *
 * <ol>
 *   <li><b>Candidates.</b> All-pairs shortest-path distances over the complete graph of sites with
 *       {@link LinkCosts#costNs} as edge weights (Floyd–Warshall, O(n³)). The {@value #ROOT_CANDIDATES} sites
 *       of smallest eccentricity (largest distance to any other site; ties by name) are the root
 *       candidates. Above {@value #EXACT_CENTER_MAX_SITES} sites the eccentricity is taken over the direct link
 *       costs instead (O(n²)), and only {@value #LARGE_ROOT_CANDIDATES} candidates are tried: Floyd–Warshall
 *       alone took seconds at 2048 sites, and where link costs keep the triangle inequality, as RTTs over the
 *       Internet mostly do, the two eccentricities agree. A plan of 2048 sites then costs about a second of CPU
 *       (most of it the cost matrix) instead of minutes.</li>
 *   <li><b>Tree.</b> From each candidate, a tree is grown like Dijkstra/Prim ({@link FanOutTreeGrower}):
 *       repeatedly attach the site {@code u} not yet in the tree through the in-tree parent {@code p} that has
 *       fewer than {@code maxFanOut} children and minimizes {@code costFromRoot(p) + cost(p, u)}, ties broken by
 *       the names of {@code u}, then {@code p}.</li>
 *   <li><b>Root.</b> The candidate whose tree has the smallest largest root-to-site cost wins (ties: the more
 *       central candidate). This is "the delegate that minimizes the largest path RTT", measured on the tree
 *       the fan-out bound allows rather than on the unconstrained graph: on seed 004's six RON sites the graph
 *       center is Boston (the only site near Jerusalem), but with fan-out 4 the tree rooted at Ottawa — the
 *       paper's root — has the smaller worst path (221.6 ms against 271.6 ms).</li>
 * </ol>
 *
 * <p>This is a greedy heuristic for the degree-constrained shortest-path tree, which is NP-hard in general;
 * without a binding fan-out bound it is exactly Dijkstra's shortest-path tree over direct links. Fan-out
 * bounds a delegate's upload: a site with k children sends each packet k times. O(n² log n) time per candidate
 * root, O(n²) memory.
 */
public final class ShortestPathTreeStrategy implements TreeStrategy {
    /** The strategy's selector name. */
    public static final String NAME = "spt";
    /** How many of the most central sites are tried as the root. */
    public static final int ROOT_CANDIDATES = 8;
    /**
     * The most sites whose root candidates come from shortest-path distances, {@value #ROOT_CANDIDATES} of them;
     * above, {@value #LARGE_ROOT_CANDIDATES} come from the direct link costs.
     */
    public static final int EXACT_CENTER_MAX_SITES = 512;
    /** How many of the most central sites are tried as the root above {@value #EXACT_CENTER_MAX_SITES} sites. */
    public static final int LARGE_ROOT_CANDIDATES = 2;

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
        long[][] cost = FanOutTreeGrower.costMatrix(names, costs);
        SortedMap<String, String> best = null;
        int bestRoot = -1;
        long bestWorstNs = Long.MAX_VALUE;
        for (int root : centralSites(cost, n > EXACT_CENTER_MAX_SITES ? LARGE_ROOT_CANDIDATES : ROOT_CANDIDATES)) {
            long[] fromRootNs = new long[n];
            SortedMap<String, String> parentOf = FanOutTreeGrower.grow(names, cost, root, maxFanOut, maxFanOut,
                    fromRootNs);
            long worstNs = 0;
            for (long ns : fromRootNs) {
                worstNs = Math.max(worstNs, ns);
            }
            if (best == null || worstNs < bestWorstNs) {
                best = parentOf;
                bestRoot = root;
                bestWorstNs = worstNs;
            }
        }
        return TreePlan.shared(NAME, SpanningTree.of(names.get(bestRoot), best));
    }

    /**
     * @return the indices of up to {@code limit} sites of smallest eccentricity, most central first (ties by index):
     *     over shortest-path distances, or over the direct costs above {@link #EXACT_CENTER_MAX_SITES} sites
     */
    static List<Integer> centralSites(long[][] cost, int limit) {
        int n = cost.length;
        long[][] distance = n > EXACT_CENTER_MAX_SITES ? cost : shortestDistances(cost);
        long[] eccentricityNs = new long[n];
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                eccentricityNs[i] = Math.max(eccentricityNs[i], distance[i][j]);
            }
            order.add(i);
        }
        order.sort((a, b) -> eccentricityNs[a] != eccentricityNs[b] ? Long.compare(eccentricityNs[a], eccentricityNs[b])
                : Integer.compare(a, b));
        return order.subList(0, Math.min(limit, n));
    }

    /** @return the all-pairs shortest-path distances over the complete graph with these costs (Floyd–Warshall) */
    private static long[][] shortestDistances(long[][] cost) {
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
        return distance;
    }
}
