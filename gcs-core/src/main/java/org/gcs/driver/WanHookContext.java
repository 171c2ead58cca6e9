package org.gcs.driver;

import java.net.InetSocketAddress;
import java.util.function.LongSupplier;

/**
 * What a node tells the handler its {@link WanPipelineHook} makes: the node's site, which site each peer address
 * belongs to, and where to count the datagrams the handler drops.
 */
public interface WanHookContext {

    /** @return the node's site */
    String site();

    /**
     * The site of a peer, as the node knows it from the datagrams it sent there. Called on the channel's event loop
     * for every outbound datagram: fast and non-blocking.
     *
     * @param peer a datagram's recipient
     * @return the peer's site, or null if the node has not sent there with a known site (a seed not answered yet)
     */
    String siteOf(InetSocketAddress peer);

    /**
     * Exposes a count of dropped datagrams as the meter {@code gcs.emulator.datagrams.dropped} with the tag
     * {@code reason} (see {@link org.gcs.metrics.GcsMeters#EMULATOR_DATAGRAMS_DROPPED}).
     *
     * @param reason the tag's value, e.g. {@code loss} or {@code queue}
     * @param count reads the count; may be called from any thread
     */
    void countDrops(String reason, LongSupplier count);
}
