package org.gcs.sim.maxplus;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seed 003's (max,+) model of end-to-end and overlay multicast congestion control (Urvoy-Keller &amp; Biersack, NGC
 * 2002, §3; digest 003 §2.3 and §6), evaluated packet by packet by its recurrences. x_m^i is the time packet m leaves
 * station i; ∨ is max.
 *
 * <ul>
 *   <li><b>Overlay</b>, at every fork v of the binary tree (the source included): an input buffer ic_v with no service,
 *       {@code x_m^{ic} = x_{m−1}^{ic} ∨ x_m^{l(ic)} ∨ ⋁_k x_{m−W_f}^{oc_k}}; per active child an output buffer
 *       {@code x_m^{oc_k} = (x_{m−1}^{oc_k} ∨ x_m^{ic} ∨ x_{m−W_c}^{in_k}) + s_m^{oc_k}}, where in_k is the next
 *       overlay node's input buffer or the receiver; then the hop's legacy routers
 *       {@code x_m^i = (x_m^{i−1} ∨ x_{m−1}^i) + s_m^i} (the printed x_{m−1}^{i−1} is a typo, digest [C]).</li>
 *   <li><b>End-to-end</b>: a multicast router at every fork and the same legacy routers,
 *       {@code x_m^i = (x_m^{parent} ∨ x_{m−1}^i) + s_m^i}; the source waits for every receiver,
 *       {@code x_m^{src} = (x_{m−1}^{src} ∨ ⋁_u x_{m−W^e}^u) + s_m^{src}}.</li>
 *   <li><b>Boundaries</b> (digest §2.3 [D]): the source is saturated; receivers are zero-service sinks that
 *       acknowledge on arrival, {@code x_m^u = x_m^{l(u)} ∨ x_{m−1}^u} (U2); x_0^i = 0 and x_m^i = −∞ for m &lt; 0.</li>
 *   <li><b>Pruning</b> (U1): the active receivers are the leftmost r leaves; the tree is the union of their paths,
 *       and a fork with one active child keeps its overlay node, so every path has the same stations: P hops of one
 *       output buffer (or router) and {@code routersPerHop} legacy routers.</li>
 *   <li><b>Common random numbers</b>: every station draws from its own stream, seeded by the replication and its
 *       place in the tree; the end-to-end router of a fork shares the stream of the overlay output buffer towards
 *       its first active child, so the two models compare under the same cross traffic.</li>
 * </ul>
 * The recursion costs O(M·N) per replication; no threads, no clocks.
 */
public final class OverlayMulticastModel {
    private static final int NONE = -1;

    private OverlayMulticastModel() {
    }

    /**
     * @param parameters the configuration
     * @return its throughput over the replications
     */
    public static OverlayThroughput throughput(OverlayModelParameters parameters) {
        Network network = parameters.control() == MulticastControl.OVERLAY
                ? overlay(parameters) : endToEnd(parameters);
        int replications = parameters.replications();
        double sum = 0;
        double sumSquares = 0;
        for (int r = 0; r < replications; r++) {
            double throughput = parameters.packets() / network.run(parameters, r);
            sum += throughput;
            sumSquares += throughput * throughput;
        }
        double mean = sum / replications;
        double halfWidth = 0;
        if (replications > 1) {
            double variance = Math.max(0, (sumSquares - replications * mean * mean) / (replications - 1));
            halfWidth = 1.96 * Math.sqrt(variance / replications);
        }
        return new OverlayThroughput(mean, halfWidth);
    }

    /** The stations in an order where every same-packet predecessor comes first. */
    private static final class Network {
        final List<Integer> predecessor = new ArrayList<>();
        final List<Long> streamKey = new ArrayList<>(); // NONE for no service
        final List<int[]> lags = new ArrayList<>(); // {station, lag} pairs, flattened
        int maxLag;

        int add(int pred, long key) {
            predecessor.add(pred);
            streamKey.add(key);
            lags.add(new int[0]);
            return predecessor.size() - 1;
        }

        void lag(int station, int onStation, int packets) {
            if (packets == OverlayModelParameters.UNBOUNDED) {
                return;
            }
            int[] old = lags.get(station);
            int[] grown = java.util.Arrays.copyOf(old, old.length + 2);
            grown[old.length] = onStation;
            grown[old.length + 1] = packets;
            lags.set(station, grown);
            maxLag = Math.max(maxLag, packets);
        }

