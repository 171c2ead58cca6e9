package org.gcs.internal.wire;

import java.util.Arrays;
import java.util.List;
import org.gcs.internal.wire.MemberGroups;

/**
 * Messages among the members of one site, carried by the LAN cluster (JGroups: reliable, FIFO per sender).
 * {@link LanCodec} turns them into bytes.
 */
public sealed interface LanMessage {

    /**
     * A member's message to a group, multicast in its own site. Members of the group deliver it; the delegate
     * also forwards it over the WAN.
     *
     * @param member the sending member
     * @param incarnation the sender's incarnation
     * @param group the group
     * @param memberSeq the sender's sequence number for this group, from 1
     * @param sentEpochMicros wall-clock send time (for the delivery-latency metric)
     * @param resend true when re-sent to a new delegate after a delegate change
     * @param payload the bytes
     */
    record LocalData(String member, long incarnation, String group, long memberSeq, long sentEpochMicros,
                     boolean resend, byte[] payload) implements LanMessage {
        @Override
        public boolean equals(Object o) {
            return o instanceof LocalData d && d.incarnation == incarnation && d.memberSeq == memberSeq
                    && d.sentEpochMicros == sentEpochMicros && d.resend == resend && d.member.equals(member)
                    && d.group.equals(group) && Arrays.equals(d.payload, payload);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(memberSeq) * 31 + member.hashCode();
        }

        @Override
        public String toString() {
            return "LocalData[" + member + " -> " + group + " #" + memberSeq + (resend ? " resend" : "") + ", "
                    + payload.length + " B]";
        }
    }

    /**
     * A message from another site, handed to this site by its delegate.
     *
     * @param originSite the sender's site
     * @param member the sending member
     * @param incarnation the sender's incarnation
     * @param group the group
     * @param memberSeq the sender's sequence number for this group
     * @param sentEpochMicros wall-clock send time
     * @param payload the bytes
     */
    record RemoteData(String originSite, String member, long incarnation, String group, long memberSeq,
                      long sentEpochMicros, byte[] payload) implements LanMessage {
        @Override
        public boolean equals(Object o) {
            return o instanceof RemoteData d && d.incarnation == incarnation && d.memberSeq == memberSeq
                    && d.sentEpochMicros == sentEpochMicros && d.originSite.equals(originSite)
                    && d.member.equals(member) && d.group.equals(group) && Arrays.equals(d.payload, payload);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(memberSeq) * 31 + member.hashCode();
        }

        @Override
        public String toString() {
            return "RemoteData[" + originSite + "/" + member + " -> " + group + " #" + memberSeq + ", "
                    + payload.length + " B]";
        }
    }

    /**
     * A member's full list of joined groups, sent on every change and whenever the site's view changes.
     *
     * @param member the member
     * @param incarnation its incarnation
     * @param version increases with every announcement of this incarnation
     * @param groups the joined groups
     */
    record MemberAnnounce(String member, long incarnation, long version, List<String> groups) implements LanMessage {
        /** Makes the list immutable. */
        public MemberAnnounce {
            groups = List.copyOf(groups);
        }
    }

    /**
     * The delegate's picture of the other sites, multicast to its site when it changes.
     *
     * @param delegateTerm the term of the delegate that sent it
     * @param sites the live remote sites
     */
    record RemoteSites(long delegateTerm, List<RemoteSite> sites) implements LanMessage {
        /** Makes the list immutable. */
        public RemoteSites {
            sites = List.copyOf(sites);
        }
    }

    /**
     * One remote site as a delegate knows it.
     *
     * @param site the site
     * @param term its delegate's term
     * @param host its delegate's WAN host
     * @param port its delegate's WAN port
     * @param stateVersion version of {@code members} within the term
     * @param members its members and their groups
     */
    record RemoteSite(String site, long term, String host, int port, long stateVersion, List<MemberGroups> members) {
        /** Makes the list immutable. */
        public RemoteSite {
            members = List.copyOf(members);
        }
    }

    /**
     * The delegate's news that messages became stable (every receiving site acknowledged them): their senders
     * may release them from the send window.
     *
     * @param delegateTerm the term of the delegate that sent it
     * @param marks for each (member, group), the highest stable sequence number
     */
    record Stable(long delegateTerm, List<StableMark> marks) implements LanMessage {
        /** Makes the list immutable. */
        public Stable {
            marks = List.copyOf(marks);
        }
    }

    /**
     * Everything a member sent to a group up to {@code memberSeq} is stable.
     *
     * @param member the sender
     * @param incarnation its incarnation
     * @param group the group
     * @param memberSeq the highest stable sequence number
     */
    record StableMark(String member, long incarnation, String group, long memberSeq) {
    }

    /**
     * A member's report to its delegate of the messages from other sites it holds: per origin, the highest
     * sequence number it received from the delegate (it received every earlier one the delegate handed to the
     * site since the member joined the LAN). The delegate acknowledges a message over the WAN only once every
     * member holds it, so a new delegate never has to recover what its predecessor had acknowledged.
     *
     * @param member the reporting member
     * @param incarnation its incarnation
     * @param marks per origin, the highest sequence number held
     */
    record Held(String member, long incarnation, List<HeldMark> marks) implements LanMessage {
        /** Makes the list immutable. */
        public Held {
            marks = List.copyOf(marks);
        }
    }

    /**
     * A member holds every message of one origin up to {@code memberSeq} that the delegate handed to the site.
     *
     * @param originSite the sender's site
     * @param originMember the sender
     * @param originIncarnation the sender's incarnation
     * @param group the group
     * @param memberSeq the highest sequence number held
     */
    record HeldMark(String originSite, String originMember, long originIncarnation, String group, long memberSeq) {
    }

