package org.gcs.internal.wire;

import java.util.ArrayList;
import java.util.List;
import org.gcs.cc.link.LinkAck;
import org.gcs.cc.link.LinkSettings;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanBatch;
import org.gcs.internal.wire.WanPacket.CcFeedback;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanFragment;
import org.gcs.internal.wire.WanPacket.HopAck;
import org.gcs.internal.wire.LinkCost;
import org.gcs.internal.wire.WanPacket.LinkCosts;
import org.gcs.internal.wire.WanPacket.HopData;
import org.gcs.internal.wire.LinkReport;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.PeerHint;
import org.gcs.internal.wire.WanPacket.Probe;
import org.gcs.internal.wire.WanPacket.ProbeReply;
import org.gcs.internal.wire.WanSiteConflict;
import org.gcs.internal.wire.WanPacket.SiteState;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.wire.WanPacket.Sync;
import org.gcs.internal.wire.WanPacket.TreeAnnounce;

/**
 * The bodies of the WAN packet types ({@link WanPacket}): their sizes, how they are written and read. The
 * {@link WanCodec} puts a body into a datagram behind the fixed header and protects it; a {@link WanBatch} or
 * a {@link WanFragment} carries bodies of other packets. Reading checks every length and count against what is
 * left and fails with {@link MalformedDatagramException} rather than reading past it.
 */
final class WanPacketCodec {
    private static final int FLAG_RETRANSMIT = 1;
    private static final int FLAG_CONTROL = 2;
    /** Site state flags, bit 0: the sender counts the receiving site among the live ones. */
    private static final int STATE_KNOWS_RECEIVER = 1;
    /** The flag of a site state that carries the address the sender sees the receiver at. */
    private static final int STATE_SEEN_AT = 2;

    private WanPacketCodec() {
    }

    /** @return the bytes of a packet's body (after the type code) */
    static int bodySize(WanPacket packet) {
        if (packet instanceof HopData h) {
            return 8 + 8 + bodySize(h.data());
        } else if (packet instanceof HopAck a) {
            return 8 + 8 + 8 + 1 + 16 * a.ack().sackRangeCount();
        } else if (packet instanceof Data d) {
            return WireWriter.textSize(d.srcSite()) + WireWriter.textSize(d.group()) + 8 + 8
                    + WireWriter.textSize(d.originMember()) + 8 + 8 + 2 + 2 + 8 + 8 + 8 + 1 + 1 + 2 + d.payload().length
                    + WireWriter.optionalTextSize(d.rttFor()) + blockSize(d.control());
        } else if (packet instanceof Ack a) {
            return flowIdSize(a.srcSite(), a.group()) + 8 + 8 + 8 + blockSize(a.feedback());
        } else if (packet instanceof CcFeedback f) {
            return flowIdSize(f.srcSite(), f.group()) + blockSize(f.feedback());
        } else if (packet instanceof Nak n) {
            return flowIdSize(n.srcSite(), n.group()) + 2 + 8 * n.ranges().length;
        } else if (packet instanceof Sync s) {
            return flowIdSize(s.srcSite(), s.group()) + 8 + 8;
        } else if (packet instanceof Probe p) {
            return 8 + (p.gossip().isNone() ? 0 : SwimCodec.gossipSize(p.gossip()));
        } else if (packet instanceof ProbeReply p) {
            return 8 + (p.gossip().isNone() ? 0 : SwimCodec.gossipSize(p.gossip()));
        } else if (packet instanceof WanSwim swim) {
            int size = SwimCodec.size(swim.message()) + 1 + 8;
            for (PeerHint p : swim.addresses()) {
                size += peerHintSize(p);
            }
            return size;
        } else if (packet instanceof WanStateRequest) {
            return 0;
        } else if (packet instanceof TreeAnnounce t) {
            return TreeCodec.size(t);
        } else if (packet instanceof WanFragment f) {
            return 8 + 2 + 2 + 2 + f.chunk().length;
        } else if (packet instanceof WanBatch b) {
            int size = WanBatch.HEADER_BYTES;
            for (WanPacket inner : b.packets()) {
                size += WanBatch.PER_PACKET_BYTES + 1 + bodySize(inner);
            }
            return size;
        } else if (packet instanceof WanSiteConflict c) {
            int size = WireWriter.textSize(c.site()) + 1;
            for (PeerHint p : c.delegates()) {
                size += peerHintSize(p);
            }
            return size;
        } else if (packet instanceof LinkCosts c) {
            int size = 8 + 4 + 1;
            for (LinkCost cost : c.costs()) {
                size += WireWriter.textSize(cost.toSite()) + 2;
            }
            return size;
        } else {
            return siteStateSize((SiteState) packet);
        }
    }

