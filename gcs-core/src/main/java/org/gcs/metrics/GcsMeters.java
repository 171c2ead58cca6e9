package org.gcs.metrics;

/**
 * Every meter GCS registers, named once here, following Micrometer's conventions: lowercase dotted names, values in
 * base units (bytes, seconds, bytes per second), and a registry's naming convention adds the unit and the type's
 * suffix (Prometheus: {@code gcs.wan.sent} in bytes, a counter, is {@code gcs_wan_sent_bytes_total}).
 *
 * <p>The naming rule, so that no exported name repeats a word:
 * <ul>
 *   <li>a base unit is set only where it is a real unit: {@code bytes}, {@code seconds}, {@code bytes.per.second}
 *       (every rate; Prometheus {@code _bytes_per_second}), {@code dollars} and {@code dollars.per.packet} (the
 *       cost-benefit prices), or a counted thing the name does not already say ({@code packets} of
 *       {@code gcs.flow.retransmits});</li>
 *   <li>a counter or gauge of things the name already names has no base unit ({@code gcs.messages.sent} is
 *       {@code gcs_messages_sent_total}, not {@code gcs_messages_sent_messages_total});</li>
 *   <li>a byte counter does not say bytes in its name ({@code gcs.wan.sent}, {@code gcs.payload.delivered});</li>
 *   <li>flags (0 or 1) and plain numbers have no base unit.</li>
 * </ul>
 * One exported name has one unit: no tag selects between numbers of different units (the congestion controllers'
 * named numbers are one meter each, named by {@link FieldMeter} under the prefixes {@link #CC_FEEDBACK},
 * {@link #CC_STATE}, {@link #CC_MONITOR} and {@link #CC_CONGESTION}). No meter exports NaN, an infinite or a
 * {@code Double.MAX_VALUE} value: an unlimited rate is absent and {@link #CC_RATE_UNLIMITED} reads 1, and a number
 * not known yet is absent.
 *
 * <p>Every meter carries the tags {@code site} and {@code member} of the node; some add a bounded tag
 * ({@code reason}, {@code group}, {@code peer}, {@code controller}, ...).
 */
