package org.gcs.internal.flow;

/**
 * The bytes a flow may still send to one receiver as tail probes: a token bucket that fills at the rate the flow's
 * senders leave unused (the controller's allowed rate less the sum of their requests, which the members' grants hold
 * their data to) and that repairs and probes to the receiver drain. A probe goes only when the bucket holds its
 * bytes, so data, repairs and probes together stay within the allowed rate: the flow sends the receiver at most
 * {@code allowed * T + 2 * cap} bytes in any interval {@code T}. A flow limited by its rate leaves nothing unused and
 * sends no probes. The bucket holds at most {@code cap} bytes and owes at most {@code cap}, so neither a long idle
 * time nor a burst of repairs is remembered longer than one cap's worth.
 */
final class ProbeCredit {
    private double bytes;
    private long lastAccrualNs;

    /** @param nowNs when the receiver joined the flow (the bucket starts empty) */
    ProbeCredit(long nowNs) {
        this.lastAccrualNs = nowNs;
    }

    /**
     * Fills the bucket for the time since the last call.
     *
     * @param fillBytesPerSec the rate the flow's senders leave unused (bytes per second on the wire), not negative
     * @param capBytes the most the bucket holds, and the most it may owe
     */
    void accrue(double fillBytesPerSec, long nowNs, double capBytes) {
        long elapsedNs = Math.max(0, nowNs - lastAccrualNs);
        lastAccrualNs = nowNs;
        if (elapsedNs == 0) {
            return; // also keeps an unlimited rate (no receiver has limited the flow yet) from making 0 × ∞
        }
        double filled = bytes + fillBytesPerSec * elapsedNs / 1e9;
        bytes = Math.max(-capBytes, Math.min(capBytes, filled));
    }

    /** @param wireBytes a repair or probe sent to the receiver */
    void spend(int wireBytes) {
        bytes -= wireBytes;
    }

    /** @return whether the bucket holds a datagram of {@code wireBytes} */
    boolean covers(int wireBytes) {
        return bytes >= wireBytes;
    }
}