        /** @return max_i x_M^i for one replication */
        double run(OverlayModelParameters parameters, int replication) {
            int n = predecessor.size();
            int depth = maxLag + 1;
            double[][] x = new double[n][depth]; // x[i][m mod depth]; x_0 = 0
            SplittableRandom[] streams = new SplittableRandom[n];
            int[] pred = new int[n];
            int[][] lag = new int[n][];
            for (int i = 0; i < n; i++) {
                pred[i] = predecessor.get(i);
                lag[i] = lags.get(i);
                long key = streamKey.get(i);
                streams[i] = key == NONE ? null
                        : new SplittableRandom(mix(mix(parameters.seed(), replication), key));
            }
            ServiceLaw law = parameters.service();
            int packets = parameters.packets();
            for (int m = 1; m <= packets; m++) {
                int now = m % depth;
                int before = (m - 1) % depth;
                for (int i = 0; i < n; i++) {
                    double t = x[i][before];
                    if (pred[i] != NONE) {
                        t = Math.max(t, x[pred[i]][now]);
                    }
                    int[] l = lag[i];
                    for (int k = 0; k < l.length; k += 2) {
                        int earlier = m - l[k + 1];
                        if (earlier >= 0) {
                            t = Math.max(t, x[l[k]][earlier % depth]);
                        }
                    }
                    if (streams[i] != null) {
                        t += law.draw(streams[i].nextDouble());
                    }
                    x[i][now] = t;
                }
            }
            double last = 0;
            int end = packets % depth;
            for (int i = 0; i < n; i++) {
                last = Math.max(last, x[i][end]);
            }
            return last;
        }
    }

    private static Network overlay(OverlayModelParameters p) {
        Network net = new Network();
        int source = net.add(NONE, NONE);
        addOverlayFork(net, p, 1, 0, source);
        return net;
    }

    /** Adds fork v (heap numbering: the root is 1, the children of v are 2v and 2v + 1) whose input buffer is ic. */
    private static void addOverlayFork(Network net, OverlayModelParameters p, long v, int level, int ic) {
        for (long child : activeChildren(p, v, level)) {
            int oc = net.add(ic, stationKey(child, 0));
            net.lag(ic, oc, p.flowWindow());
            int upstream = oc;
            for (int k = 1; k <= p.routersPerHop(); k++) {
                upstream = net.add(upstream, stationKey(child, k));
            }
            int next = net.add(upstream, NONE); // the next input buffer, or the receiver: no service
            net.lag(oc, next, p.congestionWindow());
            if (level + 1 < p.depth()) {
                addOverlayFork(net, p, child, level + 1, next);
            }
        }
    }

    private static Network endToEnd(OverlayModelParameters p) {
        Network net = new Network();
        List<Integer> receivers = new ArrayList<>();
        int root = addRouterFork(net, p, 1, 0, NONE, receivers);
        for (int receiver : receivers) {
            net.lag(root, receiver, p.endToEndWindow());
        }
        return net;
    }

    /** Adds the multicast router of fork v and its subtree; returns the router's station. */
    private static int addRouterFork(Network net, OverlayModelParameters p, long v, int level, int upstream,
                                     List<Integer> receivers) {
        List<Long> children = activeChildren(p, v, level);
        int router = net.add(upstream, stationKey(children.get(0), 0));
        for (long child : children) {
            int previous = router;
            for (int k = 1; k <= p.routersPerHop(); k++) {
                previous = net.add(previous, stationKey(child, k));
            }
            if (level + 1 < p.depth()) {
                addRouterFork(net, p, child, level + 1, previous, receivers);
            } else {
                receivers.add(net.add(previous, NONE));
            }
        }
        return router;
    }

    /** The children of fork v (at {@code level}) with at least one of the leftmost r leaves below them. */
    private static List<Long> activeChildren(OverlayModelParameters p, long v, int level) {
        List<Long> active = new ArrayList<>(2);
        long firstLeaf = 1L << p.depth();
        long lastActiveLeaf = firstLeaf + p.receivers() - 1;
        for (long child = 2 * v; child <= 2 * v + 1; child++) {
            int below = p.depth() - (level + 1); // levels from the child down to the leaves
            long leftmostLeaf = child << below;
            if (leftmostLeaf <= lastActiveLeaf) {
                active.add(child);
            }
        }
        return active;
    }

    /** A station's place: the tree edge into {@code child}, and its position on that hop (0: the fork's station). */
    private static long stationKey(long child, int position) {
        return child * 64 + position;
    }

    private static long mix(long a, long b) {
        long z = a * 0x9E3779B97F4A7C15L + b;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
