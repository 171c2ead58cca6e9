package org.gcs.internal.wire;

import java.util.ArrayList;
import java.util.List;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.Grant;
import org.gcs.internal.wire.LanMessage.PacketPrice;
import org.gcs.internal.wire.LanMessage.SiteConflictNotice;
import org.gcs.internal.wire.LanMessage.Handover;
import org.gcs.internal.wire.LanMessage.HandoverRequest;
import org.gcs.internal.wire.LanMessage.Held;
import org.gcs.internal.wire.LanMessage.HeldMark;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.MemberAnnounce;
import org.gcs.internal.wire.LanMessage.MembershipConfirm;
import org.gcs.internal.wire.LanMessage.MembershipProbe;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.LanMessage.RemoteSite;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.LanMessage.Share;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.internal.wire.LanMessage.TreeInfo;
import org.gcs.internal.wire.LanMessage.StableMark;
import org.gcs.internal.wire.MemberGroups;

/**
 * Encodes {@link LanMessage}s for the LAN cluster: one version byte, one type byte, then the fields (the LAN
 * transport already frames, orders and retransmits). Stateless and thread-safe.
 */
public final class LanCodec {
    /** The LAN format version. */
    public static final int VERSION = 1;
    private static final int LOCAL_DATA = 1;
    private static final int REMOTE_DATA = 2;
    private static final int ANNOUNCE = 3;
    private static final int REMOTE_SITES = 4;
    private static final int STABLE = 5;
    private static final int HANDOVER = 6;
    private static final int TREE_INFO = 7;
    private static final int DEMAND = 8;
    private static final int GRANT = 9;
    private static final int HELD = 10;
    private static final int PACKET_PRICE = 11;
    // 12 is LanBundle.TYPE: a receiver takes a message of that type for a bundle of messages
    private static final int HANDOVER_REQUEST = 13;
    private static final int SITE_CONFLICT_NOTICE = 14;
    private static final int MEMBERSHIP_PROBE = 15;
    private static final int MEMBERSHIP_CONFIRM = 16;
    private static final int FLAG_RESEND = 1;

    private LanCodec() {
    }

    /**
     * The size of a data message ({@link LocalData}, {@link RemoteData}) as {@link #writeData} writes it, so that it
     * can be encoded later straight into the datagram that carries it.
     *
     * @return the encoded size of a data message, or -1 for any other message
     * @throws IllegalArgumentException if a name cannot be encoded (as {@link #encode} would throw)
     */
    public static int dataSize(LanMessage message) {
        if (message instanceof LocalData d) {
            return 2 + WireWriter.checkedTextSize(d.member()) + 8 + WireWriter.checkedTextSize(d.group()) + 8 + 8 + 1
                    + 4 + d.payload().length;
        } else if (message instanceof RemoteData d) {
            return 2 + WireWriter.checkedTextSize(d.originSite()) + WireWriter.checkedTextSize(d.member()) + 8
                    + WireWriter.checkedTextSize(d.group()) + 8 + 8 + 4 + d.payload().length;
        }
        return -1;
    }

    /**
     * Encodes a data message into {@code dest} from {@code offset}, {@link #dataSize} bytes; the same bytes as
     * {@link #encode}.
     *
     * @return the offset after the message
     * @throws IllegalArgumentException if the message is no data message
     */
    public static int writeData(LanMessage message, byte[] dest, int offset) {
        WireWriter w = new WireWriter(dest, offset);
        if (message instanceof LocalData d) {
            w.u8(VERSION).u8(LOCAL_DATA).text(d.member()).i64(d.incarnation()).text(d.group()).i64(d.memberSeq())
                    .i64(d.sentEpochMicros()).u8(d.resend() ? FLAG_RESEND : 0);
            writeBlob(w, d.payload());
        } else if (message instanceof RemoteData d) {
            w.u8(VERSION).u8(REMOTE_DATA).text(d.originSite()).text(d.member()).i64(d.incarnation()).text(d.group())
                    .i64(d.memberSeq()).i64(d.sentEpochMicros());
            writeBlob(w, d.payload());
        } else {
            throw new IllegalArgumentException("not a data message: " + message);
        }
        return w.position();
    }

