package org.gcs.order;

/**
 * Paces one kind of protocol message (acknowledgements, orders): a token bucket of {@link #BURST} tokens refilled at
 * one per interval. An idle group sends at once (no added latency); under load the messages batch to at most one per
 * interval on average, so that the protocol's own traffic cannot crowd out the data it orders.
 */
final class Pacer {
    /** Messages that may go back to back after a quiet spell. */
    static final double BURST = 2;

    private final long intervalNs;
    private double tokens = BURST;
    private long lastNs = Long.MIN_VALUE;

    /** @param intervalNs the average spacing under load */
    Pacer(long intervalNs) {
        this.intervalNs = intervalNs;
    }

    /** @return true if a message may go now; takes no token */
    boolean ready(long nowNs) {
        double refilled = lastNs == Long.MIN_VALUE ? tokens : tokens + (double) (nowNs - lastNs) / intervalNs;
        return Math.min(BURST, refilled) >= 1;
    }

    /** @return true if a message may go now (it then takes a token) */
    boolean tryTake(long nowNs) {
        if (lastNs != Long.MIN_VALUE) {
            tokens = Math.min(BURST, tokens + (double) (nowNs - lastNs) / intervalNs);
        }
        lastNs = nowNs;
        if (tokens >= 1) {
            tokens -= 1;
            return true;
        }
        return false;
    }
}