public enum GcsMeters {
    /** WAN datagrams sent by this node while delegate (before emulated loss). */
    WAN_DATAGRAMS_SENT("gcs.wan.datagrams.sent", "", "WAN datagrams sent"),
    /** WAN packets sent; more than datagrams when packets share datagrams (WAN packing). */
    WAN_PACKETS_SENT("gcs.wan.packets.sent", "", "WAN packets sent, several per datagram when packed"),
    /** GCS LAN messages handed to JGroups. */
    LAN_MESSAGES_SENT("gcs.lan.messages.sent", "", "GCS messages multicast on the LAN"),
    /** JGroups messages those took; fewer than messages when bundled. */
    LAN_SENDS("gcs.lan.sends", "", "JGroups messages sent on the LAN, several GCS messages each when bundled"),
    /** WAN datagram bytes sent. */
    WAN_BYTES_SENT("gcs.wan.sent", "bytes", "WAN datagram bytes sent"),
    /** WAN datagrams received (before authentication). */
    WAN_DATAGRAMS_RECEIVED("gcs.wan.datagrams.received", "", "WAN datagrams received"),
    /** WAN datagram bytes received. */
    WAN_BYTES_RECEIVED("gcs.wan.received", "bytes", "WAN datagram bytes received"),
    /** WAN datagrams dropped, tagged with {@code reason} (truncated, bad-hmac, malformed, stale, ...). */
    WAN_DATAGRAMS_DROPPED("gcs.wan.datagrams.dropped", "", "Received WAN datagrams dropped, by reason"),
    /**
     * LAN messages dropped, tagged with {@code reason} (malformed, unauthenticated, forged-origin, not-delegate,
     * duplicate-member): the last four are attacks or a misconfiguration (a key, or one member name given twice).
     */
    LAN_MESSAGES_DROPPED("gcs.lan.messages.dropped", "", "LAN messages dropped, by reason"),
    /** WAN datagrams the WAN pipeline hook (the link emulator) dropped, tagged with {@code reason} (loss, queue); only with a hook. */
    EMULATOR_DATAGRAMS_DROPPED("gcs.emulator.datagrams.dropped", "",
            "WAN datagrams dropped by the link emulator (the WAN pipeline hook), by reason"),
    /** Application messages admitted for sending. */
    MESSAGES_SENT("gcs.messages.sent", "", "Application messages sent"),
    /** Application payload bytes admitted for sending. */
    PAYLOAD_BYTES_SENT("gcs.payload.sent", "bytes", "Application payload bytes sent"),
    /** Messages delivered to this node's listeners. */
    MESSAGES_DELIVERED("gcs.messages.delivered", "", "Messages delivered to the application"),
    /** Payload bytes delivered to this node's listeners. */
    PAYLOAD_BYTES_DELIVERED("gcs.payload.delivered", "bytes", "Payload bytes delivered to the application"),
    /** Duplicates suppressed before delivery or hand-off (re-sends after a delegate change). */
    DUPLICATES_SUPPRESSED("gcs.messages.duplicates.suppressed", "", "Duplicate messages suppressed"),
    /** Messages a sender's sequence skipped (lost for good, e.g. sent during a partition). */
    SENDER_GAPS("gcs.messages.gaps", "", "Messages missing from a sender's sequence at delivery"),
    /** NAK packets sent by this delegate. */
    NAKS_SENT("gcs.flow.naks.sent", "", "NAK packets sent"),
    /** Sequence numbers requested by the NAKs sent. */
    NAKED_PACKETS("gcs.flow.naked.packets", "", "Missing packets named in NAKs sent"),
    /** NAK packets received by this delegate. */
    NAKS_RECEIVED("gcs.flow.naks.received", "", "NAK packets received"),
    /** Data packets retransmitted by this delegate. */
    RETRANSMITS("gcs.flow.retransmits", "packets", "Data packets retransmitted"),
    /** Acks whose echoed send time was in the future or gave an RTT above 60 s: ignored, never fed to the estimator. */
    RTT_SAMPLES_IMPLAUSIBLE("gcs.flow.rtt.samples.implausible", "",
            "Echoed send times ignored as implausible (future, or an RTT above 60 s)"),
    /** Time from send (sender's wall clock) to delivery (receiver's wall clock). */
    DELIVERY_LATENCY("gcs.delivery.latency", "seconds", "Send-to-delivery latency (wall clocks)"),
    /** Version of the overlay tree plan this node uses. */
    TREE_VERSION("gcs.tree.version", "", "Version of the overlay multicast tree plan in use"),
    /** Sites in a group's multicast tree (tag {@code group}). */
    TREE_SITES("gcs.tree.sites", "", "Sites in the group's multicast tree"),
    /** Children of this node's site in a group's multicast tree (tag {@code group}). */
    TREE_CHILDREN("gcs.tree.children", "sites", "Children of this site in the group's multicast tree"),
    /**
     * The aggregate rate this site may send to a group (tags {@code group}, {@code controller}); absent while
     * unlimited ({@link #CC_RATE_UNLIMITED} then reads 1).
     */
    CC_RATE_ALLOWED("gcs.cc.rate.allowed", "bytes.per.second",
            "Aggregate rate this site may send to the group (absent while unlimited, see gcs.cc.rate.unlimited)"),
    /** 1 while the rate this site may send to a group is unlimited (no receiving site limits it), else 0. */
    CC_RATE_UNLIMITED("gcs.cc.rate.unlimited", "", "1 while the group's allowed rate is unlimited"),
    /** The RTT the flow's controller uses for a receiving site (tags {@code group}, {@code peer}, {@code controller}). */
    CC_RTT("gcs.cc.rtt", "seconds", "RTT from the sending delegate to the receiving site, as the controller uses it"),
    /**
     * A prefix: the controller's congestion measure of a receiving site, one meter per measure (tags {@code group},
     * {@code peer}, {@code controller}), named by {@link FieldMeter}: TFRC's {@code gcs.cc.congestion.loss.event.rate}
     * (no unit), ORMCC's {@code gcs.cc.congestion.trac} (bytes per second), cost-benefit's
     * {@code gcs.cc.congestion.path.price} (dollars). Absent until the site sent feedback.
     */
    CC_CONGESTION("gcs.cc.congestion", "", "The controller's congestion measure of the receiving site"),
    /**
     * A prefix: each field of a receiving site's latest feedback is a meter of its own (tags {@code group},
     * {@code peer}, {@code controller}), named by {@link FieldMeter}, e.g. TFRC's
     * {@code gcs.cc.feedback.acceptable.rate} (bytes per second), {@code gcs.cc.feedback.loss.event.rate},
     * {@code gcs.cc.feedback.age} (seconds), ORMCC's {@code gcs.cc.feedback.trac} (bytes per second).
     */
    CC_FEEDBACK("gcs.cc.feedback", "", "A field of the receiving site's latest congestion feedback"),
    /** 1 for the receiving site that limits the group's rate, else 0 (tags {@code group}, {@code peer}, {@code controller}). */
    CC_LIMITING("gcs.cc.limiting", "", "1 if this receiving site limits the group's rate"),
    /**
     * A prefix: each number of the flow's controller's own is a meter of its own (tags {@code group},
     * {@code controller}), named by {@link FieldMeter}, e.g. ORMCC's {@code gcs.cc.state.rtt.cr} (seconds),
     * {@code gcs.cc.state.avg.trac.cr} (bytes per second), {@code gcs.cc.state.rate.cuts}.
     */
    CC_STATE("gcs.cc.state", "", "A number of the sending delegate's congestion controller"),
    /**
     * A prefix: each number of a receiving delegate's monitor of an incoming flow is a meter of its own (tags
     * {@code group}, {@code peer}: the sending site, {@code controller}), named by {@link FieldMeter}, e.g. TFRC's
     * {@code gcs.cc.monitor.loss.event.rate}, {@code gcs.cc.monitor.rtt} (seconds), ORMCC's
     * {@code gcs.cc.monitor.indications.sent}.
     */
    CC_MONITOR("gcs.cc.monitor", "", "A number of the receiving delegate's congestion monitor"),
    /** Congestion-control blocks dropped on arrival, tagged with {@code reason} (unknown-controller, malformed). */
    CC_BLOCKS_DROPPED("gcs.cc.blocks.dropped", "",
            "Congestion-control blocks dropped on arrival (another controller's, or unreadable)"),
    /** A local sender's demand (tags {@code group}, {@code sender}, {@code controller}); absent while unlimited. */
    CC_SENDER_DEMAND("gcs.cc.sender.demand", "bytes.per.second",
            "Local sender's rate request (absent while unlimited)"),
    /** A local sender's grant (tags {@code group}, {@code sender}, {@code controller}); absent while unlimited. */
    CC_SENDER_GRANT("gcs.cc.sender.grant", "bytes.per.second", "Local sender's granted rate (absent while unlimited)"),
    /** A local sender's budget under a price-based controller, seed 000 (tags {@code group}, {@code controller}). */
    CC_SENDER_BUDGET("gcs.cc.sender.budget", "dollars", "Local sender's budget for the group (cost-benefit)"),
    /** A local sender's salary period T, seed 000 Eqs. 10-11 (tags {@code group}, {@code controller}). */
    CC_SENDER_SALARY_PERIOD("gcs.cc.sender.salary.period", "seconds",
            "Local sender's salary period for the group (cost-benefit)"),
    /** The price of the outgoing link to a neighbour, seed 000 Eq. 7 (tags {@code peer}, {@code controller}). */
    HOP_LINK_PRICE("gcs.hop.link.price", "dollars", "Price of the hop-by-hop link to the neighbour (cost-benefit)"),
    /**
     * The waiting packets of the output buffer to a neighbour averaged over the last pricing window, seed 000's n
     * (tags {@code peer}, {@code controller}).
     */
    HOP_LINK_PRICED_OCCUPANCY("gcs.hop.link.priced.occupancy", "packets",
            "Waiting packets of the link's output buffer, averaged over the last pricing window (cost-benefit)"),
    /** Packets in the hop-by-hop output buffer to a tree neighbour, in flight and waiting (tag {@code peer}). */
    HOP_OUTPUT_OCCUPANCY("gcs.hop.output.occupancy", "packets",
            "Packets in the hop-by-hop output buffer to the neighbour (B_OUT at most)"),
    /** The part of that output not yet sent: held back by the window or the neighbour's credit (tag {@code peer}). */
    HOP_OUTPUT_WAITING("gcs.hop.output.waiting", "packets",
            "Packets in the output buffer not yet sent (window or credit full)"),
    /** Packets in the hop-by-hop input buffer from a tree neighbour (tag {@code peer}). */
    HOP_INPUT_OCCUPANCY("gcs.hop.input.occupancy", "packets",
            "Packets in the hop-by-hop input buffer from the neighbour (B_IN at most)"),
    /** The congestion window of the link to a tree neighbour (tag {@code peer}). */
    HOP_WINDOW("gcs.hop.window", "packets", "Congestion window of the hop-by-hop link to the neighbour"),
    /** The smoothed RTT of the link to a tree neighbour (tag {@code peer}). */
    HOP_RTT("gcs.hop.rtt", "seconds", "Smoothed RTT of the hop-by-hop link to the neighbour"),
    /** Frames retransmitted on the links to a tree neighbour (tag {@code peer}). */
    HOP_RETRANSMITS("gcs.hop.retransmits", "packets", "Frames retransmitted on the hop-by-hop link to the neighbour"),
    /** Packets replayed to a tree neighbour on new links: backup replay after a failure (tag {@code peer}). */
    HOP_BACKUP_REPLAYS("gcs.hop.backup.replays", "packets",
            "Packets replayed to the neighbour on a new link (backup buffer, old link's undelivered packets)"),
    /** Packets from a tree neighbour dropped for a next hop that acknowledged nothing for the stall timeout. */
    HOP_STALL_DROPS("gcs.hop.stall.drops", "packets",
            "Packets from the neighbour dropped for a stalled next hop (the end-to-end repair recovers them)"),
    /** Packets from a tree neighbour dropped because this delegate had relayed them before (backup replays). */
    HOP_REPLAY_DUPLICATES("gcs.hop.replay.duplicates", "packets",
            "Packets from the neighbour this delegate had relayed before (a backup replay), dropped"),
    /** Packets in this delegate's hop-by-hop backup buffer. */
    HOP_BACKUP_OCCUPANCY("gcs.hop.backup.occupancy", "packets",
            "Packets in this delegate's hop-by-hop backup buffer (B_back at most)"),
    /**
     * Times this member was excluded from a group by the member stall policy, tagged with {@code group} and
     * {@code reason} ({@code stalled}: its listeners held the group back longer than {@code member.stall.timeout}).
     */
    MEMBERS_EXCLUDED("gcs.members.excluded", "",
            "Times this member was excluded from a group because its listeners held the group back"),
    /** How long this member's delivery backlog has been full (every sender of the site waits for it), 0 if not. */
    DELIVERY_STALL("gcs.delivery.stall", "seconds",
            "How long this member's full delivery backlog has been holding its site back (0 while it keeps up)"),
    /**
     * On a delegate: how long the oldest message from another site has waited for a member of this site to hold it
     * (until then the delegate acknowledges nothing newer and the remote senders wait), 0 if nothing waits.
     */
    SITE_HELD_BACK("gcs.site.held.back", "seconds",
            "How long the oldest message from another site has waited for a member of this site (delegate only)"),
    /** Payload bytes received and waiting for this member's listeners. */
    DELIVERY_BACKLOG("gcs.delivery.backlog", "bytes", "Received bytes waiting for this member's listeners"),
    /** Datagrams this delegate passed on, unopened, between two sites that cannot reach each other directly. */
    WAN_RELAYED("gcs.wan.datagrams.relayed", "",
            "Datagrams passed on, unopened, between two sites a NAT keeps apart (docs/nat.md)"),
    /** Control packets too large for one datagram, sent in pieces. */
    WAN_CONTROL_SPLIT("gcs.wan.control.split", "packets",
            "Control packets too large for max.datagram.bytes, sent in pieces"),
    /** Control packets too large even in pieces, dropped. */
    WAN_CONTROL_TOO_LARGE("gcs.wan.control.too.large", "packets",
            "Control packets too large even in pieces, dropped (raise max.datagram.bytes)"),
    /**
     * Times this delegate asked a member to hand over again because the member's hand-over reached the role it
     * replaced (a LAN merge delivered it before the view); each request makes the member re-send what is not stable.
     */
    HANDOVER_REQUESTS("gcs.lan.handover.requests", "",
            "Times this delegate asked a member to hand over again (its hand-over reached a replaced role)"),
    /** Times two delegates were found speaking for one remote site name at once. */
    SITE_CONFLICTS("gcs.sites.conflicts", "",
            "Times two delegates were found announcing one site name (two LANs configured with one site)"),
    /**
     * Peer addresses whose WAN datagrams have failed authentication ({@code bad-hmac}, {@code unknown-key}) for half
     * of {@code site.timeout} or longer with none authenticating meanwhile: their cluster keys differ from this node's.
     */
    WAN_PEERS_UNAUTHENTICATED("gcs.wan.peers.unauthenticated", "",
            "Peer addresses whose WAN datagrams failed authentication for half of site.timeout or longer"
                    + " (keys differ), now"),
    /**
     * Peer addresses whose authentic WAN datagrams have been refused as {@code stale-time} for half of
     * {@code site.timeout} or longer: their clocks are further from this node's than {@code wan.replay.max.age}.
     */
    WAN_PEERS_SKEWED("gcs.wan.peers.skewed", "",
            "Peer addresses whose clocks are further off than wan.replay.max.age for half of site.timeout or"
                    + " longer, now"),
    /** The largest clock offset of those peers, 0 if none. */
    WAN_CLOCK_SKEW("gcs.wan.clock.skew", "seconds",
            "Largest clock offset of the peers counted in gcs.wan.peers.skewed (0 if none)"),
    /**
     * Times a delegate spoke for its site again after a newer delegate of the site took over while it was silent (a
     * paused delegate that thawed: SIGSTOP, a frozen VM, a long collection), counted by the peer that heard it and by
     * the thawed delegate itself; not a duplicate site.
     */
    SUPERSEDED_DELEGATES("gcs.sites.superseded", "",
            "Times a replaced delegate spoke for its site again (a paused delegate that thawed, not a duplicate site)"),
    /** Site names this delegate currently sees two delegates for (held out of stability). */
    SITES_CONFLICTED("gcs.sites.conflicted", "",
            "Site names with two delegates at once, now: their acknowledgements are not trusted"),
    /** Payload bytes this node sent that not every receiving site acknowledged yet ({@code GcsNode.unstableBytes()}). */
    SEND_UNSTABLE("gcs.send.unstable", "bytes",
            "Payload bytes sent by this node and not yet acknowledged by every receiving site"),
    /** This node's current send window ({@code GcsNode.sendWindowBytes()}). */
    SEND_WINDOW("gcs.send.window", "bytes", "Current send window of this node (unstable bytes stay within it)"),
    /** Packets in this delegate's retransmit buffers ({@code GcsNode.retransmitBufferPackets()}), 0 elsewhere. */
    RETRANSMIT_BUFFER("gcs.retransmit.buffer", "packets", "Packets in the delegate's retransmit buffers"),
    /** Members in this node's view of a joined group (tag {@code group}). */
    VIEW_MEMBERS("gcs.view.members", "", "Members in this node's view of the group"),
    /** Sites with members in this node's view of a joined group (tag {@code group}). */
    VIEW_SITES("gcs.view.sites", "", "Sites with members in this node's view of the group"),
    /** 1 while this node is its site's delegate, else 0. */
    DELEGATE("gcs.delegate", "", "1 while this node is its site's delegate");

    private final String meterName;
    private final String baseUnit;
    private final String description;

    GcsMeters(String meterName, String baseUnit, String description) {
        this.meterName = meterName;
        this.baseUnit = baseUnit;
        this.description = description;
    }

    /** @return the meter name, e.g. {@code gcs.flow.retransmits} */
    public String meterName() {
        return meterName;
    }

    /** @return the base unit, empty for dimensionless gauges */
    public String baseUnit() {
        return baseUnit;
    }

    /** @return a one-line description */
    public String description() {
        return description;
    }
}
