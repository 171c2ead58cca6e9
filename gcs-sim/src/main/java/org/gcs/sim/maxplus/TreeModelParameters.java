package org.gcs.sim.maxplus;

/**
 * The parameters of one run of seed 001's (max,+) model (§V-A; the paper's values in brackets).
 *
 * @param depth the height of the complete tree: 0 is the root alone, 1 a root and its daughters, 7 a binary tree
 *     of 255 nodes [trees up to 1023 nodes]
 * @param fanOut daughters per node; 1 gives a chain [2]
 * @param routersPerConnection H, the routers in series on each connection [10]
 * @param meanServiceSec the mean of the exponential aggregated service time σ of every router [10 ms]
 * @param lossProbability p, the probability that a packet is lost or marked on a connection [0.01]
 * @param inputBufferPackets B_IN, every node's input buffer and the root's [50]
 * @param outputBufferPackets B_OUT, every output buffer [50, 100, 1000, 10 000]
 * @param maxWindowPackets W_max, the largest congestion window [min(B_IN, B_OUT) = 50]
 * @param lossModel how a connection reacts to a loss or mark
 * @param packets how many packets the root sends [10 M; 5·10⁵ reproduce the table]
 * @param seed the seed of the service times and losses
 */
public record TreeModelParameters(int depth, int fanOut, int routersPerConnection, double meanServiceSec,
                                  double lossProbability, int inputBufferPackets, int outputBufferPackets,
                                  int maxWindowPackets, LossModel lossModel, int packets, long seed) {
    /** Rejects parameters the recursion cannot use, with a message that names the parameter. */
    public TreeModelParameters {
        if (depth < 1 || depth > 12) {
            throw new IllegalArgumentException("depth must be in [1, 12] (a connection needs a daughter), got " + depth);
        }
        if (fanOut < 1 || fanOut > 8) {
            throw new IllegalArgumentException("fanOut must be in [1, 8], got " + fanOut);
        }
        if (Math.pow(fanOut, depth + 1) > 100_000) {
            throw new IllegalArgumentException("a tree of fan-out " + fanOut + " and depth " + depth
                    + " has over 100 000 nodes; use a smaller depth");
        }
        if (routersPerConnection < 1) {
            throw new IllegalArgumentException("routersPerConnection must be at least 1, got " + routersPerConnection);
        }
        if (!(meanServiceSec > 0) || Double.isInfinite(meanServiceSec)) {
            throw new IllegalArgumentException("meanServiceSec must be positive and finite, got " + meanServiceSec);
        }
        if (!(lossProbability >= 0 && lossProbability < 1)) {
            throw new IllegalArgumentException("lossProbability must be in [0, 1), got " + lossProbability);
        }
        if (inputBufferPackets < 1) {
            throw new IllegalArgumentException("inputBufferPackets must be at least 1, got " + inputBufferPackets);
        }
        if (outputBufferPackets < 1) {
            throw new IllegalArgumentException("outputBufferPackets must be at least 1, got " + outputBufferPackets);
        }
        if (maxWindowPackets < 1 || maxWindowPackets > Math.min(inputBufferPackets, outputBufferPackets)) {
            throw new IllegalArgumentException("maxWindowPackets must be in [1, min(B_IN, B_OUT) = "
                    + Math.min(inputBufferPackets, outputBufferPackets) + "], got " + maxWindowPackets);
        }
        if (lossModel == null) {
            throw new IllegalArgumentException("lossModel must not be null");
        }
        if (packets < 4) {
            throw new IllegalArgumentException("packets must be at least 4, got " + packets);
        }
    }

    /**
     * The paper's table setting (§V-A): H = 10, σ ~ Exp(10 ms), p = 0.01, B_IN = 50, W_max = 50.
     *
     * @param depth the tree's height (1 with fan-out 1 is the "local" single connection)
     * @param fanOut daughters per node
     * @param outputBufferPackets B_OUT
     * @param lossModel the TCP variant
     * @param packets the run's length
     * @param seed the seed
     * @return the parameters
     */
    public static TreeModelParameters paperTable(int depth, int fanOut, int outputBufferPackets, LossModel lossModel,
                                                 int packets, long seed) {
        return new TreeModelParameters(depth, fanOut, 10, 0.010, 0.01, 50, outputBufferPackets,
                Math.min(50, outputBufferPackets), lossModel, packets, seed);
    }

    /** @return the number of nodes of the complete tree, root included */
    public int nodes() {
        int nodes = 0;
        int level = 1;
        for (int k = 0; k <= depth; k++) {
            nodes += level;
            level *= fanOut;
        }
        return nodes;
    }
}
