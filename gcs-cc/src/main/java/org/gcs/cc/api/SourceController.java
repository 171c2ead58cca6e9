package org.gcs.cc.api;

/**
 * The sending delegate's side of a scheme for one meta-flow: all of one site's traffic to one group in one epoch
 * (seed 004 §2: "all flows from one sending LAN to one group are aggregated into one meta-flow"). It yields the
 * aggregate rate the site's local senders share ({@link #grant()}), which the engine splits max-min fairly among
 * them.
 *
 * <p>Calls come from the node's protocol thread, in time order ({@code nowNs} never decreases). A call that names
 * a site that is not (or no longer) a receiver must be harmless: feedback can still be in flight when a site leaves.
 * Implementations must be deterministic: the same calls give the same results.
 *
 * <p>A source must track its receiving sites and say what it grants and what it knows ({@link #onReceiverAdded},
 * {@link #onReceiverRemoved}, {@link #grant()}, {@link #snapshot()}); the other hooks default to ignoring what they
 * are told, so a scheme overrides only those it uses.
 */
public interface SourceController {
    /**
     * A receiving site joined the flow: its delegate has members of the group. Abstract: the snapshot lists the
     * receiving sites, and a scheme's grant depends on who receives.
     *
     * @param site the receiving site
     * @param nowNs the current time
     */
    void onReceiverAdded(String site, long nowNs);

    /**
     * A receiving site left the flow (its members left the group, or it went silent). Abstract, as
     * {@link #onReceiverAdded}: a site that left must stop limiting the flow.
     *
     * @param site the receiving site
     * @param nowNs the current time
     */
    void onReceiverRemoved(String site, long nowNs);

    /**
     * The flow sent a packet for the first time (repairs are not counted). Ignored by default: only a scheme that
     * measures its own sending rate needs it (ORMCC, cost-benefit).
     *
     * @param seq the packet's flow sequence number
     * @param wireBytes its size on the wire, in the units of the rates
     * @param nowNs the current time
     */
    default void onFirstTransmission(long seq, int wireBytes, long nowNs) {
    }

    /**
     * By default null: the scheme puts no header on data packets.
     *
     * @param nowNs the current time
     * @return the fields for the next first transmission's header, or null for none
     */
    default ControlHeader header(long nowNs) {
        return null;
    }

    /**
     * A receiving site acknowledged the flow; the engine measured the RTT from the acknowledgement's echo
     * (seed 004, Fig. 3: {@code t4 − t1 − (t3 − t2)}). Ignored by default: for a scheme that does not use the RTT.
     *
     * @param site the receiving site
     * @param sampleNs the RTT sample, or a value {@code <= 0} if the acknowledgement gave none
     * @param smoothedRttNs the engine's smoothed RTT to that site after the sample, {@code <= 0} if the site is
     *     not a receiver of the flow
     * @param nowNs the current time
     */
    default void onAckRtt(String site, long sampleNs, long smoothedRttNs, long nowNs) {
    }

    /**
     * Feedback from a receiving site's {@link ReceiverMonitor}, as its delegate sent it (on an acknowledgement or in
     * a feedback packet of its own). Ignored by default: only a scheme whose monitors send feedback gets any, and
     * such a scheme overrides this.
     *
     * @param site the receiving site
     * @param feedback the decoded feedback of this scheme
     * @param nowNs the current time
     */
    default void onFeedback(String site, Feedback feedback, long nowNs) {
    }

    /**
     * The flow's multicast tree changed (price-based schemes: the links a packet of the flow crosses, seed 000 Eq. 8's
     * MT). Rate-based schemes ignore it.
     *
     * @param edgesFromSource the links of the group's tree pruned to its sites, directed away from this site; empty
     *     when the group has no other site or no tree is known yet
     * @param nowNs the current time
     */
    default void onTree(java.util.List<DirectedEdge> edgesFromSource, long nowNs) {
    }

    /**
     * A delegate advertised the price of one of its outgoing links, or this delegate priced one of its own (seed 000
     * §IV-B.3). The engine tells every flow of every link, not only the links of its tree: a tree may change. A price
     * of 0 also means "forget it" (a site that left). Rate-based schemes ignore it.
     *
     * @param edge the link
     * @param costDollars its price, 0 or more
     * @param nowNs the current time
     */
    default void onLinkCost(DirectedEdge edge, double costDollars, long nowNs) {
    }

    /**
     * Lets time pass; the engine calls it every protocol tick (5 ms by default). Ignored by default: for a scheme
     * whose grant changes only with what it is told.
     *
     * @param nowNs the current time
     */
    default void onTick(long nowNs) {
    }

    /**
     * Abstract: what the senders may do is what a scheme decides. The engine asks after every tick.
     *
     * @return what the site's senders are allowed now, of the kind the scheme declares
     *     ({@link CongestionControl#grantKind()}); never null
     */
    Grant grant();

    /**
     * Abstract: every controller shows its state (status, meters and the lab are built from it).
     *
     * @return an immutable view of the controller's state, for status, meters and the lab
     */
    CcSnapshot snapshot();
}
