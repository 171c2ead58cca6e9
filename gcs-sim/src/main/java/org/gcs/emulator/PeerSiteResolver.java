package org.gcs.emulator;

import java.net.InetSocketAddress;
import java.util.Map;

/**
 * Tells which site a WAN peer (another site's delegate) belongs to, so that {@link LinkEmulatorHandler} can
 * pick the link towards it. Called on the channel's event loop for every outbound datagram: keep it fast and
 * non-blocking.
 */
@FunctionalInterface
public interface PeerSiteResolver {

    /**
     * The site of a peer.
     *
     * @param peer the datagram's recipient
     * @return the peer's site name, or {@code null} if the peer is unknown (its traffic is not emulated)
     */
    String siteOf(InetSocketAddress peer);

    /**
     * A resolver backed by a fixed map from address to site.
     *
     * @param sitesByAddress the peers' addresses and sites; copied
     * @return the resolver; unknown addresses give {@code null}
     */
    static PeerSiteResolver fromMap(Map<InetSocketAddress, String> sitesByAddress) {
        Map<InetSocketAddress, String> copy = Map.copyOf(sitesByAddress);
        return copy::get;
    }
}
