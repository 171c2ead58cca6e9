package org.gcs.internal.wire;

/**
 * The WAN receive path up to the protocol: authenticate and decode ({@link WanCodec}), check that the datagram was
 * sent to this site ({@link DestinationTag}), then judge freshness ({@link ReplayGuard}). Nothing reaches the engine
 * (no view, rate, delivery or learned peer address changes) unless it is authentic, addressed to this site or to no
 * site, within the maximum age and new in its sender's window; the engine takes an unaddressed datagram only as a
 * request to introduce itself ({@link OpenedDatagram#addressed()}). Not thread-safe: one per event loop.
 */
public final class WanReceiver {
    private final WanCodec codec;
    private final ReplayGuard guard;
    private final long localDestination;

    /**
     * @param codec this node's codec (its keys and protection mode)
     * @param guard this node's replay windows
     * @param localSite this node's site: datagrams addressed to another site are dropped
     */
    public WanReceiver(WanCodec codec, ReplayGuard guard, String localSite) {
        this.codec = codec;
        this.guard = guard;
        this.localDestination = DestinationTag.of(localSite);
    }

    /**
     * @param datagram received bytes
     * @param offset where the datagram starts
     * @param length its length
     * @param nowEpochMillis this node's wall clock, epoch milliseconds
     * @param nowNs this node's monotonic clock
     * @return the datagram, to hand its envelope to the engine (and whether it was addressed to this site)
     * @throws MalformedDatagramException if it must be dropped (the reason says why)
     */
    public OpenedDatagram receive(byte[] datagram, int offset, int length, long nowEpochMillis, long nowNs)
            throws MalformedDatagramException {
        OpenedDatagram opened = codec.open(datagram, offset, length);
        if (opened.addressed() && opened.destination() != localDestination) {
            throw new MalformedDatagramException(DropReason.WRONG_DESTINATION, "from " + opened.envelope().fromSite()
                    + " (sender " + Long.toHexString(opened.senderId()) + ", packet " + opened.packetNumber()
                    + "): addressed to another site (a datagram copied from another link, or a delegate that moved)");
        }
        DropReason refused = guard.check(opened.senderId(), opened.packetNumber(), opened.sendEpochMillis(),
                nowEpochMillis, nowNs);
        if (refused != null) {
            throw new MalformedDatagramException(refused, describe(refused, opened, nowEpochMillis),
                    nowEpochMillis - opened.sendEpochMillis());
        }
        return opened;
    }

    /**
     * The engine took a datagram this receiver let through as from a live site's current delegate: its sender's replay
     * window is kept for it ({@link ReplayGuard#confirm}).
     */
    public void confirmSender(OpenedDatagram datagram) {
        guard.confirm(datagram.senderId(), datagram.envelope().fromSite());
    }

    /** @return replay windows evicted for a new sender while the table was full ({@link ReplayGuard#evictions()}) */
    public long replayWindowsEvicted() {
        return guard.evictions();
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
