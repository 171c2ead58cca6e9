package org.gcs.sim.maxplus;

/**
 * Seed 001's (max,+) recurrences (§III-B; the first line corrected as in spec §4.1.3, F1) for a tree of reliable,
 * back-pressured connections with a fixed window, no loss and given service times, evaluated packet by packet: the
 * oracle of the conformance test that drives GCS's own links (spec §4.5). {@link OneToManyTcpModel} evaluates the
 * same recurrences with random service, losses and windows that change, for throughput only; this one returns every
 * packet's times.
 *
 * <pre>
 * root:  x_m^end = ⋁_daughters x_{m−B_OUT}^{d,H}                     (a saturated source)
 * v:     x_m^beg = x_m^{mother,end} ∨ x_{m−B_IN}^{v,end} ∨ x_{m−W}^{v,H}
 *        x_m^h   = (x_m^{h−1} ∨ x_{m−1}^h) + σ_m^h      (h = 1..H, x^0 = x^beg)
 *        x_m^end = x_m^H ∨ ⋁_daughters x_{m−B_OUT}^{d,H}
 * </pre>
 *
 * x^beg: packet m leaves the mother's output buffer onto the connection to v (the mother copied it out, v has a free
 * input slot because packet m − B_IN left v's input buffer, and the window has room because packet m − W was
 * acknowledged); x^h: it leaves router h, x^H also being its acknowledgement (instantaneous acknowledgements); x^end:
 * it is copied out of v's input buffer into every output buffer, each of which has a slot because packet m − B_OUT
 * was acknowledged there. Terms with a negative packet index are −∞; time starts at 0.
 */
public final class FixedWindowTreeRecurrence {
    private FixedWindowTreeRecurrence() {
    }

    /**
     * @param mother each node's mother, −1 for the root (node 0); a mother comes before her daughters
     * @param inputBufferPackets B_IN
     * @param outputBufferPackets B_OUT
     * @param windowPackets W
     * @param service σ[v][h][m]: the service time of packet m at router h of the connection into node v (v ≥ 1)
     * @param packets how many packets the root sends
     * @return x^end[v][m]: when packet m is copied out at node v (the root included)
     */
    public static double[][] copyOutTimes(int[] mother, int inputBufferPackets, int outputBufferPackets,
                                          int windowPackets, double[][][] service, int packets) {
        int nodes = mother.length;
        double[][] end = new double[nodes][packets];
        double[][][] router = new double[nodes][][];
        for (int v = 1; v < nodes; v++) {
            if (mother[v] < 0 || mother[v] >= v) {
                throw new IllegalArgumentException("node " + v + ": its mother must come before it");
            }
            router[v] = new double[service[v].length][packets];
        }
        for (int m = 0; m < packets; m++) {
            for (int v = 0; v < nodes; v++) {
                double x;
                if (v == 0) {
                    x = 0;
                } else {
                    x = end[mother[v]][m];
                    if (m >= inputBufferPackets) {
                        x = Math.max(x, end[v][m - inputBufferPackets]);
                    }
                    if (m >= windowPackets) {
                        x = Math.max(x, router[v][router[v].length - 1][m - windowPackets]);
                    }
                    for (int h = 0; h < router[v].length; h++) {
                        if (m > 0) {
                            x = Math.max(x, router[v][h][m - 1]);
                        }
                        x += service[v][h][m];
                        router[v][h][m] = x;
                    }
                }
                if (m >= outputBufferPackets) {
                    for (int d = v + 1; d < nodes; d++) {
                        if (mother[d] == v) {
                            x = Math.max(x, router[d][router[d].length - 1][m - outputBufferPackets]);
                        }
                    }
                }
                end[v][m] = x;
            }
        }
        return end;
    }
}
