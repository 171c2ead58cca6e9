package org.gcs.internal.engine;

import java.util.Map;
import org.gcs.internal.flow.ReceiverRtts;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.HopLinkStatus;

/**
 * How a delegate moves first transmissions of data across the overlay: the sending delegate hands its packets to
 * {@link #sendFirst}, every delegate hands the packets that arrive to {@link #relay}. The flows above
 * ({@link OutgoingFlows}, {@link IncomingFlows}) keep reliability end to end whatever the transport does.
 *
 * <p>{@link TreeForwarding} (end to end): UDP datagrams relayed along the group's tree at once, no state at relays,
 * loss seen end to end (seeds 004 and 002). {@link HopByHopTransport}: reliable, back-pressured links per tree edge
 * (seeds 001 and 003), which also take the link frames, the timer and the neighbours' restarts.
 */
interface DataTransport {
    /**
     * The sending delegate's first transmission of a packet to the flow's receiving sites.
     *
     * @param packet the packet (it carries no receiver's RTT)
     * @param receiverSrttNs the flow's receiving sites and the sending delegate's smoothed RTT to each
     */
    void sendFirst(Data packet, ReceiverRtts receiverSrttNs);

    /**
     * A data packet arrived from a neighbour: pass it on where the transport says.
     *
     * @param fromSite the site it came from
     * @param packet the packet
     */
    void relay(String fromSite, Data packet);

    /**
     * A hop-by-hop link frame ({@link WanPacket.HopData} or {@link WanPacket.HopAck}) arrived.
     *
     * @param fromSite the neighbour it came from
     * @param frame the frame
     * @param nowNs the current time
     * @return false if this transport has no links (the caller counts the frame as a wrong-transport drop)
     */
    default boolean onLinkFrame(String fromSite, WanPacket frame, long nowNs) {
        return false;
    }

    /**
     * Lets time pass (the protocol tick).
     *
     * @param nowNs the current time
     */
    default void onTick(long nowNs) {
    }

    /**
     * A neighbour's site has a new delegate: whatever link state this transport had with it is void.
     *
     * @param site the neighbour's site
     * @param nowNs the current time
     */
    default void onPeerRestarted(String site, long nowNs) {
    }

    /**
     * A site expired: forget it.
     *
     * @param site the site
     */
    default void forget(String site) {
    }

    /** @return the hop-by-hop links to and from each neighbour (none on the end-to-end transport) */
    default java.util.List<HopLinkStatus> linkStatuses() {
        return java.util.List.of();
    }

    /**
     * The most packets that waited in each outgoing link's output buffer (not yet sent: the part seed 000 prices)
     * since the previous call, by neighbour; the next period starts with what waits now.
     *
     * @return the peaks by neighbour site (empty on the end-to-end transport)
     */
    default Map<String, Integer> takeWaitingPeaks() {
        return Map.of();
    }

    /** @return packets in this delegate's backup buffer (0 on the end-to-end transport) */
    default int backupPackets() {
        return 0;
    }

    /** @return bytes this transport adds around every data packet on the wire (fragments are that much smaller) */
    default int framingBytes() {
        return 0;
    }
}
