package org.gcs.driver;

/** The kinds of packet a WAN datagram carries, as a driver's filter sees them ({@link WanPacketInfo#kind()}). */
public enum WanPacketKind {
    /** A message of a meta-flow (a first transmission or a repair). */
    DATA,
    /** A receiving delegate's acknowledgement of a flow, perhaps with congestion feedback. */
    ACK,
    /** A receiving delegate's congestion feedback in a packet of its own (ORMCC's congestion indications). */
    CC_FEEDBACK,
    /** A receiving delegate's request for repairs. */
    NAK,
    /** A sending delegate's statement of a flow's range, so that receivers see losses at its tail. */
    SYNC,
    /** A delegate's announcement of its site (the overlay's heartbeat, with gossip). */
    SITE_STATE,
    /** A link probe. */
    PROBE,
    /** The answer to a link probe. */
    PROBE_REPLY,
    /** The coordinator's tree plan. */
    TREE_ANNOUNCE,
    /** A flow's message on a hop-by-hop link. */
    HOP_DATA,
    /** A hop-by-hop link's acknowledgement. */
    HOP_ACK,
    /** A delegate's prices of its outgoing links (cost-benefit). */
    LINK_COSTS,
    /** A warning that two delegates announce one site. */
    SITE_CONFLICT,
    /** A piece of a control packet too large for one datagram. */
    FRAGMENT,
    /** Several small control packets in one. */
    BATCH,
    /** A message of the delegates' SWIM failure detector (a Ping, Ack, ping-req or Nack; overlay.membership = swim). */
    SWIM,
    /** A request for a site's announcement, after SWIM's gossip told of a newer one (overlay.membership = swim). */
    STATE_REQUEST
}