    private static int blockSize(ControlBlock block) {
        return block == null ? 0 : block.wireBytes();
    }

    private static void writeBlock(WireWriter w, ControlBlock block) {
        if (block != null) {
            w.u8(block.tag()).u8(block.body().length).bytes(block.body());
        }
    }

    private static ControlBlock readBlock(WireReader r) throws MalformedDatagramException {
        int tag = r.u8();
        int length = r.u8();
        if (tag == 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "control block with tag 0");
        }
        return new ControlBlock(tag, r.bytes(length));
    }

    private static int flowIdSize(String srcSite, String group) {
        return WireWriter.textSize(srcSite) + WireWriter.textSize(group) + 8;
    }

    private static int siteStateSize(SiteState s) {
        int size = 8 + 2;
        for (MemberGroups m : s.members()) {
            size += WireWriter.textSize(m.name()) + 8 + 2;
            for (String g : m.groups()) {
                size += WireWriter.textSize(g);
            }
        }
        size += 2;
        for (PeerHint p : s.peers()) {
            size += peerHintSize(p);
        }
        size += 8 + 8 + 2;
        for (LinkReport link : s.links()) {
            size += WireWriter.textSize(link.site()) + 8 + 8;
        }
        return size + 1 + (s.seenAt() == null ? 0 : WireWriter.textSize(s.seenAt().host()) + 2);
    }

    static int peerHintSize(PeerHint p) {
        return WireWriter.textSize(p.site()) + 8 + WireWriter.textSize(p.host()) + 2;
    }

    static void writePeerHint(WireWriter w, PeerHint p) {
        w.text(p.site()).i64(p.term()).host(p.host()).u16(p.port());
    }

    static PeerHint readPeerHint(WireReader r) throws MalformedDatagramException {
        String site = r.name("peer.site");
        long term = r.u63("peer.term");
        String host = r.host("peer.host");
        int port = r.u16();
        if (port == 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "peer port 0");
        }
        return new PeerHint(site, term, host, port);
    }

    private static WanSiteConflict readSiteConflict(WireReader r) throws MalformedDatagramException {
        String site = r.name("conflict.site");
        int count = r.u8();
        List<PeerHint> delegates = new ArrayList<>(Math.min(count, WanSiteConflict.MAX_DELEGATES));
        for (int i = 0; i < count && i <= WanSiteConflict.MAX_DELEGATES; i++) {
            delegates.add(readPeerHint(r));
        }
        try {
            return new WanSiteConflict(site, delegates);
        } catch (IllegalArgumentException e) {
            throw new MalformedDatagramException(DropReason.MALFORMED, e.getMessage());
        }
    }

    /** Writes a packet's body (after the type code). */
    static void writeBody(WireWriter w, WanPacket packet) {
        if (packet instanceof HopData h) {
            w.i64(h.linkEpoch()).i64(h.linkSeq());
            writeBody(w, h.data());
        } else if (packet instanceof HopAck a) {
            LinkAck ack = a.ack();
            w.i64(a.linkEpoch()).i64(ack.cumulativeSeq()).i64(ack.windowEndSeq()).u8(ack.sackRangeCount());
            for (int i = 0; i < ack.sackRangeCount(); i++) {
                w.i64(ack.sackFrom(i)).i64(ack.sackTo(i));
            }
        } else if (packet instanceof Data d) {
            w.text(d.srcSite()).text(d.group()).i64(d.epoch()).i64(d.seq()).text(d.originMember())
                    .i64(d.originIncarnation()).i64(d.memberSeq()).u16(d.fragIndex()).u16(d.fragCount())
                    .i64(d.sendTimeNs()).i64(d.srttNs()).i64(d.sentEpochMicros())
                    .u8((d.retransmit() ? FLAG_RETRANSMIT : 0) | (d.control() != null ? FLAG_CONTROL : 0)).u8(d.hops())
                    .optionalText(d.rttFor());
            writeBlock(w, d.control());
            w.u16(d.payload().length).bytes(d.payload());
        } else if (packet instanceof Ack a) {
            w.text(a.srcSite()).text(a.group()).i64(a.epoch()).i64(a.cumulativeSeq()).i64(a.echoSendTimeNs())
                    .i64(a.holdNs());
            writeBlock(w, a.feedback());
        } else if (packet instanceof CcFeedback f) {
            w.text(f.srcSite()).text(f.group()).i64(f.epoch());
            writeBlock(w, f.feedback());
        } else if (packet instanceof Nak n) {
            w.text(n.srcSite()).text(n.group()).i64(n.epoch()).u16(n.ranges().length / 2);
            for (long v : n.ranges()) {
                w.i64(v);
            }
        } else if (packet instanceof Sync s) {
            w.text(s.srcSite()).text(s.group()).i64(s.epoch()).i64(s.startSeq()).i64(s.highestSeq());
        } else if (packet instanceof Probe p) {
            w.i64(p.seq());
            if (!p.gossip().isNone()) {
                SwimCodec.writeGossip(w, p.gossip());
            }
        } else if (packet instanceof ProbeReply p) {
            w.i64(p.seq());
            if (!p.gossip().isNone()) {
                SwimCodec.writeGossip(w, p.gossip());
            }
        } else if (packet instanceof WanSwim swim) {
            SwimCodec.write(w, swim.message());
            w.u8(swim.addresses().size());
            for (PeerHint p : swim.addresses()) {
                writePeerHint(w, p);
            }
            w.i64(swim.siteSetDigest());
        } else if (packet instanceof WanStateRequest) {
            // no body
        } else if (packet instanceof TreeAnnounce t) {
            TreeCodec.write(w, t);
        } else if (packet instanceof WanBatch b) {
            w.u8(b.packets().size());
            for (WanPacket inner : b.packets()) {
                int lengthAt = w.position();
                w.u16(0).u8(inner.type());
                writeBody(w, inner);
                w.u16At(lengthAt, w.position() - lengthAt - WanBatch.PER_PACKET_BYTES); // type and body, once written
            }
        } else if (packet instanceof WanSiteConflict c) {
            w.text(c.site()).u8(c.delegates().size());
            for (PeerHint p : c.delegates()) {
                writePeerHint(w, p);
            }
        } else if (packet instanceof WanFragment f) {
            w.i64(f.packetId()).u16(f.index()).u16(f.count()).u16(f.chunk().length).bytes(f.chunk());
        } else if (packet instanceof LinkCosts c) {
            w.i64(c.version()).u16((int) (c.lifetimeMs() >>> 16)).u16((int) (c.lifetimeMs() & 0xFFFF))
                    .u8(c.costs().size());
            for (LinkCost cost : c.costs()) {
                w.text(cost.toSite()).u16(cost.milliDollars());
            }
        } else {
            SiteState s = (SiteState) packet;
            w.i64(s.version()).u16(s.members().size());
            for (MemberGroups m : s.members()) {
                w.text(m.name()).i64(m.incarnation()).u16(m.groups().size());
                for (String g : m.groups()) {
                    w.text(g);
                }
            }
            w.u16(s.peers().size());
            for (PeerHint p : s.peers()) {
                writePeerHint(w, p);
            }
            w.i64(s.siteSetDigest()).i64(s.treeVersion()).u16(s.links().size());
            for (LinkReport link : s.links()) {
                w.text(link.site()).i64(link.rttMicros()).i64(link.lossPpm());
            }
            w.u8((s.knowsReceiver() ? STATE_KNOWS_RECEIVER : 0) | (s.seenAt() == null ? 0 : STATE_SEEN_AT));
            if (s.seenAt() != null) {
                w.host(s.seenAt().host()).u16(s.seenAt().port());
            }
        }
    }


    /**
     * Reads a packet's body of the given type.
     *
     * @throws MalformedDatagramException ({@code unknown-type}, {@code malformed}) if the bytes are not such a body
     */
    static WanPacket readPacket(int type, WireReader r) throws MalformedDatagramException {
        return switch (type) {
            case WanPacket.TYPE_DATA -> readData(r);
            case WanPacket.TYPE_ACK -> new Ack(r.name("srcSite"), r.name("group"), r.u63("epoch"), r.u63("cumulativeSeq"),
                    r.i64(), r.u63("holdNs"), r.remaining() > 0 ? readBlock(r) : null);
            case WanPacket.TYPE_CC_FEEDBACK -> new CcFeedback(r.name("srcSite"), r.name("group"), r.u63("epoch"),
                    readBlock(r));
            case WanPacket.TYPE_NAK -> readNak(r);
            case WanPacket.TYPE_SYNC -> readSync(r);
            case WanPacket.TYPE_SITE_STATE -> readSiteState(r);
            case WanPacket.TYPE_PROBE -> new Probe(r.u63("probe.seq"));
            case WanPacket.TYPE_PROBE_REPLY -> new ProbeReply(r.u63("probe.seq"));
            case WanPacket.TYPE_PROBE_NEWS -> new Probe(r.u63("probe.seq"), SwimCodec.readGossip(r));
            case WanPacket.TYPE_PROBE_REPLY_NEWS -> new ProbeReply(r.u63("probe.seq"), SwimCodec.readGossip(r));
            case WanPacket.TYPE_TREE -> TreeCodec.read(r);
            case WanPacket.TYPE_HOP_DATA -> readHopData(r);
            case WanPacket.TYPE_HOP_ACK -> readHopAck(r);
            case WanPacket.TYPE_LINK_COSTS -> readLinkCosts(r);
            case WanPacket.TYPE_FRAGMENT -> readFragment(r);
            case WanPacket.TYPE_SITE_CONFLICT -> readSiteConflict(r);
            case WanPacket.TYPE_BATCH -> readBatch(r);
            case WanPacket.TYPE_SWIM -> readSwim(r);
            case WanPacket.TYPE_STATE_REQUEST -> new WanStateRequest();
            default -> throw new MalformedDatagramException(DropReason.UNKNOWN_TYPE, "type " + type);
        };
    }

    private static WanSwim readSwim(WireReader r) throws MalformedDatagramException {
        org.gcs.alm.swim.SwimMessage message = SwimCodec.read(r);
        return new WanSwim(message, SwimCodec.readAddresses(r), r.i64());
    }

    private static WanBatch readBatch(WireReader r) throws MalformedDatagramException {
        int count = r.u8();
        if (count < 2) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "a batch of " + count + " packets");
        }
        List<WanPacket> packets = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int length = r.u16();
            if (length < 1 || length > r.remaining()) {
                throw new MalformedDatagramException(DropReason.TRUNCATED, "batch packet " + i + " claims " + length
                        + " bytes, " + r.remaining() + " left");
            }
            WireReader inner = r.slice(length);
            int type = inner.u8();
            if (type == WanPacket.TYPE_BATCH) {
                throw new MalformedDatagramException(DropReason.MALFORMED, "a batch inside a batch");
            }
            packets.add(readPacket(type, inner));
            if (inner.remaining() != 0) {
                throw new MalformedDatagramException(DropReason.MALFORMED, "batch packet " + i + ": "
                        + inner.remaining() + " trailing bytes");
            }
        }
        return new WanBatch(packets);
    }

    private static WanFragment readFragment(WireReader r) throws MalformedDatagramException {
        long packetId = r.u63("fragment.packetId");
        int index = r.u16();
        int count = r.u16();
        byte[] chunk = r.bytes(r.u16());
        try {
            return new WanFragment(packetId, index, count, chunk);
        } catch (IllegalArgumentException e) {
            throw new MalformedDatagramException(DropReason.MALFORMED, e.getMessage());
        }
    }

    private static HopData readHopData(WireReader r) throws MalformedDatagramException {
        long linkEpoch = r.u63("linkEpoch");
        long linkSeq = r.u63("linkSeq");
        if (linkSeq == 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "link sequence number 0");
        }
        return new HopData(linkEpoch, linkSeq, readData(r));
    }

    private static LinkCosts readLinkCosts(WireReader r) throws MalformedDatagramException {
        long version = r.u63("linkCosts.version");
        long lifetimeMs = r.u32("linkCosts.lifetimeMs");
        int count = r.u8();
        List<LinkCost> costs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            costs.add(new LinkCost(r.name("linkCosts.toSite"), r.u16()));
        }
        try {
            return new LinkCosts(version, lifetimeMs, costs);
        } catch (IllegalArgumentException e) {
            throw new MalformedDatagramException(DropReason.MALFORMED, e.getMessage());
        }
    }

    private static HopAck readHopAck(WireReader r) throws MalformedDatagramException {
        long linkEpoch = r.u63("linkEpoch");
        long cumulative = r.u63("cumulativeSeq");
        long windowEnd = r.u63("windowEndSeq");
        int count = r.u8();
        if (count > LinkSettings.MAX_SACK_RANGES) {
            throw new MalformedDatagramException(DropReason.MALFORMED, count + " SACK ranges");
        }
        long[] ranges = new long[2 * count];
        for (int i = 0; i < ranges.length; i++) {
            ranges[i] = r.u63("sack");
        }
        try {
            return new HopAck(linkEpoch, new LinkAck(cumulative, windowEnd, ranges));
        } catch (IllegalArgumentException e) {
            throw new MalformedDatagramException(DropReason.MALFORMED, e.getMessage());
        }
    }

    private static Data readData(WireReader r) throws MalformedDatagramException {
        String srcSite = r.name("srcSite");
        String group = r.name("group");
        long epoch = r.u63("epoch");
        long seq = r.u63("seq");
        String origin = r.name("originMember");
        long incarnation = r.i64();
        long memberSeq = r.u63("memberSeq");
        int fragIndex = r.u16();
        int fragCount = r.u16();
        long sendTimeNs = r.i64();
        long srttNs = r.u63("srttNs");
        long sentEpochMicros = r.i64();
        int flags = r.u8();
        int hops = r.u8();
        String rttFor = r.optionalName("rttFor");
        ControlBlock control = (flags & FLAG_CONTROL) != 0 ? readBlock(r) : null;
        int payloadLength = r.u16();
        byte[] payload = r.bytes(payloadLength);
        if (seq == 0 || memberSeq == 0 || fragCount == 0 || fragIndex >= fragCount
                || (flags & ~(FLAG_RETRANSMIT | FLAG_CONTROL)) != 0
                || hops > Data.MAX_HOPS) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "inconsistent data header");
        }
        return new Data(srcSite, group, epoch, seq, origin, incarnation, memberSeq, fragIndex, fragCount, sendTimeNs,
                srttNs, sentEpochMicros, (flags & FLAG_RETRANSMIT) != 0, payload, hops, rttFor, control);
    }

    private static Nak readNak(WireReader r) throws MalformedDatagramException {
        String srcSite = r.name("srcSite");
        String group = r.name("group");
        long epoch = r.u63("epoch");
        int count = r.u16();
        if (count == 0 || count > Nak.MAX_RANGES) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "NAK with " + count + " ranges");
        }
        long[] ranges = new long[2 * count];
        for (int i = 0; i < ranges.length; i += 2) {
            ranges[i] = r.u63("nak.from");
            ranges[i + 1] = r.u63("nak.to");
            if (ranges[i] == 0 || ranges[i] > ranges[i + 1]) {
                throw new MalformedDatagramException(DropReason.MALFORMED, "NAK range " + ranges[i] + ".." + ranges[i + 1]);
            }
        }
        return new Nak(srcSite, group, epoch, ranges);
    }

    private static Sync readSync(WireReader r) throws MalformedDatagramException {
        String srcSite = r.name("srcSite");
        String group = r.name("group");
        long epoch = r.u63("epoch");
        long start = r.u63("startSeq");
        long highest = r.u63("highestSeq");
        if (start == 0 || highest < start - 1) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "sync start " + start + " highest " + highest);
        }
        return new Sync(srcSite, group, epoch, start, highest);
    }

    private static SiteState readSiteState(WireReader r) throws MalformedDatagramException {
        long version = r.u63("version");
        int memberCount = r.u16();
        List<MemberGroups> members = new ArrayList<>(Math.min(memberCount, 1024));
        for (int i = 0; i < memberCount; i++) {
            String name = r.name("member");
            long incarnation = r.i64();
            int groupCount = r.u16();
            List<String> groups = new ArrayList<>(Math.min(groupCount, 1024));
            for (int g = 0; g < groupCount; g++) {
                groups.add(r.name("group"));
            }
            members.add(new MemberGroups(name, incarnation, groups));
        }
        int peerCount = r.u16();
        List<PeerHint> peers = new ArrayList<>(Math.min(peerCount, 1024));
        for (int i = 0; i < peerCount; i++) {
            peers.add(readPeerHint(r));
        }
        long siteSetDigest = r.i64();
        long treeVersion = r.u63("treeVersion");
        int linkCount = r.u16();
        List<LinkReport> links = new ArrayList<>(Math.min(linkCount, 1024));
        for (int i = 0; i < linkCount; i++) {
            links.add(new LinkReport(r.name("link.site"), r.u63("link.rtt"), r.u63("link.loss")));
        }
        int flags = r.u8();
        if ((flags & ~(STATE_KNOWS_RECEIVER | STATE_SEEN_AT)) != 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "site state flags " + flags);
        }
        DelegateAddress seenAt = null;
        if ((flags & STATE_SEEN_AT) != 0) {
            String host = r.host("seenAt.host");
            int port = r.u16();
            if (port == 0) {
                throw new MalformedDatagramException(DropReason.MALFORMED, "seen-at port 0");
            }
            seenAt = new DelegateAddress(host, port);
        }
        return new SiteState(version, members, peers, siteSetDigest, treeVersion, links,
                (flags & STATE_KNOWS_RECEIVER) != 0, seenAt);
    }
}
