package org.gcs.internal.engine;

import org.gcs.internal.flow.ReceiverRtts;
import org.gcs.internal.wire.WanPacket.Data;

/**
 * The end-to-end transport (architecture §5a): first transmissions travel along the group's pruned multicast tree
 * as UDP datagrams, and every delegate passes a packet on to its tree neighbours except the one it came from, at
 * once and without keeping state. Repairs are not forwarded: they travel point to point between the sending and
 * the receiving delegate. A receiving site outside the current plan (before the first plan, or a site the plan does
 * not know yet) is served directly, with its RTT in the packet.
 */
final class TreeForwarding implements DataTransport {
    private final String site;
    private final TreeOverlay overlay;
    private final OverlayMembership sites;

    TreeForwarding(String site, TreeOverlay overlay, OverlayMembership sites) {
        this.site = site;
        this.overlay = overlay;
        this.sites = sites;
    }

    @Override
    public void sendFirst(Data packet, ReceiverRtts receiverSrttNs) {
        boolean viaTree = overlay.inPlan(site);
        if (viaTree) {
            for (String hop : overlay.nextHops(site, null, sites.memberSites(packet.group()))) {
                sites.send(hop, packet);
            }
        }
        receiverSrttNs.forEach((receiver, srttNs) -> {
            if (!viaTree || !overlay.inPlan(receiver)) {
                sites.send(receiver, packet.forReceiver(receiver, srttNs, false));
            }
        });
    }

    /** Passes a first transmission on along the tree; repairs, own packets and packets past the hop limit stop. */
    @Override
    public void relay(String fromSite, Data packet) {
        if (packet.retransmit() || packet.hops() >= Data.MAX_HOPS || packet.srcSite().equals(site)) {
            return; // repairs are point to point; our own packets coming back (plans briefly disagree) stop here
        }
        Data next = null;
        for (String hop : overlay.nextHops(packet.srcSite(), fromSite, sites.memberSites(packet.group()))) {
            if (next == null) {
                next = packet.forwarded();
            }
            sites.send(hop, next);
        }
    }
}
