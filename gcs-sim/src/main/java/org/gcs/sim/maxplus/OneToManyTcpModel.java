package org.gcs.sim.maxplus;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Seed 001's (max,+) model of a tree of TCP connections with back-pressure (Baccelli, Chaintreau, Liu, Riabov,
 * INFOCOM 2005, §III-B; the first line corrected as in spec §4.1.3, F1), evaluated packet by packet. The root is
 * saturated (T_m = 0); every other node (k,l) is reached over its own connection of H routers in series:
 *
 * <pre>
 * root:  x_m^beg = x_{m−B_IN}^end                 x_m^end = x_m^beg ∨ ⋁_daughters x_{m−B_OUT}^{d,H}
 * (k,l): x_m^beg = x_m^{mother,end} ∨ x_{m−B_IN}^end ∨ x_{m−W_m}^H
 *        x_m^h   = (x_m^{h−1} ∨ x_{m−1}^h) + σ_m^h      (h = 1..H, x^0 = x^beg)
 *        x_m^end = x_m^H ∨ ⋁_daughters x_{m−B_OUT}^{d,H} ∨ (re-sequencing barrier)
 * </pre>
 *
 * x^beg is when packet m leaves the mother's output buffer, x^h when it leaves router h (x^H is also its
 * acknowledgement: acks are instantaneous in the model), x^end when it is copied out of the node's input buffer into
 * all its output buffers. σ ~ Exp(mean), i.i.d. The window W_m is {@link ConnectionWindow}'s. With
 * {@link LossModel#SACK} or {@link LossModel#RENO}, a loss at m inserts 1 or W_m retransmissions into the routers
 * after packet m+W_m−1 (F2: the printed m+W_m would make the receive window wait on itself), and packets
 * m … m+W_m−1 are not copied out before the last of them leaves router H (§III-D re-sequencing).
 *
 * <p>Evaluation order: at global step g a node at depth k first copies out packet g − (k+1)·B_IN, then sends packet
 * g − k·B_IN through its routers (the root: its x^beg). Every term is then known when it is read: the mother copies
 * out packet m in the same step before its daughter sends it; the barrier of m is set at step m+W_m−1+k·B_IN, before
 * the copy-out at m+(k+1)·B_IN, because W_m ≤ B_IN. Pure and deterministic for a seed.
 */
public final class OneToManyTcpModel {
    private final TreeModelParameters p;
    private final int nodes;
    private final int[] depthOf;
    private final int[][] daughters;
    private final int[] mother;
    private final double[][] endRing;
    private final double[][] routerOutRing;
    private final double[][] barrierRing;
    private final double[][] lastDeparture;
    private final ConnectionWindow[] windows;
    private final SplittableRandom[] randoms;
    private final int endMask;
    private final int routerMask;
    private final long[] recoveryFrom;
    private final long[] recoveryInsertAfter;
    private final int[] recoveryCount;
    private final double[] endAtHalf;
    private final double[] endAtLast;
    private long lossEvents;
    private long retransmissions;

    private OneToManyTcpModel(TreeModelParameters p) {
        this.p = p;
        this.nodes = p.nodes();
        this.depthOf = new int[nodes];
        this.mother = new int[nodes];
        this.daughters = new int[nodes][];
        int firstOfLevel = 0;
        int levelSize = 1;
        for (int k = 0; k <= p.depth(); k++) {
            for (int i = firstOfLevel; i < firstOfLevel + levelSize; i++) {
                depthOf[i] = k;
                int firstDaughter = firstOfLevel + levelSize + (i - firstOfLevel) * p.fanOut();
                daughters[i] = new int[k == p.depth() ? 0 : p.fanOut()];
                for (int d = 0; d < daughters[i].length; d++) {
                    daughters[i][d] = firstDaughter + d;
                    mother[firstDaughter + d] = i;
                }
            }
            firstOfLevel += levelSize;
            levelSize *= p.fanOut();
        }
        mother[0] = -1;
        int lag = p.inputBufferPackets();
        this.endMask = powerOfTwoAtLeast(2 * p.inputBufferPackets() + 2 * lag + 8) - 1;
        this.routerMask = powerOfTwoAtLeast(p.outputBufferPackets() + p.maxWindowPackets() + 2 * lag + 8) - 1;
        this.endRing = new double[nodes][endMask + 1];
        this.barrierRing = new double[nodes][endMask + 1];
        this.routerOutRing = new double[nodes][routerMask + 1];
        this.lastDeparture = new double[nodes][p.routersPerConnection()];
        this.windows = new ConnectionWindow[nodes];
        this.randoms = new SplittableRandom[nodes];
        SplittableRandom master = new SplittableRandom(p.seed());
        for (int i = 0; i < nodes; i++) {
            windows[i] = new ConnectionWindow(p.maxWindowPackets(), p.lossModel());
            randoms[i] = master.split();
        }
        this.recoveryFrom = new long[nodes];
        this.recoveryInsertAfter = new long[nodes];
        this.recoveryCount = new int[nodes];
        Arrays.fill(recoveryInsertAfter, -1);
        this.endAtHalf = new double[nodes];
        this.endAtLast = new double[nodes];
    }

    /**
     * Runs the model.
     *
     * @param parameters what to run
     * @return the throughputs
     */
    public static TreeModelResult run(TreeModelParameters parameters) {
        return new OneToManyTcpModel(parameters).evaluate();
    }

    private TreeModelResult evaluate() {
        int packets = p.packets();
        long lag = p.inputBufferPackets();
        long lastStep = packets - 1 + (p.depth() + 1) * lag;
        for (long g = 0; g <= lastStep; g++) {
            for (int i = 0; i < nodes; i++) {
                long copyOut = g - (depthOf[i] + 1) * lag;
                if (copyOut >= 0 && copyOut < packets) {
                    copyOut(i, copyOut);
                }
                long send = g - depthOf[i] * lag;
                if (send >= 0 && send < packets) {
                    if (i == 0) {
                        routerOutRing[0][(int) (send & routerMask)] = end(0, send - p.inputBufferPackets());
                    } else {
                        send(i, send);
                    }
                }
            }
        }
        double smallest = Double.POSITIVE_INFINITY;
        double sum = 0;
        double counted = (packets - 1) - packets / 2;
        for (int i = 1; i < nodes; i++) {
            double rate = counted / (endAtLast[i] - endAtHalf[i]);
            smallest = Math.min(smallest, rate);
            sum += rate;
        }
        return new TreeModelResult(p, smallest, sum / (nodes - 1), lossEvents, retransmissions);
    }

    /** x_m^end of node i: x^H (the root: x^beg) ∨ its daughters' x^H of m − B_OUT ∨ the re-sequencing barrier. */
    private void copyOut(int i, long m) {
        double t = routerOut(i, m);
        if (i != 0) {
            t = Math.max(t, barrierRing[i][(int) (m & endMask)]);
        }
        long acknowledged = m - p.outputBufferPackets();
        for (int d : daughters[i]) {
            t = Math.max(t, routerOut(d, acknowledged));
        }
        endRing[i][(int) (m & endMask)] = t;
        if (m == p.packets() / 2) {
            endAtHalf[i] = t;
        }
        if (m == p.packets() - 1) {
            endAtLast[i] = t;
        }
    }

    /** Packet m over the connection into node i: x^beg, the routers, the loss and its retransmissions. */
    private void send(int i, long m) {
        ConnectionWindow window = windows[i];
        int w = window.windowPackets();
        double beg = Math.max(end(mother[i], m), Math.max(end(i, m - p.inputBufferPackets()), routerOut(i, m - w)));
        double out = throughRouters(i, beg);
        routerOutRing[i][(int) (m & routerMask)] = out;
        barrierRing[i][(int) (m & endMask)] = 0;
        SplittableRandom random = randoms[i];
        boolean lost = p.lossProbability() > 0 && random.nextDouble() < p.lossProbability();
        ConnectionWindow.Outcome outcome = window.onPacket(m, lost);
        if (outcome == ConnectionWindow.Outcome.NEW_EVENT) {
            lossEvents++;
            if (p.lossModel().retransmits()) {
                recoveryFrom[i] = m;
                recoveryInsertAfter[i] = m + w - 1;
                recoveryCount[i] = p.lossModel().retransmissions(w);
            }
        } else if (outcome == ConnectionWindow.Outcome.MERGED && p.lossModel() == LossModel.SACK
                && recoveryInsertAfter[i] >= m) {
            recoveryCount[i]++;
        }
        if (recoveryInsertAfter[i] == m) {
            double retransmitted = beg;
            for (int r = 0; r < recoveryCount[i]; r++) {
                retransmitted = throughRouters(i, beg);
            }
            retransmissions += recoveryCount[i];
            for (long k = recoveryFrom[i]; k <= m; k++) {
                int slot = (int) (k & endMask);
                barrierRing[i][slot] = Math.max(barrierRing[i][slot], retransmitted);
            }
            recoveryInsertAfter[i] = -1;
        }
    }

    /** One customer entering router 1 at {@code beg}: x^h = (x^{h−1} ∨ the router's last departure) + σ. */
    private double throughRouters(int i, double beg) {
        double[] last = lastDeparture[i];
        SplittableRandom random = randoms[i];
        double t = beg;
        for (int h = 0; h < last.length; h++) {
            t = Math.max(t, last[h]) - p.meanServiceSec() * Math.log(1 - random.nextDouble());
            last[h] = t;
        }
        return t;
    }

    private double end(int i, long m) {
        return m < 0 ? 0 : endRing[i][(int) (m & endMask)];
    }

    private double routerOut(int i, long m) {
        return m < 0 ? 0 : routerOutRing[i][(int) (m & routerMask)];
    }

    private static int powerOfTwoAtLeast(int n) {
        int v = Integer.highestOneBit(Math.max(1, n));
        return v < n ? v << 1 : v;
    }
}
