package org.gcs.tools.send;

/**
 * A sender that always has data: it keeps {@code maxOutstandingMessages} messages offered, so that the system alone
 * (the node's rate and send window, the kernel's socket buffer) sets the pace. With a blocking send, a bound of one
 * means back to back.
 */
public final class Greedy implements Pacing {
    private final long maxOutstandingMessages;

    /**
     * @param maxOutstandingMessages how many messages to keep offered and not yet admitted, at least one
     * @throws IllegalArgumentException if it is less than one
     */
    public Greedy(long maxOutstandingMessages) {
        if (maxOutstandingMessages < 1) {
            throw new IllegalArgumentException("maxOutstandingMessages must be at least 1, got "
                    + maxOutstandingMessages);
        }
        this.maxOutstandingMessages = maxOutstandingMessages;
    }

    @Override
    public long offer(long nowNs, long outstandingMessages) {
        return Math.max(0, maxOutstandingMessages - outstandingMessages);
    }

    /** @return {@code nowNs}: a message is always due; only the bound holds it back */
    @Override
    public long nextDueNs(long nowNs) {
        return nowNs;
    }
}