    /** @return the message as bytes */
    public static byte[] encode(LanMessage message) {
        int dataSize = dataSize(message);
        if (dataSize >= 0) {
            byte[] bytes = new byte[dataSize];
            writeData(message, bytes, 0);
            return bytes;
        } else if (message instanceof MemberAnnounce a) {
            int size = 2 + WireWriter.textSize(a.member()) + 8 + 8 + 2;
            for (String g : a.groups()) {
                size += WireWriter.textSize(g);
            }
            WireWriter w = new WireWriter(size);
            w.u8(VERSION).u8(ANNOUNCE).text(a.member()).i64(a.incarnation()).i64(a.version()).u16(a.groups().size());
            for (String g : a.groups()) {
                w.text(g);
            }
            return w.array();
        } else if (message instanceof RemoteSites r) {
            int size = 2 + 8 + 2;
            for (RemoteSite s : r.sites()) {
                size += WireWriter.textSize(s.site()) + 8 + WireWriter.textSize(s.host()) + 2 + 8 + membersSize(s.members());
            }
            WireWriter w = new WireWriter(size);
            w.u8(VERSION).u8(REMOTE_SITES).i64(r.delegateTerm()).u16(r.sites().size());
            for (RemoteSite s : r.sites()) {
                w.text(s.site()).i64(s.term()).host(s.host()).u16(s.port()).i64(s.stateVersion());
                writeMembers(w, s.members());
            }
            return w.array();
        } else if (message instanceof Demand d) {
            WireWriter w = new WireWriter(2 + WireWriter.textSize(d.member()) + 8 + WireWriter.textSize(d.group()) + 8 + 1);
            return w.u8(VERSION).u8(DEMAND).text(d.member()).i64(d.incarnation()).text(d.group())
                    .i64(d.requestBytesPerSec()).u8(d.windowFull() ? 1 : 0).array();
        } else if (message instanceof Grant g) {
            int size = 2 + 8 + WireWriter.textSize(g.group()) + 8 + WireWriter.optionalTextSize(g.limitingSite()) + 2;
            for (Share share : g.shares()) {
                size += WireWriter.textSize(share.member()) + 8 + 8;
            }
            WireWriter w = new WireWriter(size);
            w.u8(VERSION).u8(GRANT).i64(g.delegateTerm()).text(g.group()).i64(g.allowedRateBytesPerSec())
                    .optionalText(g.limitingSite()).u16(g.shares().size());
            for (Share share : g.shares()) {
                w.text(share.member()).i64(share.incarnation()).i64(share.rateBytesPerSec());
            }
            return w.array();
        } else if (message instanceof PacketPrice p) {
            WireWriter w = new WireWriter(2 + 8 + WireWriter.textSize(p.group()) + 8 + 8);
            return w.u8(VERSION).u8(PACKET_PRICE).i64(p.delegateTerm()).text(p.group()).i64(p.priceMicroDollars())
                    .i64(p.salaryMicroDollars()).array();
        } else if (message instanceof TreeInfo t) {
            WireWriter w = new WireWriter(2 + 8 + TreeCodec.size(t.tree()));
            w.u8(VERSION).u8(TREE_INFO).i64(t.delegateTerm());
            TreeCodec.write(w, t.tree());
            return w.array();
        } else if (message instanceof Handover h) {
            WireWriter w = new WireWriter(2 + WireWriter.textSize(h.member()) + 8 + WireWriter.textSize(h.delegate()) + 8);
            return w.u8(VERSION).u8(HANDOVER).text(h.member()).i64(h.incarnation()).text(h.delegate())
                    .i64(h.delegateIncarnation()).array();
        } else if (message instanceof SiteConflictNotice n) {
            return new WireWriter(2 + 8 + 1).u8(VERSION).u8(SITE_CONFLICT_NOTICE).i64(n.delegateTerm())
                    .u8(n.conflicted() ? 1 : 0).array();
        } else if (message instanceof HandoverRequest h) {
            WireWriter w = new WireWriter(2 + 8 + WireWriter.textSize(h.member()) + 8);
            return w.u8(VERSION).u8(HANDOVER_REQUEST).i64(h.delegateTerm()).text(h.member()).i64(h.incarnation())
                    .array();
        } else if (message instanceof MembershipProbe p) {
            WireWriter w = new WireWriter(2 + WireWriter.textSize(p.member()) + 8 + 8);
            return w.u8(VERSION).u8(MEMBERSHIP_PROBE).text(p.member()).i64(p.incarnation()).i64(p.probe()).array();
        } else if (message instanceof MembershipConfirm c) {
            WireWriter w = new WireWriter(2 + 8 + WireWriter.textSize(c.answerer()) + 8 + WireWriter.textSize(c.member())
                    + 8 + 8);
            return w.u8(VERSION).u8(MEMBERSHIP_CONFIRM).i64(c.lanViewId()).text(c.answerer())
                    .i64(c.answererIncarnation()).text(c.member()).i64(c.incarnation()).i64(c.probe()).array();
        } else if (message instanceof Held h) {
            int size = 2 + WireWriter.textSize(h.member()) + 8 + 2;
            for (HeldMark m : h.marks()) {
                size += WireWriter.textSize(m.originSite()) + WireWriter.textSize(m.originMember()) + 8
                        + WireWriter.textSize(m.group()) + 8;
            }
            WireWriter w = new WireWriter(size);
            w.u8(VERSION).u8(HELD).text(h.member()).i64(h.incarnation()).u16(h.marks().size());
            for (HeldMark m : h.marks()) {
                w.text(m.originSite()).text(m.originMember()).i64(m.originIncarnation()).text(m.group())
                        .i64(m.memberSeq());
            }
            return w.array();
        } else {
            Stable s = (Stable) message;
            int size = 2 + 8 + 4;
            for (StableMark m : s.marks()) {
                size += WireWriter.textSize(m.member()) + 8 + WireWriter.textSize(m.group()) + 8;
            }
            WireWriter w = new WireWriter(size);
            w.u8(VERSION).u8(STABLE).i64(s.delegateTerm()).u16(s.marks().size() >>> 16).u16(s.marks().size() & 0xffff);
            for (StableMark m : s.marks()) {
                w.text(m.member()).i64(m.incarnation()).text(m.group()).i64(m.memberSeq());
            }
            return w.array();
        }
    }

