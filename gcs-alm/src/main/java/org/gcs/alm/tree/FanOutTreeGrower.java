package org.gcs.alm.tree;

import java.util.List;
import java.util.PriorityQueue;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Grows a fan-out-bounded shortest-path tree from a given root, like Dijkstra/Prim: repeatedly attach the site
 * {@code u} not yet in the tree through the in-tree parent {@code p} that still has room for a child and minimizes
 * {@code costFromRoot(p) + cost(p, u)}; ties go to the smaller index of {@code u}, then of {@code p} (indices follow
 * name order). The root may have a bound of its own. With both bounds at least 1 some parent always has room: a
 * tree of k sites has k−1 children among k sites, so if the root is full another site has none.
 *
 * <p><b>O(n² log n) time.</b> A site's cost from the root is fixed once it is in the tree, so each parent ranks the
 * sites outside once, by {@code (costFromRoot(p) + cost(p, u), u)}, in a heap of its own; a queue holds each parent's
 * best candidate, keyed by {@code (cost, u, p)}. The queue's least entry whose parent has room and whose site is still
 * outside is the pair the definition above picks: a candidate that joined the tree through another parent, or a
 * parent that filled, is dropped when it comes up, and every other parent's entry is at most its best pair. The
 * plain search over every pair (O(n³)) took minutes for one plan of 2048 sites; {@code FanOutTreeGrowerTest} checks
 * that both give the same trees.
 */
final class FanOutTreeGrower {
    private FanOutTreeGrower() {
    }

    /** A parent's best candidate when it was queued. */
    private record Candidate(long viaNs, int child, int parent) implements Comparable<Candidate> {
        @Override
        public int compareTo(Candidate o) {
            if (viaNs != o.viaNs) {
                return Long.compare(viaNs, o.viaNs);
            }
            return child != o.child ? Integer.compare(child, o.child) : Integer.compare(parent, o.parent);
        }
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
        ChildHeap[] outside = new ChildHeap[n];
        PriorityQueue<Candidate> best = new PriorityQueue<>();
        SortedMap<String, String> parentOf = new TreeMap<>();
        inTree[root] = true;
        fromRootNs[root] = 0;
        outside[root] = new ChildHeap(cost[root], 0, inTree);
        queueNext(root, outside, inTree, fromRootNs, best);
        for (int added = 1; added < n; added++) {
            Candidate next = best.poll();
            while (children[next.parent] >= (next.parent == root ? rootFanOut : maxFanOut)
                    || inTree[next.child]) {
                if (inTree[next.child] && outside[next.parent] != null) {
                    queueNext(next.parent, outside, inTree, fromRootNs, best);
                }
                next = best.poll();
            }
            int u = next.child;
            int p = next.parent;
            inTree[u] = true;
            children[p]++;
            fromRootNs[u] = next.viaNs;
            parentOf.put(names.get(u), names.get(p));
            if (children[p] < (p == root ? rootFanOut : maxFanOut)) {
                queueNext(p, outside, inTree, fromRootNs, best);
            } else {
                outside[p] = null; // full: never a parent again
            }
            outside[u] = new ChildHeap(cost[u], fromRootNs[u], inTree);
            queueNext(u, outside, inTree, fromRootNs, best);
        }
        return parentOf;
    }

    /** Queues a parent's best candidate outside the tree, dropping from its heap those that joined meanwhile. */
    private static void queueNext(int parent, ChildHeap[] outside, boolean[] inTree, long[] fromRootNs,
                                  PriorityQueue<Candidate> best) {
        ChildHeap heap = outside[parent];
        while (!heap.isEmpty() && inTree[heap.peek()]) {
            heap.poll();
        }
        if (!heap.isEmpty()) {
            int child = heap.peek();
            best.add(new Candidate(heap.viaNs(child), child, parent));
        }
    }

    /**
     * The sites outside the tree when a parent joined it, as a binary heap ordered by {@code (costFromRoot(parent) +
     * cost(parent, u), u)}: built in O(n), each removal O(log n).
     */
    private static final class ChildHeap {
        private final long[] costRow;
        private final long fromRootNs;
        private final int[] heap;
        private int size;

        ChildHeap(long[] costRow, long fromRootNs, boolean[] inTree) {
            this.costRow = costRow;
            this.fromRootNs = fromRootNs;
            this.heap = new int[inTree.length];
            for (int v = 0; v < inTree.length; v++) {
                if (!inTree[v]) {
                    heap[size++] = v;
                }
            }
            for (int i = size / 2 - 1; i >= 0; i--) {
                siftDown(i);
            }
        }

        long viaNs(int child) {
            return CostMath.add(fromRootNs, costRow[child]);
        }

        boolean isEmpty() {
            return size == 0;
        }

        int peek() {
            return heap[0];
        }

        void poll() {
            heap[0] = heap[--size];
            siftDown(0);
        }

        private boolean before(int a, int b) {
            long aNs = viaNs(a);
            long bNs = viaNs(b);
            return aNs != bNs ? aNs < bNs : a < b;
        }

        private void siftDown(int i) {
            while (true) {
                int left = 2 * i + 1;
                if (left >= size) {
                    return;
                }
                int least = left + 1 < size && before(heap[left + 1], heap[left]) ? left + 1 : left;
                if (!before(heap[least], heap[i])) {
                    return;
                }
                int swap = heap[i];
                heap[i] = heap[least];
                heap[least] = swap;
                i = least;
            }
        }
    }

    /** @return {@code cost[i][j]} = {@code costs.costNs(names[i], names[j])} */
    static long[][] costMatrix(List<String> names, LinkCosts costs) {
        return costs.matrixNs(names);
    }
}
