package org.gcs;

import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a member's protocol engine shows of itself at one moment: an immutable snapshot, the same for a real node
 * ({@link GcsNode#status()}, refreshed every 100 ms) and a simulated one. The flows, links and sites are those of the
 * site's delegate: empty on a member that is not the delegate.
 *
 * @param delegate whether the member is its site's delegate
 * @param flows the congestion state of this site's traffic to each group (while delegate)
 * @param receivingFlows what the delegate's monitors measure of other sites' traffic into this site (while delegate)
 * @param hopLinks the hop-by-hop links to and from each tree neighbour (while delegate, hop by hop only)
 * @param conflictedSites site names two delegates announce at once, as the delegate sees them (its own included while a
 *     peer warns of it)
 * @param remoteSites the live remote sites the delegate knows, sorted
 * @param treeVersion the version of the overlay's tree plan the member knows, 0 before the first
 * @param unstableBytes payload bytes this member sent that are not yet stable (acknowledged by every receiving site)
 * @param sendWindowBytes this member's send window now (AIMD, at most {@link GcsConfig#sendWindowBytes()})
 * @param waitingBytes payload bytes of this member's sends still waiting for admission
 * @param retransmitBufferPackets packets in the delegate's retransmit buffers
 * @param relayedSites the remote sites whose traffic with this site goes through another site's delegate, each with
 *     that relaying site (while delegate; a site behind a NAT that neither it nor this site's NAT lets through
 *     directly, docs/nat.md): empty when every live site is reached directly
 */
public record MemberStatus(boolean delegate, List<FlowStatus> flows, List<ReceivingFlowStatus> receivingFlows,
                           List<HopLinkStatus> hopLinks, SortedSet<String> conflictedSites, List<String> remoteSites,
                           long treeVersion, long unstableBytes, long sendWindowBytes, long waitingBytes,
                           int retransmitBufferPackets, SortedMap<String, String> relayedSites) {

    /** Makes the lists, the set and the map immutable. */
    public MemberStatus {
        relayedSites = Collections.unmodifiableSortedMap(new TreeMap<>(relayedSites));
        flows = List.copyOf(flows);
        receivingFlows = List.copyOf(receivingFlows);
        hopLinks = List.copyOf(hopLinks);
        conflictedSites = Collections.unmodifiableSortedSet(new TreeSet<>(conflictedSites));
        remoteSites = List.copyOf(remoteSites);
    }

    /** A status in which every live remote site is reached directly (no relayed site). */
    public MemberStatus(boolean delegate, List<FlowStatus> flows, List<ReceivingFlowStatus> receivingFlows,
                        List<HopLinkStatus> hopLinks, SortedSet<String> conflictedSites, List<String> remoteSites,
                        long treeVersion, long unstableBytes, long sendWindowBytes, long waitingBytes,
                        int retransmitBufferPackets) {
        this(delegate, flows, receivingFlows, hopLinks, conflictedSites, remoteSites, treeVersion, unstableBytes,
                sendWindowBytes, waitingBytes, retransmitBufferPackets, Collections.emptySortedMap());
    }

    /**
     * @param sendWindowBytes the send window a member starts with
     * @return the status of a member that has not run yet: nothing but its send window
     */
    public static MemberStatus initial(long sendWindowBytes) {
        return new MemberStatus(false, List.of(), List.of(), List.of(), Collections.emptySortedSet(), List.of(), 0, 0,
                sendWindowBytes, 0, 0);
    }

    /** @return the flow of this site to one group, if the member is the delegate and the flow exists */
    public java.util.Optional<FlowStatus> flow(String group) {
        return flows.stream().filter(f -> f.group().equals(group)).findFirst();
    }

    /** @return the hop-by-hop links to and from one tree neighbour, if any */
    public java.util.Optional<HopLinkStatus> hopLink(String peer) {
        return hopLinks.stream().filter(l -> l.peer().equals(peer)).findFirst();
    }
}
