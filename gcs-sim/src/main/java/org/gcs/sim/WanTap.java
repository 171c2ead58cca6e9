package org.gcs.sim;

/**
 * Sees the WAN datagrams of a {@link SimNetwork} as bytes when they arrive at a node (not those the emulated links
 * lost), e.g. to record and replay them in an attack test.
 */
@FunctionalInterface
public interface WanTap {
    /**
     * @param fromSite the sending site
     * @param toSite the receiving site
     * @param datagram a copy of the protected bytes
     */
    void sent(String fromSite, String toSite, byte[] datagram);
}
