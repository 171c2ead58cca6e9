package org.gcs.internal.node;

import java.net.InetSocketAddress;
import org.gcs.internal.wire.MalformedDatagramException;

/**
 * What {@link WanInboundHandler} tells about each datagram's source address, for the diagnoses that need a peer's
 * history rather than one datagram ({@link WanPeerDiagnosis}). Called on the event loop.
 */
interface WanPeerWatch {
    /** Watches nothing. */
    WanPeerWatch NONE = new WanPeerWatch() {
        @Override
        public void accepted(InetSocketAddress from) {
        }

        @Override
        public void dropped(InetSocketAddress from, MalformedDatagramException drop, long nowNs) {
        }
    };

    /** A datagram from {@code from} was authentic and fresh. */
    void accepted(InetSocketAddress from);

    /** A datagram from {@code from} was dropped, for {@code drop.reason()}. */
    void dropped(InetSocketAddress from, MalformedDatagramException drop, long nowNs);
}
