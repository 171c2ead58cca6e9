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

    /** A received LAN message was malformed and dropped. */
    default void lanDropped() {
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

    /** This delegate advertised its link prices (price-based controllers, seed 000). */
    default void linkCostsSent() {
    }
}
