package org.gcs.cc.link;

/**
 * Where a {@link LinkRelay} takes packets from, in order: an incoming edge's {@link LinkReceiver}, or the sending
 * delegate's own first transmissions waiting for room in the output buffers.
 *
 * @param <P> the packet type
 */
public interface LinkInput<P> {
    /** @return the next packet, or null if none is ready */
    P peek();

    /**
     * Removes the packet {@link #peek} returned.
     *
     * @param nowNs the current time
     * @return that packet
     * @throws IllegalStateException if none is ready
     */
    P take(long nowNs);
}
