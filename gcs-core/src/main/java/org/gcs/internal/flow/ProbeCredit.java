package org.gcs.internal.flow;

/**
 * The bytes a flow may still send to one receiver as tail probes without exceeding its allowed rate: a token bucket
 * that fills at the controller's allowed rate and that every datagram to the receiver drains, first transmissions and
 * repairs alike. A probe goes only when the bucket holds its bytes: probes take only the rate that data and repairs
 * leave unused. As long as those keep to the allowed rate by themselves (the members' grants see to the data), the
 * flow sends the receiver at most {@code allowed * T + 2 * cap} bytes in any interval {@code T}, probes included. The
 * bucket holds at most {@code cap} bytes and owes at most {@code cap}, so neither a long idle time nor a burst of data
 * is remembered longer than one cap's worth.
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
     * @param allowedBytesPerSec the flow's allowed rate (bytes per second on the wire)
     * @param capBytes the most the bucket holds, and the most it may owe
     */
    void accrue(double allowedBytesPerSec, long nowNs, double capBytes) {
        long elapsedNs = Math.max(0, nowNs - lastAccrualNs);
        lastAccrualNs = nowNs;
        double filled = bytes + allowedBytesPerSec * elapsedNs / 1e9;
        bytes = Math.max(-capBytes, Math.min(capBytes, filled));
    }

    /** @param wireBytes a datagram sent to the receiver */
    void spend(int wireBytes) {
        bytes -= wireBytes;
    }

    /** @return whether the bucket holds a datagram of {@code wireBytes} */
    boolean covers(int wireBytes) {
        return bytes >= wireBytes;
    }
}
