package org.gcs;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.CompletionStage;

/**
 * What a member of GCS groups does, whatever drives it: a real node ({@link GcsNode}, on Netty and JGroups) or a node
 * of gcs-sim's virtual-time simulator. Code written against this interface (a workload, an experiment, a check of what
 * was delivered) runs on both.
 *
 * <p>A member joins groups, sends to them and receives every message of every member of its groups, in every site,
 * exactly once and in each sender's order. Sends are asynchronous here: the stage completes when the message is
 * admitted into the send window ({@link GcsNode} adds blocking sends). Listeners run one at a time, in delivery
 * order: on the node's delivery thread for a real node, on the virtual clock for a simulated one.
 */
public interface GroupMember {

    /** @return this member's identity */
    MemberId self();

    /**
     * Joins a group: from now on this member receives the group's messages and may send to it. Joining twice is
     * harmless.
     *
     * @param group the group name (see {@link Names})
     */
    void join(String group);

    /**
     * Leaves a group. Leaving a group that was not joined is harmless.
     *
     * @param group the group name
     */
    void leave(String group);

    /** @return the groups this member has joined */
    Set<String> groups();

    /**
     * Sends a message to every member of a group (this member included), without blocking. The stage completes when
     * the message is admitted into the send window: from then on it will reach every member that stays connected, in
     * order with this member's other messages to the group.
     *
     * @param group a group this member has joined
     * @param payload the bytes to send
     * @return a stage completed when the message is admitted
     * @throws NotJoinedException if the group was not joined
     */
    CompletionStage<Void> sendAsync(String group, byte[] payload);

    /**
     * Registers a listener for the messages of every joined group.
     *
     * @return a handle that removes the listener
     */
    Registration onMessage(MessageListener listener);

    /**
     * Registers a listener for the views of every joined group.
     *
     * @return a handle that removes the listener
     */
    Registration onView(ViewListener listener);

    /**
     * Registers a listener for the multicast trees of every joined group.
     *
     * @return a handle that removes the listener
     */
    Registration onTree(TreeListener listener);

    /**
     * @param group a group name
     * @return the current view of the group, if this member has joined it
     */
    Optional<GroupView> view(String group);

    /**
     * @param group a group name
     * @return the multicast tree that currently carries the group between sites, once the overlay has one
     */
    Optional<GroupTree> tree(String group);

    /** @return true while this member is its site's delegate (it carries the site's WAN traffic) */
    boolean isDelegate();

    /** @return the current delegate of this member's site, if one is elected */
    Optional<MemberId> delegate();

    /**
     * @return a snapshot of this member's engine: its flows, links and sites while it is the delegate, its send
     *     window and unstable bytes always (refreshed every 100 ms on a real node)
     */
    MemberStatus status();

    /**
     * @return the congestion state of this site's traffic to each group, while this member is the site's delegate
     *         (empty otherwise)
     */
    default List<FlowStatus> flows() {
        return status().flows();
    }

    /**
     * What this site's delegate's congestion controller measures of the other sites' traffic into this site: one
     * entry per incoming flow (sending site, group); empty unless this member is the delegate.
     *
     * @return the incoming flows, by sending site then group
     */
    default List<ReceivingFlowStatus> receivingFlows() {
        return status().receivingFlows();
    }

    /**
     * Site names that two delegates announce at once — two LANs configured with one site name, or a site's LAN split
     * in two — as this member sees them while it is its site's delegate (its own site's name included while a peer
     * warns of it). Acknowledgements from such a site do not count, so senders to its groups block until the
     * conflict ends; every conflict is also logged at ERROR and counted in {@code gcs.sites.conflicts}.
     *
     * @return the conflicted site names, sorted; empty when none or off the delegate
     */
    default SortedSet<String> conflictedSites() {
        return status().conflictedSites();
    }

    /**
     * @return payload bytes this member sent that are not yet stable (not yet acknowledged by every receiving site);
     *         it keeps them for re-sending to a new delegate. At most {@link GcsConfig#sendWindowBytes()} (one larger
     *         message may be alone in the window)
     */
    default long unstableBytes() {
        return status().unstableBytes();
    }

    /**
     * @return this member's current send window in bytes (AIMD, at most {@link GcsConfig#sendWindowBytes()}): a send
     *         waits while the unstable bytes plus its payload would exceed it
     */
    default long sendWindowBytes() {
        return status().sendWindowBytes();
    }

    /**
     * @return packets in this member's retransmit buffers while it is its site's delegate (0 otherwise): its site's
     *         messages to other sites that some receiving site has not acknowledged yet
     */
    default int retransmitBufferPackets() {
        return status().retransmitBufferPackets();
    }
}
