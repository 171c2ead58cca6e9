package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@link FanOutTreeGrower}'s heaps give the very trees of the plain search over every pair that its definition
 * states (kept here as {@link #reference}), ties and saturated costs included, and a plan of 2048 sites takes well
 * under the minutes the plain search took.
 */
class FanOutTreeGrowerTest {

    @Test
    void shouldGrowTheSameTreesAsThePlainSearchOverEveryPair() {
        SplittableRandom random = new SplittableRandom(38);
        for (int round = 0; round < 3_000; round++) {
            int n = 1 + random.nextInt(40);
            long range = switch (round % 3) {
                case 0 -> 4; // many ties
                case 1 -> 1_000;
                default -> 1_000_000_000L;
            };
            long[][] cost = new long[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    cost[i][j] = i == j ? 0 : random.nextInt(50) == 0 ? Long.MAX_VALUE : random.nextLong(range);
                }
            }
            List<String> names = names(n);
            int root = random.nextInt(n);
            int rootFanOut = 1 + random.nextInt(4);
            int maxFanOut = 1 + random.nextInt(4);
            long[] fromRootNs = new long[n];
            long[] expectedFromRootNs = new long[n];
            SortedMap<String, String> grown = FanOutTreeGrower.grow(names, cost, root, rootFanOut, maxFanOut,
                    fromRootNs);
            SortedMap<String, String> expected = reference(names, cost, root, rootFanOut, maxFanOut,
                    expectedFromRootNs);
            assertThat(grown).as("round %d, n %d, root %d, fan-out %d/%d", round, n, root, rootFanOut, maxFanOut)
                    .isEqualTo(expected);
            assertThat(fromRootNs).isEqualTo(expectedFromRootNs);
        }
    }

    @Test
    void shouldGrowATreeOf2048SitesWithItsFanOutBound() {
        int n = 2048;
        SplittableRandom random = new SplittableRandom(7);
        long[] accessNs = new long[n];
        for (int i = 0; i < n; i++) {
            accessNs[i] = 5_000_000L + random.nextInt(101) * 100_000L;
        }
        long[][] cost = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                cost[i][j] = i == j ? 0 : accessNs[i] + accessNs[j];
            }
        }
        SortedMap<String, String> parentOf = FanOutTreeGrower.grow(names(n), cost, 0, 4, 4, new long[n]);
        assertThat(parentOf).hasSize(n - 1);
        java.util.Map<String, Integer> children = new java.util.HashMap<>();
        parentOf.values().forEach(parent -> children.merge(parent, 1, Integer::sum));
        assertThat(children.values()).allSatisfy(count -> assertThat(count).isBetween(1, 4));
    }

    private static List<String> names(int n) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            names.add(String.format("s%04d", i));
        }
        return names;
    }

    /** The plain O(n³) search, as {@link FanOutTreeGrower} grew trees before it used heaps. */
    private static SortedMap<String, String> reference(List<String> names, long[][] cost, int root, int rootFanOut,
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

}
