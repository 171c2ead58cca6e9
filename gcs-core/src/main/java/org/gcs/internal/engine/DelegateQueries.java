package org.gcs.internal.engine;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gcs.FlowStatus;
import org.gcs.HopLinkStatus;
import org.gcs.ReceivingFlowStatus;

/**
 * What a node's delegate role shows of its WAN state (flows, links, buffers, remote sites), read on the engine's
 * thread by the drivers and the meters. Off the delegate every query answers empty (none, 0 or -1), so a caller
 * needs no check of its own. One instance reads the role the engine had when {@link NodeEngine#delegateQueries}
 * made it: take a fresh one for each reading.
 */
public final class DelegateQueries {
    private final DelegateRole role;

    /** @param role the engine's delegate role, null off the delegate */
    DelegateQueries(DelegateRole role) {
        this.role = role;
    }

    /** @return the congestion state of this site's flows */
    public List<FlowStatus> flows() {
        return role == null ? List.of() : role.flowStatuses();
    }

    /** @return what the congestion monitors of the incoming flows measure */
    public List<ReceivingFlowStatus> receivingFlows() {
        return role == null ? List.of() : role.receivingFlowStatuses();
    }

    /** @return the priced outgoing links (price-based controllers, seed 000), empty otherwise */
    public List<PricedLink> pricedLinks() {
        return role == null ? List.of() : role.pricedLinks();
    }

    /** @return the hop-by-hop links to and from each tree neighbour (none end to end) */
    public List<HopLinkStatus> hopLinks() {
        return role == null ? List.of() : role.linkStatuses();
    }

    /**
     * @return the most packets that waited in each outgoing hop-by-hop link's output buffer since the previous call,
     *     by neighbour site (empty end to end)
     */
    public Map<String, Integer> takeHopWaitingPeaks() {
        return role == null ? Map.of() : role.takeWaitingPeaks();
    }

    /**
     * @return packets the incoming flows received again and dropped by flow sequence (a backup replay, a repair that
     *     crossed the original)
     */
    public long flowDuplicates() {
        return role == null ? 0 : role.flowDuplicates();
    }

    /** @return packets in the hop-by-hop backup buffer (0 end to end) */
    public int hopBackupPackets() {
        return role == null ? 0 : role.backupPackets();
    }

    /** @return packets in the retransmit buffers */
    public int retransmitBufferPackets() {
        return role == null ? 0 : role.bufferedPackets();
    }

    /** @return the live remote sites */
    public List<String> remoteSites() {
        return role == null ? List.of() : role.remoteSiteNames();
    }

    /** @return the live remote sites reached through a relay, each with the relaying site (docs/nat.md) */
    public java.util.SortedMap<String, String> relayedSites() {
        return role == null ? java.util.Collections.emptySortedMap() : role.nat().relayedSites();
    }

    /**
     * @param nowNs the current time
     * @return the site names that two delegates announce at once (two LANs configured with one site name), this
     *     site's own included while a peer warns of it
     */
    public Set<String> conflictedSites(long nowNs) {
        return role == null ? Set.of() : role.conflictedSites(nowNs);
    }

    /** @return the smoothed RTT to a site for a group's flow, or -1 */
    public long smoothedRttNs(String group, String site) {
        return role == null ? -1 : role.smoothedRttNs(group, site);
    }
}
