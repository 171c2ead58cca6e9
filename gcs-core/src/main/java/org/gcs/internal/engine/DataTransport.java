package org.gcs.internal.engine;

import java.util.Map;
import org.gcs.internal.wire.WanPacket.Data;

/**
 * How a delegate moves first transmissions of data across the overlay: the sending delegate hands its packets to
 * {@link #sendFirst}, every delegate hands the packets that arrive to {@link #relay}. The flows above
 * ({@link OutgoingFlows}, {@link IncomingFlows}) keep reliability end to end whatever the transport does.
 *
 * <p>Today's transport is {@link TreeForwarding}: UDP datagrams relayed along the group's tree at once, no state at
 * relays, loss seen end to end (seeds 004 and 002). A hop-by-hop transport (reliable, back-pressured links per tree
 * edge, seeds 001 and 003) implements the same two calls.
 */
interface DataTransport {
    /**
     * The sending delegate's first transmission of a packet to the flow's receiving sites.
     *
     * @param packet the packet (it carries no receiver's RTT)
     * @param receiverSrttNs the flow's receiving sites and the sending delegate's smoothed RTT to each
     */
    void sendFirst(Data packet, Map<String, Long> receiverSrttNs);

    /**
     * A data packet arrived from a neighbour: pass it on where the transport says.
     *
     * @param fromSite the site it came from
     * @param packet the packet
     */
    void relay(String fromSite, Data packet);
}