    /**
     * A member's marker, sent after it re-sent its unstable messages to a new delegate: from here on its
     * messages are new. Until the delegate sees it, it ignores that member's first transmissions (they reach
     * it again as re-sends), which keeps each member's messages in order across a delegate change.
     *
     * @param member the member
     * @param incarnation its incarnation
     * @param delegate the delegate it addresses
     * @param delegateIncarnation that delegate's incarnation
     */
    record Handover(String member, long incarnation, String delegate, long delegateIncarnation) implements LanMessage {
    }

    /**
     * The delegate asks a member to hand over again: the member's messages keep arriving as first transmissions, but
     * its {@link Handover} never reached this delegate's role. That happens when the LAN delivers the member's hand-over
     * to this node before the view that made it delegate (JGroups does not order views and messages of a merge), so
     * the role that took it was replaced. The member re-sends what is not stable, then a new {@link Handover}.
     *
     * @param delegateTerm the term of the delegate that asks
     * @param member the member asked
     * @param incarnation its incarnation
     */
    record HandoverRequest(long delegateTerm, String member, long incarnation) implements LanMessage {
    }

    /**
     * The delegate's word that another delegate announces this site's name at once (two LANs configured with one
     * {@code site}, or the LAN split): multicast each heartbeat while it lasts and once when it is over. While it
     * lasts, the members admit no new message: neither LAN's messages reach the remote sites reliably, so senders
     * wait instead of losing (architecture §5).
     *
     * @param delegateTerm the term of the delegate that sent it
     * @param conflicted true while the name is conflicted, false once it is over
     */
    record SiteConflictNotice(long delegateTerm, boolean conflicted) implements LanMessage {
    }

    /**
     * A member whose process stood still for longer than the LAN's suspicion time asks whether its site still counts
     * it ({@code StallHold}): the most senior other member of the LAN view answers with a {@link MembershipConfirm}
     * if that view lists it. A member its site excluded gets no answer (its multicasts no longer reach the others) and
     * waits for the merge.
     *
     * @param member the asking member
     * @param incarnation its incarnation
     * @param probe the number of its stall (from 1, one more each time), echoed in the answer
     */
    record MembershipProbe(String member, long incarnation, long probe) implements LanMessage {
    }

    /**
     * The answer to a {@link MembershipProbe}: the LAN view of the answering member lists the asking one.
     *
     * @param lanViewId the id of that LAN view
     * @param answerer the answering member (the most senior other member of that view)
     * @param answererIncarnation its incarnation
     * @param member the asking member
     * @param incarnation its incarnation
     * @param probe the probe's number
     */
    record MembershipConfirm(long lanViewId, String answerer, long answererIncarnation, String member,
                             long incarnation, long probe) implements LanMessage {
    }

    /**
     * The multicast tree plan the delegate uses, multicast to its site when it changes (members show it through
     * the API and keep it for when they become delegate).
     *
     * @param delegateTerm the term of the delegate that sent it
     * @param tree the plan
     */
    record TreeInfo(long delegateTerm, WanPacket.TreeAnnounce tree) implements LanMessage {
    }

    /**
     * A local sender's rate request for one group, sent to its delegate (seed 004 §4.3.1).
     *
     * @param member the sender
     * @param incarnation its incarnation
     * @param group the group
     * @param requestBytesPerSec the rate it asks for
     * @param windowFull whether its sending window is full (the application waits)
     */
    record Demand(String member, long incarnation, String group, long requestBytesPerSec, boolean windowFull)
            implements LanMessage {
    }

    /**
     * The delegate's max-min fair split of a group's aggregate rate among its local senders.
     *
     * @param delegateTerm the term of the delegate that sent it
     * @param group the group
     * @param allowedRateBytesPerSec the group's aggregate rate ({@code Long.MAX_VALUE}: unlimited)
     * @param limitingSite the receiving site that limits it ("" when none)
     * @param shares each sender's grant
     */
    record Grant(long delegateTerm, String group, long allowedRateBytesPerSec, String limitingSite, List<Share> shares)
            implements LanMessage {
        /** Makes the list immutable. */
        public Grant {
            shares = List.copyOf(shares);
        }
    }

    /**
     * One sender's part of a {@link Grant}.
     *
     * @param member the sender
     * @param incarnation its incarnation
     * @param rateBytesPerSec its granted rate ({@code Long.MAX_VALUE}: unlimited)
     */
    record Share(String member, long incarnation, long rateBytesPerSec) {
    }

    /**
     * The price of a group's packets under a price-based congestion controller (seed 000's cost-benefit, Eq. 8), and
     * the salary every sender earns per salary period: the sending delegate hands out both to all its site's senders
     * of the group, which buy packets from their own budgets.
     *
     * @param delegateTerm the term of the delegate that sent it
     * @param group the group
     * @param priceMicroDollars the price of one packet, in millionths of a dollar; positive
     * @param salaryMicroDollars the salary per period, in millionths of a dollar; positive
     */
    record PacketPrice(long delegateTerm, String group, long priceMicroDollars, long salaryMicroDollars)
            implements LanMessage {
        /** Rejects prices and salaries that are not positive. */
        public PacketPrice {
            if (priceMicroDollars <= 0 || salaryMicroDollars <= 0) {
                throw new IllegalArgumentException("price and salary must be positive, got " + priceMicroDollars
                        + " and " + salaryMicroDollars + " micro-dollars");
            }
        }
    }
}
