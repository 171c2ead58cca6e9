package org.gcs.sim;

import org.gcs.driver.WanPacketInfo;

/**
 * Decides, in the virtual-time simulator, whether a WAN datagram a delegate sends is put on its emulated link
 * at all; for experiments that remove some kind of traffic (for instance every probe) or cut one direction. Set with
 * {@link SimNetwork#setWanFilter(WanFilter)}; a datagram it refuses is counted in {@link SimNetwork#filteredDatagrams()}
 * and never sealed or offered to the link.
 */
@FunctionalInterface
public interface WanFilter {

    /**
     * Decides the fate of one datagram before it reaches the link.
     *
     * @param fromSite the sending delegate's site
     * @param toSite the receiving delegate's site
     * @param packet what it carries ({@link WanPacketInfo#kind()}, the flow and the sequence number)
     * @return {@code true} to send it, {@code false} to drop it
     */
    boolean pass(String fromSite, String toSite, WanPacketInfo packet);
}
