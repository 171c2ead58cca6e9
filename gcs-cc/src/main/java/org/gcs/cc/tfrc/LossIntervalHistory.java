package org.gcs.cc.tfrc;

/**
 * RFC 5348 §5.4's average loss interval: the {@value #INTERVALS} most recent closed loss intervals, weighted
 * {@code w_0 .. w_7 = 1, 1, 1, 1, 0.8, 0.6, 0.4, 0.2}, with the open interval taken in only when it raises the
 * average.
 *
 * <pre>
 *   w_i    = 1                          for 0 ≤ i &lt; n/2
 *          = 2·(n − i) / (n + 2)        for n/2 ≤ i &lt; n            (n = 8)
 *   I_tot0 = Σ_{i=0}^{k−1} I_i · w_i    (I_0 the open interval, I_1 the most recent closed one)
 *   I_tot1 = Σ_{i=1}^{k}   I_i · w_{i−1}
 *   W_tot  = Σ_{i=0}^{k−1} w_i
 *   I_mean = max(I_tot0, I_tot1) / W_tot                 (k = closed intervals held, at most n)
 * </pre>
 *
 * An interval is measured in packets (RFC 5348 §5.3: sequence numbers from the first lost packet of one loss event
 * to the first lost packet of the next). GCS uses this average by default instead of seed 004's Eq. 2
 * ({@code S̄ ← 0.5·S̄ + 0.5·S}), whose two-interval memory makes p, and so the rate of Eq. 1, swing widely from
 * one loss event to the next; see docs/congestion-control.md §3.1 for what that cost on a WAN path. Not
 * thread-safe.
 */
final class LossIntervalHistory {
    /** n of RFC 5348 §5.4: the closed intervals averaged. */
    static final int INTERVALS = 8;
    private static final double[] WEIGHTS = weights(INTERVALS);

    /** closed intervals, most recent at {@code (newest - i) mod n} for I_{i+1} */
    private final double[] closed = new double[INTERVALS];
    private int count;
    private int newest = -1;

    /**
     * @param n the number of intervals averaged, even and positive
     * @return RFC 5348 §5.4's weights {@code w_0 .. w_{n−1}}
     */
    static double[] weights(int n) {
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = i < n / 2 ? 1.0 : 2.0 * (n - i) / (n + 2);
        }
        return w;
    }

    /**
     * Closes a loss interval: it becomes I_1 and the older ones move down; the oldest beyond n is forgotten.
     *
     * @param packets the interval's length in packets, not negative
     */
    void close(double packets) {
        if (packets < 0) {
            throw new IllegalArgumentException("packets must not be negative, got " + packets);
        }
        newest = (newest + 1) % INTERVALS;
        closed[newest] = packets;
        count = Math.min(INTERVALS, count + 1);
    }

    /**
     * Replaces the most recent closed interval, as RFC 5348 §6.3.1 replaces the first one with a synthetic
     * interval.
     *
     * @param packets the interval's length in packets, not negative
     * @throws IllegalStateException if no interval closed yet
     */
    void replaceNewest(double packets) {
        if (count == 0) {
            throw new IllegalStateException("no interval closed yet");
        }
        if (packets < 0) {
            throw new IllegalArgumentException("packets must not be negative, got " + packets);
        }
        closed[newest] = packets;
    }

    /** @return the closed intervals held, k of RFC 5348 §5.4 (at most {@value #INTERVALS}) */
    int closedIntervals() {
        return count;
    }

    /**
     * @param i 1 for the most recent closed interval, up to {@link #closedIntervals()}
     * @return I_i in packets
     */
    double closedInterval(int i) {
        if (i < 1 || i > count) {
            throw new IllegalArgumentException("i must be in 1.." + count + ", got " + i);
        }
        return closed[Math.floorMod(newest - (i - 1), INTERVALS)];
    }

    /**
     * @param openPackets I_0: packets since the start of the most recent loss event
     * @return I_mean of RFC 5348 §5.4 in packets; 0 before the first interval closed
     */
    double mean(double openPackets) {
        if (count == 0) {
            return 0.0;
        }
        double total0 = openPackets * WEIGHTS[0];
        double total1 = 0;
        double weightTotal = 0;
        for (int i = 1; i <= count; i++) {
            double interval = closedInterval(i);
            if (i < count) {
                total0 += interval * WEIGHTS[i];
            }
            total1 += interval * WEIGHTS[i - 1];
            weightTotal += WEIGHTS[i - 1];
        }
        return Math.max(total0, total1) / weightTotal;
    }
}
