package org.gcs.cc.api;

/**
 * A congestion-control scheme: the factory of its three parts and the codec of its wire blocks. One instance per
 * node, built once from the node's {@link CcSettings}; it must be stateless apart from those settings (every flow
 * gets parts of its own) and safe to use from the node's protocol thread.
 *
 * <p>The parts, and where they run:
 * <ul>
 *   <li>{@link SourceController} — at the <b>sending delegate</b>, one per meta-flow (this site, one group, one
 *       epoch): it learns the receiving sites, first transmissions, RTT samples and the receivers' feedback, and
 *       yields the aggregate rate the site's senders share ({@link #newSource});</li>
 *   <li>{@link ReceiverMonitor} — at each <b>receiving delegate</b>, one per incoming meta-flow: it sees the
 *       flow's first transmissions and the sender's header fields, and yields feedback, either on the next
 *       acknowledgement or at a deadline of its own ({@link #newMonitor});</li>
 *   <li>{@link SenderAdmission} — at every <b>member</b>, one per group it sends to: it admits the member's
 *       messages at the share the sending delegate granted and reports the member's demand
 *       ({@link #newAdmission}).</li>
 * </ul>
 *
 * <p>What a controller puts on the wire (header fields on data packets, feedback on acknowledgements or in
 * feedback packets of its own) travels as a block tagged with {@link #wireTag()}; the controller's
 * {@link ControlBlockCodec} turns its header and feedback objects into block bodies and back. A node that receives
 * a block with another tag (the sites run different controllers) or a body its codec rejects drops the block,
 * counts it, and carries on: the reliability of the flow never depends on a block.
 *
 * <p>To select a controller of your own by class name, give it a public constructor taking {@link CcSettings}
 * (or a public no-argument constructor); see {@code docs/congestion-control.md} for an example.
 *
 * <p>A scheme must say what it is called and make its three parts; everything else has a default that suits a
 * scheme which does not use it: no blocks on the wire ({@link #wireTag()} 0, {@link ControlBlockCodec#NONE}), no
 * link prices, and grants of {@link GrantKind#RATE rates}. The parts' interfaces have defaults of the same kind, so a
 * simple controller implements only what it uses.
 */
public interface CongestionControl {
    /**
     * Abstract: every scheme has a name.
     *
     * @return the scheme's short name, e.g. {@code tfrc}; appears in snapshots, meters ({@code controller} tag) and
     *     logs
     */
    String name();

    /**
     * By default 0: the scheme puts nothing on the wire. A scheme that overrides it overrides {@link #blockCodec()}
     * too.
     *
     * @return the tag of this scheme's blocks on the wire, 1..255 (built-in schemes use 1..127; use 128..255 for your
     *     own); 0 if the scheme never puts a block on the wire
     */
    default int wireTag() {
        return 0;
    }

    /**
     * Abstract: the source decides what the site's senders may send, the heart of every scheme.
     *
     * @param context the flow
     * @return the sending delegate's controller of a new meta-flow
     */
    SourceController newSource(SourceContext context);

    /**
     * Abstract: every receiving delegate needs a monitor of each incoming flow, even one that measures nothing (a
     * scheme without receiver feedback returns {@link org.gcs.cc.none.SilentMonitor}).
     *
     * @param context the incoming flow
     * @return the receiving delegate's monitor of a new incoming meta-flow
     */
    ReceiverMonitor newMonitor(MonitorContext context);

    /**
     * Abstract: how a member's messages are admitted depends on what the scheme grants (rate-based schemes reuse
     * {@link org.gcs.cc.shaping.RateAdmission}, or extend {@link org.gcs.cc.shaping.RateBasedControl}, which does).
     *
     * @param context the member and group
     * @return the member-side admission of a member's messages to one group
     */
    SenderAdmission newAdmission(AdmissionContext context);

    /**
     * The router side of a price-based scheme: a pricer for one outgoing overlay link of a delegate (seed 000). Only
     * the hop-by-hop transport has links with output buffers to price.
     *
     * @param context the link
     * @return its pricer, or null if the scheme prices no links (the default; see {@link #pricesLinks()})
     */
    default LinkPricer newLinkPricer(LinkContext context) {
        return null;
    }

    /**
     * How the engine passes this scheme's grants on to a site's senders; it asks once per flow, when it makes the
     * flow. By default {@link GrantKind#RATE}: most schemes grant a rate, and a scheme that limits nothing grants
     * {@link RateGrant#UNLIMITED}. A price-based scheme returns {@link GrantKind#PRICE}.
     *
     * @return the kind of every {@link Grant} this scheme's sources return
     */
    default GrantKind grantKind() {
        return GrantKind.RATE;
    }

    /**
     * @return true if {@link #newLinkPricer} returns pricers: the engine then prices every delegate's outgoing links,
     *     advertises the prices and tells each flow its tree (false by default)
     */
    default boolean pricesLinks() {
        return false;
    }

    /**
     * By default {@link ControlBlockCodec#NONE}, which goes with the default {@link #wireTag()} 0.
     *
     * @return the codec of this scheme's blocks; {@link ControlBlockCodec#NONE} if it puts none on the wire
     */
    default ControlBlockCodec blockCodec() {
        return ControlBlockCodec.NONE;
    }
}