    private static byte[] writeBlob(WireWriter w, byte[] payload) {
        w.u16(payload.length >>> 16).u16(payload.length & 0xffff).bytes(payload);
        return w.array();
    }

    private static int membersSize(List<MemberGroups> members) {
        int size = 2;
        for (MemberGroups m : members) {
            size += WireWriter.textSize(m.name()) + 8 + 2;
            for (String g : m.groups()) {
                size += WireWriter.textSize(g);
            }
        }
        return size;
    }

    private static void writeMembers(WireWriter w, List<MemberGroups> members) {
        w.u16(members.size());
        for (MemberGroups m : members) {
            w.text(m.name()).i64(m.incarnation()).u16(m.groups().size());
            for (String g : m.groups()) {
                w.text(g);
            }
        }
    }

    /**
     * @return the decoded message
     * @throws MalformedDatagramException if the bytes are not a valid LAN message
     */
    public static LanMessage decode(byte[] bytes, int offset, int length) throws MalformedDatagramException {
        WireReader r = new WireReader(bytes, offset, offset + length);
        int version = r.u8();
        if (version != VERSION) {
            throw new MalformedDatagramException(DropReason.UNSUPPORTED_VERSION, "LAN version " + version);
        }
        int type = r.u8();
        LanMessage message = switch (type) {
            case LOCAL_DATA -> {
                String member = r.name("member");
                long incarnation = r.i64();
                String group = r.name("group");
                long memberSeq = positive(r.u63("memberSeq"), "memberSeq");
                long sent = r.i64();
                int flags = r.u8();
                yield new LocalData(member, incarnation, group, memberSeq, sent, (flags & FLAG_RESEND) != 0, readBlob(r));
            }
            case REMOTE_DATA -> new RemoteData(r.name("originSite"), r.name("member"), r.i64(), r.name("group"),
                    positive(r.u63("memberSeq"), "memberSeq"), r.i64(), readBlob(r));
            case ANNOUNCE -> {
                String member = r.name("member");
                long incarnation = r.i64();
                long version2 = r.u63("version");
                int count = r.u16();
                List<String> groups = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    groups.add(r.name("group"));
                }
                yield new MemberAnnounce(member, incarnation, version2, groups);
            }
            case REMOTE_SITES -> {
                long term = r.u63("delegateTerm");
                int count = r.u16();
                List<RemoteSite> sites = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    sites.add(new RemoteSite(r.name("site"), r.u63("term"), r.host("host"), r.u16(), r.i64(),
                            readMembers(r)));
                }
                yield new RemoteSites(term, sites);
            }
            case STABLE -> {
                long term = r.u63("delegateTerm");
                int count = r.u32("mark count");
                List<StableMark> marks = new ArrayList<>(Math.min(count, 4096));
                for (int i = 0; i < count; i++) {
                    marks.add(new StableMark(r.name("member"), r.i64(), r.name("group"), r.u63("memberSeq")));
                }
                yield new Stable(term, marks);
            }
            case HANDOVER -> new Handover(r.name("member"), r.i64(), r.name("delegate"), r.i64());
            case SITE_CONFLICT_NOTICE -> {
                long term = r.u63("delegateTerm");
                int conflicted = r.u8();
                if (conflicted > 1) {
                    throw new MalformedDatagramException(DropReason.MALFORMED, "conflicted flag " + conflicted);
                }
                yield new SiteConflictNotice(term, conflicted == 1);
            }
            case HANDOVER_REQUEST -> new HandoverRequest(r.u63("delegateTerm"), r.name("member"), r.i64());
            case TREE_INFO -> new TreeInfo(r.u63("delegateTerm"), TreeCodec.read(r));
            case DEMAND -> {
                Demand d = new Demand(r.name("member"), r.i64(), r.name("group"), r.u63("request"), r.u8() != 0);
                yield d;
            }
            case GRANT -> {
                long term = r.u63("delegateTerm");
                String group = r.name("group");
                long allowed = r.u63("allowedRate");
                String limiting = r.optionalName("limitingSite");
                int count = r.u16();
                List<Share> shares = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    shares.add(new Share(r.name("member"), r.i64(), r.u63("rate")));
                }
                yield new Grant(term, group, allowed, limiting, shares);
            }
            case PACKET_PRICE -> {
                long term = r.u63("delegateTerm");
                String group = r.name("group");
                long price = positive(r.u63("price"), "price");
                yield new PacketPrice(term, group, price, positive(r.u63("salary"), "salary"));
            }
            case HELD -> {
                String member = r.name("member");
                long incarnation = r.i64();
                int count = r.u16();
                List<HeldMark> marks = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    marks.add(new HeldMark(r.name("originSite"), r.name("originMember"), r.i64(), r.name("group"),
                            positive(r.u63("memberSeq"), "memberSeq")));
                }
                yield new Held(member, incarnation, marks);
            }
            case MEMBERSHIP_PROBE -> new MembershipProbe(r.name("member"), r.i64(), positive(r.u63("probe"), "probe"));
            case MEMBERSHIP_CONFIRM -> new MembershipConfirm(r.u63("lanViewId"), r.name("answerer"), r.i64(),
                    r.name("member"), r.i64(), positive(r.u63("probe"), "probe"));
            default -> throw new MalformedDatagramException(DropReason.UNKNOWN_TYPE, "LAN type " + type);
        };
        if (r.remaining() != 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, r.remaining() + " trailing bytes");
        }
        return message;
    }

    private static long positive(long value, String field) throws MalformedDatagramException {
        if (value == 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, field + " is 0");
        }
        return value;
    }

    private static byte[] readBlob(WireReader r) throws MalformedDatagramException {
        return r.bytes(r.u32("payload length"));
    }

    private static List<MemberGroups> readMembers(WireReader r) throws MalformedDatagramException {
        int count = r.u16();
        List<MemberGroups> members = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = r.name("member");
            long incarnation = r.i64();
            int groupCount = r.u16();
            List<String> groups = new ArrayList<>(groupCount);
            for (int g = 0; g < groupCount; g++) {
                groups.add(r.name("group"));
            }
            members.add(new MemberGroups(name, incarnation, groups));
        }
        return members;
    }
}
