package org.gcs.internal.wire;

import java.util.Arrays;
import java.util.List;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.cc.link.LinkAck;
import org.gcs.cc.link.LinkSettings;

/**
 * The bodies of WAN datagrams exchanged between delegates. A {@link WanEnvelope} adds the sender's site and
 * term; {@link WanCodec} turns envelopes into authenticated bytes and back.
 *
 * <p>Flow packets name their meta-flow: the sending site ({@code srcSite}), the group, and the epoch (the
 * term of the sending delegate that numbered the flow; a new delegate starts a new epoch).
 */
public sealed interface WanPacket
        permits WanPacket.Data, WanPacket.Ack, WanPacket.CcFeedback, WanPacket.Nak, WanPacket.Sync,
        WanPacket.SiteState, WanPacket.Probe, WanPacket.ProbeReply, WanPacket.TreeAnnounce, WanPacket.HopData,
        WanPacket.HopAck, WanPacket.LinkCosts, WanSiteConflict, WanSwim, WanStateRequest,
        WanFragment, WanBatch {

    /** Wire type codes. */
    byte TYPE_DATA = 1;
    /** Wire type code of {@link Ack}. */
    byte TYPE_ACK = 2;
    /** Wire type code of {@link Nak}. */
    byte TYPE_NAK = 3;
    /** Wire type code of {@link Sync}. */
    byte TYPE_SYNC = 4;
    /** Wire type code of {@link SiteState}. */
    byte TYPE_SITE_STATE = 5;
    /** Wire type code of {@link Probe}. */
    byte TYPE_PROBE = 6;
    /** Wire type code of {@link ProbeReply}. */
    byte TYPE_PROBE_REPLY = 7;
    /** Wire type code of {@link TreeAnnounce}. */
    byte TYPE_TREE = 8;
    /** Wire type code of {@link CcFeedback}. */
    byte TYPE_CC_FEEDBACK = 9;
    /** Wire type code of {@link HopData}. */
    byte TYPE_HOP_DATA = 10;
    /** Wire type code of {@link HopAck}. */
    byte TYPE_HOP_ACK = 11;
    /** Wire type code of {@link LinkCosts}. */
    byte TYPE_LINK_COSTS = 12;
    /** Wire type code of {@link WanFragment}. */
    byte TYPE_FRAGMENT = 13;
    /** Wire type code of {@link WanSiteConflict}. */
    byte TYPE_SITE_CONFLICT = 14;
    /** Wire type code of {@link WanBatch}. */
    byte TYPE_BATCH = 15;
    /** Wire type code of {@link WanSwim}. */
    byte TYPE_SWIM = 16;
    /** Wire type code of {@link WanStateRequest}. */
    byte TYPE_STATE_REQUEST = 17;
    /** Wire type code of a {@link Probe} that carries SWIM's news ({@link SwimGossip}); without, {@link #TYPE_PROBE}. */
    byte TYPE_PROBE_NEWS = 18;
    /** Wire type code of a {@link ProbeReply} that carries SWIM's news; without, {@link #TYPE_PROBE_REPLY}. */
    byte TYPE_PROBE_REPLY_NEWS = 19;

    /** @return the wire type code */
    byte type();

    /**
     * One fragment of a group message on its meta-flow (a message that fits one datagram is a single fragment).
     *
     * @param srcSite the site whose members sent the message
     * @param group the group
     * @param epoch the term of the sending delegate that numbered this flow
     * @param seq flow sequence number, from 1, one per fragment
     * @param originMember the member that sent the message
     * @param originIncarnation the incarnation of that member (distinguishes restarts under the same name)
     * @param memberSeq the member's own sequence number for this group
     * @param fragIndex index of this fragment, from 0
     * @param fragCount number of fragments of the message, at least 1
     * @param sendTimeNs when the sending delegate first sent the packet, on its own clock (echoed for RTT)
     * @param srttNs the sending delegate's smoothed RTT to the receiving site {@code rttFor} (0 when none)
     * @param sentEpochMicros when the origin member sent the message, wall clock (delivery latency)
     * @param retransmit true if this is a repair, not the first transmission
     * @param payload this fragment's bytes
     * @param hops overlay hops travelled so far (0 when sent by the source); forwarding stops at {@link #MAX_HOPS}
     * @param rttFor the receiving site {@code srttNs} is meant for ("" when none): a packet that travels a shared
     *               tree carries one receiver's RTT, taking the receivers in turn (seed 004: the RTT travels to the
     *               receiving delegate piggy-backed on data)
     * @param control the sending delegate's congestion controller's header fields, or null for none
     */
    record Data(String srcSite, String group, long epoch, long seq, String originMember, long originIncarnation,
                long memberSeq, int fragIndex, int fragCount, long sendTimeNs, long srttNs, long sentEpochMicros,
                boolean retransmit, byte[] payload, int hops, String rttFor, ControlBlock control) implements WanPacket {
        /** The most overlay hops a packet may travel: guards against loops while trees change. */
        public static final int MAX_HOPS = 32;

        /** A packet as its source sends it (no hops yet, no RTT for anyone). */
        public Data(String srcSite, String group, long epoch, long seq, String originMember, long originIncarnation,
                    long memberSeq, int fragIndex, int fragCount, long sendTimeNs, long srttNs, long sentEpochMicros,
                    boolean retransmit, byte[] payload) {
            this(srcSite, group, epoch, seq, originMember, originIncarnation, memberSeq, fragIndex, fragCount,
                    sendTimeNs, srttNs, sentEpochMicros, retransmit, payload, 0, "", null);
        }

        /** A packet with a hop count and no RTT for anyone. */
        public Data(String srcSite, String group, long epoch, long seq, String originMember, long originIncarnation,
                    long memberSeq, int fragIndex, int fragCount, long sendTimeNs, long srttNs, long sentEpochMicros,
                    boolean retransmit, byte[] payload, int hops) {
            this(srcSite, group, epoch, seq, originMember, originIncarnation, memberSeq, fragIndex, fragCount,
                    sendTimeNs, srttNs, sentEpochMicros, retransmit, payload, hops, "", null);
        }

        /** A packet with a hop count, an RTT for one receiver and no controller header. */
        public Data(String srcSite, String group, long epoch, long seq, String originMember, long originIncarnation,
                    long memberSeq, int fragIndex, int fragCount, long sendTimeNs, long srttNs, long sentEpochMicros,
                    boolean retransmit, byte[] payload, int hops, String rttFor) {
            this(srcSite, group, epoch, seq, originMember, originIncarnation, memberSeq, fragIndex, fragCount,
                    sendTimeNs, srttNs, sentEpochMicros, retransmit, payload, hops, rttFor, null);
        }

        @Override
        public byte type() {
            return TYPE_DATA;
        }

        /** @return this fragment as sent to one receiving site, carrying that site's smoothed RTT */
        public Data forReceiver(String receiverSite, long receiverSrttNs, boolean asRetransmit) {
            return new Data(srcSite, group, epoch, seq, originMember, originIncarnation, memberSeq, fragIndex, fragCount,
                    sendTimeNs, receiverSrttNs, sentEpochMicros, asRetransmit, payload, hops, receiverSite, control);
        }

        /** @return this fragment as a forwarder passes it on: one more hop, the RTT left as the source set it */
        public Data forwarded() {
            return new Data(srcSite, group, epoch, seq, originMember, originIncarnation, memberSeq, fragIndex, fragCount,
                    sendTimeNs, srttNs, sentEpochMicros, retransmit, payload, hops + 1, rttFor, control);
        }

        /** @return the RTT this packet carries for {@code site}, or 0 if it carries none for it */
        public long srttNsFor(String site) {
            return rttFor.equals(site) ? srttNs : 0;
        }

        /** @return true if this is the last fragment of its message */
        public boolean lastFragment() {
            return fragIndex == fragCount - 1;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Data d && d.seq == seq && d.epoch == epoch && d.memberSeq == memberSeq
                    && d.fragIndex == fragIndex && d.fragCount == fragCount && d.sendTimeNs == sendTimeNs
                    && d.srttNs == srttNs && d.sentEpochMicros == sentEpochMicros && d.retransmit == retransmit
                    && d.hops == hops && d.rttFor.equals(rttFor) && java.util.Objects.equals(d.control, control)
                    && d.originIncarnation == originIncarnation && d.srcSite.equals(srcSite) && d.group.equals(group)
                    && d.originMember.equals(originMember) && Arrays.equals(d.payload, payload);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(seq) * 31 + group.hashCode();
        }

        @Override
        public String toString() {
            return "Data[" + srcSite + "/" + group + " e" + epoch + " #" + seq + " " + originMember + ":" + memberSeq
                    + " frag " + fragIndex + "/" + fragCount + (retransmit ? " rtx" : "") + (hops > 0 ? " hop " + hops : "")
                    + ", " + payload.length + " B]";
        }
    }

    /**
     * A receiving delegate's cumulative acknowledgement of a meta-flow, with an echo for the RTT sample and, if its
     * congestion controller has any, feedback for the sending delegate's controller (TFRC: the acceptable rate of
     * Eq. 1, the receive rate and the loss event rate).
     *
     * @param srcSite the flow's sending site
     * @param group the group
     * @param epoch the flow's epoch
     * @param cumulativeSeq every sequence number up to this one was received and handed to the site (0: none)
     * @param echoSendTimeNs {@code sendTimeNs} of the latest first-transmission packet received (0: none)
     * @param holdNs how long the receiver held that echo before sending this ack (t3 − t2 of seed 004, Fig. 3)
     * @param feedback the receiving delegate's controller's feedback, or null for none
     */
    record Ack(String srcSite, String group, long epoch, long cumulativeSeq, long echoSendTimeNs, long holdNs,
               ControlBlock feedback) implements WanPacket {
        /** An acknowledgement without feedback. */
        public Ack(String srcSite, String group, long epoch, long cumulativeSeq, long echoSendTimeNs, long holdNs) {
            this(srcSite, group, epoch, cumulativeSeq, echoSendTimeNs, holdNs, null);
        }

        @Override
        public byte type() {
            return TYPE_ACK;
        }
    }

    /**
     * A receiving delegate's congestion feedback that does not wait for an acknowledgement (ORMCC's congestion
     * indication, sent when a loss is detected, after its random delay).
     *
     * @param srcSite the flow's sending site
     * @param group the group
     * @param epoch the flow's epoch
     * @param feedback the controller's block; never null
     */
    record CcFeedback(String srcSite, String group, long epoch, ControlBlock feedback) implements WanPacket {
        /** Rejects a missing block. */
        public CcFeedback {
            java.util.Objects.requireNonNull(feedback, "feedback");
        }

        @Override
        public byte type() {
            return TYPE_CC_FEEDBACK;
        }
    }

    /**
     * A negative acknowledgement: the receiving delegate misses these sequence numbers.
     *
     * @param srcSite the flow's sending site
     * @param group the group
     * @param epoch the flow's epoch
     * @param ranges inclusive ranges, as pairs {@code from0, to0, from1, to1, ...}
     */
    record Nak(String srcSite, String group, long epoch, long[] ranges) implements WanPacket {
        /** Largest number of ranges in one NAK. */
        public static final int MAX_RANGES = 128;

        /** Validates the ranges as the decoder does: 1 to 128 pairs, each {@code 1 <= from <= to}. */
        public Nak {
            if (ranges.length == 0 || ranges.length % 2 != 0 || ranges.length > 2 * MAX_RANGES) {
                throw new IllegalArgumentException("a NAK holds 1 to " + MAX_RANGES + " ranges, got " + ranges.length / 2.0);
            }
            for (int i = 0; i < ranges.length; i += 2) {
                if (ranges[i] < 1 || ranges[i] > ranges[i + 1]) {
                    throw new IllegalArgumentException("bad NAK range " + ranges[i] + ".." + ranges[i + 1]);
                }
            }
        }

        @Override
        public byte type() {
            return TYPE_NAK;
        }

        /** @return the number of missing sequence numbers named */
        public long missingCount() {
            long count = 0;
            for (int i = 0; i < ranges.length; i += 2) {
                count += ranges[i + 1] - ranges[i] + 1;
            }
            return count;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Nak n && n.epoch == epoch && n.srcSite.equals(srcSite) && n.group.equals(group)
                    && Arrays.equals(n.ranges, ranges);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ranges) * 31 + group.hashCode();
        }

        @Override
        public String toString() {
            return "Nak[" + srcSite + "/" + group + " e" + epoch + " " + Arrays.toString(ranges) + "]";
        }
    }

    /**
     * From a sending delegate to one receiving delegate: where the receiver's part of the flow starts, and the
     * highest sequence number sent so far (so that a lost tail is detected).
     *
     * @param srcSite the flow's sending site
     * @param group the group
     * @param epoch the flow's epoch
     * @param startSeq the first sequence number meant for this receiver
     * @param highestSeq the highest sequence number sent so far (startSeq − 1 if none yet)
     */
    record Sync(String srcSite, String group, long epoch, long startSeq, long highestSeq) implements WanPacket {
        /** Validates as the decoder does: {@code startSeq >= 1} and {@code highestSeq >= startSeq - 1}. */
        public Sync {
            if (startSeq < 1 || highestSeq < startSeq - 1) {
                throw new IllegalArgumentException("bad sync: start " + startSeq + ", highest " + highestSeq);
            }
        }

        @Override
        public byte type() {
            return TYPE_SYNC;
        }
    }

    /**
     * A delegate's announcement of its site: heartbeat, group memberships, and the delegates it knows (gossip).
     *
     * @param version increases with every change of the memberships within the sender's term
     * @param members the site's members and their groups
     * @param peers other sites' delegates the sender knows; sent only to a site that may lack some of them
     * @param siteSetDigest digest of the set of sites the sender knows, itself included
     *     ({@link org.gcs.alm.overlay.SiteDirectory#siteSetDigest()}): a receiver whose own digest differs sends its
     *     peers back
     * @param treeVersion version of the multicast tree plan the sender uses (0: none)
     * @param links the sender's probe measurements of its links to other sites; sent only to the sites that
     *     coordinate the tree
     * @param knowsReceiver true if the sender counts the receiving site among the live sites (it hears it): a site
     *     that keeps hearing from another that does not hear it back has a one-way link to it
     * @param seenAt where the receiver's datagrams come from as the sender sees them (its reflexive address, past any
     *     NAT, as STUN reports it), or null to an address the sender has not heard from (a seed, a gossiped one)
     */
    record SiteState(long version, List<MemberGroups> members, List<PeerHint> peers, long siteSetDigest,
                     long treeVersion, List<LinkReport> links, boolean knowsReceiver, DelegateAddress seenAt)
            implements WanPacket {
        /** Makes the lists immutable. */
        public SiteState {
            members = List.copyOf(members);
            peers = List.copyOf(peers);
            links = List.copyOf(links);
        }

        /** A state that tells the receiver nothing of its address. */
        public SiteState(long version, List<MemberGroups> members, List<PeerHint> peers, long siteSetDigest,
                         long treeVersion, List<LinkReport> links, boolean knowsReceiver) {
            this(version, members, peers, siteSetDigest, treeVersion, links, knowsReceiver, null);
        }

        /** A state from a sender that hears the receiver. */
        public SiteState(long version, List<MemberGroups> members, List<PeerHint> peers, long siteSetDigest,
                         long treeVersion, List<LinkReport> links) {
            this(version, members, peers, siteSetDigest, treeVersion, links, true);
        }

        /** A state without site-set digest, tree version or link measurements. */
        public SiteState(long version, List<MemberGroups> members, List<PeerHint> peers) {
            this(version, members, peers, 0, 0, List.of());
        }

        @Override
        public byte type() {
            return TYPE_SITE_STATE;
        }
    }

    /**
     * A probe of the link to another delegate; answered at once with a {@link ProbeReply}.
     *
     * @param seq the prober's sequence number
     * @param gossip the SWIM updates it carries ({@link SwimGossip#NONE} with all to all)
     */
    record Probe(long seq, SwimGossip gossip) implements WanPacket {
        /** A probe that carries no update. */
        public Probe(long seq) {
            this(seq, SwimGossip.NONE);
        }

        @Override
        public byte type() {
            return gossip.isNone() ? TYPE_PROBE : TYPE_PROBE_NEWS;
        }
    }

    /**
     * The answer to a {@link Probe}.
     *
     * @param seq the probe's sequence number
     * @param gossip the SWIM updates it carries ({@link SwimGossip#NONE} with all to all)
     */
    record ProbeReply(long seq, SwimGossip gossip) implements WanPacket {
        /** An answer that carries no update. */
        public ProbeReply(long seq) {
            this(seq, SwimGossip.NONE);
        }

        @Override
        public byte type() {
            return gossip.isNone() ? TYPE_PROBE_REPLY : TYPE_PROBE_REPLY_NEWS;
        }
    }

    /**
     * The multicast tree plan published by the coordinating delegate. Every delegate adopts the highest version.
     *
     * @param version increases with every plan, across coordinators
     * @param strategy the name of the strategy that computed it
     * @param sourceRooted true if every source uses its own star over {@code sites}, or its own tree of
     *     {@code sourceTrees} (then {@code edges} is empty)
     * @param root the root of the shared tree (the first site for source-rooted plans)
     * @param sites every site of the plan
     * @param edges the shared tree's edges with the coordinator's cost estimate
     * @param sourceTrees for a plan with a tree per source: one per site, in the order of {@code sites}; empty
     *     otherwise (stars and shared trees)
     */
    record TreeAnnounce(long version, String strategy, boolean sourceRooted, String root, List<String> sites,
                        List<TreeEdge> edges, List<SourceTree> sourceTrees) implements WanPacket {
        /** Makes the lists immutable. */
        public TreeAnnounce {
            sites = List.copyOf(sites);
            edges = List.copyOf(edges);
            sourceTrees = List.copyOf(sourceTrees);
        }

        @Override
        public byte type() {
            return TYPE_TREE;
        }
    }

    /**
     * One edge of a published tree.
     *
     * @param parent the parent site (nearer the root)
     * @param child the child site
     * @param costMicros the link's cost (RTT) as the coordinator estimated it
     */
    record TreeEdge(String parent, String child, long costMicros) {
    }

    /**
     * A data packet on a hop-by-hop link (seeds 001 and 003): one directed tree edge's reliable link, from the
     * envelope's site to the receiving delegate. The link numbers its frames 1, 2, 3, … per link instance; a new
     * instance (a new delegate term, or a link rebuilt after a tree change) has a new {@code linkEpoch}, so frames and
     * acknowledgements of an old instance are recognised and dropped.
     *
     * @param linkEpoch the link instance, chosen by its sending end
     * @param linkSeq the frame's link sequence number, from 1
     * @param data the meta-flow packet it carries
     */
    record HopData(long linkEpoch, long linkSeq, Data data) implements WanPacket {
        /** Rejects a missing packet and numbers no link uses. */
        public HopData {
            java.util.Objects.requireNonNull(data, "data");
            if (linkEpoch < 0 || linkSeq < 1) {
                throw new IllegalArgumentException("need linkEpoch >= 0 and linkSeq >= 1, got " + linkEpoch + " and "
                        + linkSeq);
            }
        }

        @Override
        public byte type() {
            return TYPE_HOP_DATA;
        }
    }

    /**
     * The acknowledgement of a hop-by-hop link, from its receiving end: which link instance, and the link's own
     * acknowledgement (cumulative point, credit as the highest link sequence number the input buffer can hold, up to
     * {@link LinkSettings#MAX_SACK_RANGES} SACK ranges; {@link LinkAck} checks them).
     *
     * @param linkEpoch the link instance it acknowledges
     * @param ack the acknowledgement
     */
    record HopAck(long linkEpoch, LinkAck ack) implements WanPacket {
        /** Rejects a missing acknowledgement, a negative epoch and more SACK ranges than a receiver sends. */
        public HopAck {
            java.util.Objects.requireNonNull(ack, "ack");
            if (linkEpoch < 0 || ack.sackRangeCount() > LinkSettings.MAX_SACK_RANGES) {
                throw new IllegalArgumentException("need linkEpoch >= 0 and at most " + LinkSettings.MAX_SACK_RANGES
                        + " SACK ranges, got " + linkEpoch + " and " + ack.sackRangeCount());
            }
        }

        @Override
        public byte type() {
            return TYPE_HOP_ACK;
        }
    }

    /**
     * The prices of the envelope's site's outgoing overlay links (seed 000 §IV-B.3: "each router will periodically
     * advertise the cost of its links by multicasting a cost update message to all the other daemons"). It names
     * every outgoing link its delegate prices, at 0 when uncongested; a link it leaves out costs 0.
     *
     * @param version the advertiser's counter, from 1; a receiver ignores one not newer than the last it took
     * @param lifetimeMs how long the receivers keep these prices without a newer advertisement (then they fall to 0)
     * @param costs each link's price, by the neighbour it leads to
     */
    record LinkCosts(long version, long lifetimeMs, List<LinkCost> costs) implements WanPacket {
        /** The most links one advertisement names. */
        public static final int MAX_LINKS = 255;

        /** Makes the list immutable and rejects what the wire cannot carry. */
        public LinkCosts {
            costs = List.copyOf(costs);
            if (version < 1 || lifetimeMs < 1 || lifetimeMs > Integer.MAX_VALUE || costs.size() > MAX_LINKS) {
                throw new IllegalArgumentException("need version >= 1, lifetimeMs in [1, 2^31) and at most " + MAX_LINKS
                        + " links, got " + version + ", " + lifetimeMs + " and " + costs.size());
            }
        }

        @Override
        public byte type() {
            return TYPE_LINK_COSTS;
        }
    }
}
