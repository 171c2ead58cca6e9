package org.gcs.internal.engine;

import org.gcs.internal.flow.BlockDropReason;
import org.gcs.internal.wire.DropReason;

/**
 * Protocol events the engine counts; the driver binds them to meters. Called on the engine's thread.
 * Every method has an empty default so that tests and the simulator may ignore them.
 */
public interface ProtocolMetrics {
    /** A no-op instance. */
    ProtocolMetrics NONE = new ProtocolMetrics() {
    };

    /** A NAK packet was sent, naming {@code missing} sequence numbers. */
    default void nakSent(long missing) {
    }

    /** A NAK packet arrived. */
    default void nakReceived() {
    }

    /** Data packets were retransmitted. */
    default void retransmitted(long packets) {
    }

    /** An ack's echoed send time was implausible (future, or an RTT above 60 s) and was ignored. */
    default void implausibleRttSample() {
    }

    /** A received WAN datagram was dropped. */
    default void wanDropped(DropReason reason) {
    }

    /** A received LAN message was dropped, for the reason given. */
    default void lanDropped(org.gcs.internal.wire.LanDropReason reason) {
    }

    /** A duplicate message was suppressed before reaching the application. */
    default void duplicateSuppressed() {
    }

    /** Messages of a sender were skipped: its sequence numbers jumped by {@code missing}. */
    default void senderGap(long missing) {
    }

    /** A congestion controller's block arrived that this node could not use (the datagram itself was used). */
    default void controlBlockDropped(BlockDropReason reason) {
    }

    /**
     * This delegate's view of who holds its site back, every tick: the oldest message from another site that not
     * every member holds yet (so the delegate cannot acknowledge it over the WAN and the remote senders wait).
     *
     * @param member a member that does not hold it, or null if nothing waits
     * @param group its group, or null
     * @param heldNs how long it has waited, 0 if nothing waits
     * @param nowNs the engine's clock
     */
    default void siteHeldBack(String member, String group, long heldNs, long nowNs) {
    }

    /** This delegate advertised its link prices (price-based controllers, seed 000). */
    default void linkCostsSent() {
    }

    /** This delegate passed a datagram of {@code bytes} on between two other sites (docs/nat.md). */
    default void wanRelayed(int bytes) {
    }

    /** A control packet too large for one datagram was sent in pieces. */
    default void controlPacketSplit() {
    }

    /** A control packet too large even in pieces was dropped. */
    default void controlPacketTooLarge() {
    }

    /** Two delegates were found speaking for one site name at once (a new conflict). */
    default void siteConflictDetected() {
    }

    /**
     * A delegate replaced while it was silent spoke for its site again (a paused delegate that thawed), as a peer
     * heard it or as the thawed delegate learned it; not a duplicate site.
     */
    default void delegateSuperseded() {
    }

    /** @param sites the number of site names with two delegates at once, now */
    default void conflictedSites(int sites) {
    }

    /**
     * This delegate asked a member to hand over again: its hand-over reached the role this one replaced.
     *
     * @param member the member asked
     * @param nowNs the engine's clock
     */
    default void handoverRequested(String member, long nowNs) {
    }
}
