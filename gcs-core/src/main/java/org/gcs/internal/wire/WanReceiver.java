package org.gcs.internal.wire;

/**
 * The WAN receive path up to the protocol: authenticate and decode ({@link WanCodec}), then judge freshness
 * ({@link ReplayGuard}). Nothing reaches the engine (no view, rate, delivery or learned peer address changes) unless
 * it is authentic, within the maximum age and new in its sender's window. Not thread-safe: one per event loop.
 */
public final class WanReceiver {
    private final WanCodec codec;
    private final ReplayGuard guard;

    /**
     * @param codec this node's codec (its keys and protection mode)
     * @param guard this node's replay windows
     */
    public WanReceiver(WanCodec codec, ReplayGuard guard) {
        this.codec = codec;
        this.guard = guard;
    }

    /**
     * @param datagram received bytes
     * @param offset where the datagram starts
     * @param length its length
     * @param nowEpochMillis this node's wall clock, epoch milliseconds
     * @param nowNs this node's monotonic clock
     * @return the envelope, to hand to the engine
     * @throws MalformedDatagramException if it must be dropped (the reason says why)
     */
    public WanEnvelope receive(byte[] datagram, int offset, int length, long nowEpochMillis, long nowNs)
            throws MalformedDatagramException {
        OpenedDatagram opened = codec.open(datagram, offset, length);
        DropReason refused = guard.check(opened.senderId(), opened.packetNumber(), opened.sendEpochMillis(),
                nowEpochMillis, nowNs);
        if (refused != null) {
            throw new MalformedDatagramException(refused, describe(refused, opened, nowEpochMillis));
        }
        return opened.envelope();
    }

    private static String describe(DropReason reason, OpenedDatagram d, long nowEpochMillis) {
        String from = d.envelope().fromSite() + " (sender " + Long.toHexString(d.senderId()) + ", packet "
                + d.packetNumber() + ")";
        return switch (reason) {
            case STALE_TIME -> "from " + from + " sent " + (nowEpochMillis - d.sendEpochMillis())
                    + " ms from this node's clock: a replay, or clocks further apart than wan.replay.max.age";
            case REPLAYED -> "from " + from + ": packet number seen before (a replay or a duplicate)";
            default -> "from " + from + ": too many live senders";
        };
    }
}
