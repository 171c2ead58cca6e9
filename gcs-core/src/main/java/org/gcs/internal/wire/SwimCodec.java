package org.gcs.internal.wire;

import java.util.ArrayList;
import java.util.List;
import org.gcs.alm.swim.MemberUpdate;
import org.gcs.alm.swim.SwimMessage;

/**
 * The body of a {@link WanSwim}: u8 kind (0 Ping, 1 Ack, 2 ping-req, 3 Nack), i64 sequence number, the
 * ping-req's target (a name; only for a ping-req), u8 count of updates, then each update: u8 status (0 alive,
 * 1 suspect, 2 dead), the member (a name), i64 incarnation, and for a suspect or a dead the member that suspected
 * or declared it (a name).
 */
final class SwimCodec {
    private static final int PING = 0;
    private static final int ACK = 1;
    private static final int PING_REQ = 2;
    private static final int NACK = 3;
    private static final int ALIVE = 0;
    private static final int SUSPECT = 1;
    private static final int DEAD = 2;

    private SwimCodec() {
    }

    static int size(SwimMessage message) {
        int size = 1 + 8 + updatesSize(message.updates());
        if (message instanceof SwimMessage.PingReq request) {
            size += WireWriter.textSize(request.target());
        }
        return size;
    }

    /** @return the bytes one update takes in a message */
    static int updateSize(MemberUpdate update) {
        int size = 1 + WireWriter.textSize(update.member()) + 8;
        if (update instanceof MemberUpdate.Suspect suspect) {
            size += WireWriter.textSize(suspect.from());
        } else if (update instanceof MemberUpdate.Dead dead) {
            size += WireWriter.textSize(dead.from());
        }
        return size;
    }

    static void write(WireWriter w, SwimMessage message) {
        if (message instanceof SwimMessage.Ping ping) {
            w.u8(PING).i64(ping.seq());
        } else if (message instanceof SwimMessage.Ack ack) {
            w.u8(ACK).i64(ack.seq());
        } else if (message instanceof SwimMessage.PingReq request) {
            w.u8(PING_REQ).i64(request.seq()).text(request.target());
        } else {
            w.u8(NACK).i64(((SwimMessage.Nack) message).seq());
        }
        writeUpdates(w, message.updates());
    }

    /** Writes a count u8 and the updates. */
    static void writeUpdates(WireWriter w, List<MemberUpdate> updates) {
        w.u8(updates.size());
        for (MemberUpdate update : updates) {
            if (update instanceof MemberUpdate.Alive alive) {
                w.u8(ALIVE).text(alive.member()).i64(alive.incarnation());
            } else if (update instanceof MemberUpdate.Suspect suspect) {
                w.u8(SUSPECT).text(suspect.member()).i64(suspect.incarnation()).text(suspect.from());
            } else {
                MemberUpdate.Dead dead = (MemberUpdate.Dead) update;
                w.u8(DEAD).text(dead.member()).i64(dead.incarnation()).text(dead.from());
            }
        }
    }

    static SwimMessage read(WireReader r) throws MalformedDatagramException {
        int kind = r.u8();
        long seq = r.u63("swim.seq");
        String target = kind == PING_REQ ? r.name("swim.target") : null;
        List<MemberUpdate> updates = readUpdates(r);
        return switch (kind) {
            case PING -> new SwimMessage.Ping(seq, updates);
            case ACK -> new SwimMessage.Ack(seq, updates);
            case PING_REQ -> new SwimMessage.PingReq(seq, target, updates);
            case NACK -> new SwimMessage.Nack(seq, updates);
            default -> throw new MalformedDatagramException(DropReason.MALFORMED, "SWIM message kind " + kind);
        };
    }

    /** Reads what {@link #writeUpdates} wrote. */
    static List<MemberUpdate> readUpdates(WireReader r) throws MalformedDatagramException {
        int count = r.u8();
        if (count > WanSwim.MAX_UPDATES) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "a SWIM message with " + count + " updates");
        }
        List<MemberUpdate> updates = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int status = r.u8();
            String member = r.name("swim.member");
            long incarnation = r.u63("swim.incarnation");
            updates.add(switch (status) {
                case ALIVE -> new MemberUpdate.Alive(member, incarnation);
                case SUSPECT -> new MemberUpdate.Suspect(member, incarnation, r.name("swim.suspectedBy"));
                case DEAD -> new MemberUpdate.Dead(member, incarnation, r.name("swim.declaredBy"));
                default -> throw new MalformedDatagramException(DropReason.MALFORMED, "SWIM update status " + status);
            });
        }
        return updates;
    }

    /** @return the bytes a count u8 and the updates take */
    static int updatesSize(List<MemberUpdate> updates) {
        int size = 1;
        for (MemberUpdate update : updates) {
            size += updateSize(update);
        }
        return size;
    }

    /** A probe's SWIM updates: count u8 and updates as in a SWIM message, then count u8 and addresses. */
    static void writeGossip(WireWriter w, SwimGossip gossip) {
        writeUpdates(w, gossip.updates());
        w.u8(gossip.addresses().size());
        for (PeerHint p : gossip.addresses()) {
            WanPacketCodec.writePeerHint(w, p);
        }
    }

    static int gossipSize(SwimGossip gossip) {
        int size = updatesSize(gossip.updates()) + 1;
        for (PeerHint p : gossip.addresses()) {
            size += WanPacketCodec.peerHintSize(p);
        }
        return size;
    }

    static SwimGossip readGossip(WireReader r) throws MalformedDatagramException {
        List<MemberUpdate> updates = readUpdates(r);
        List<PeerHint> addresses = readAddresses(r);
        return updates.isEmpty() && addresses.isEmpty() ? SwimGossip.NONE : new SwimGossip(updates, addresses);
    }

    /** Reads a count u8 and the addresses of the sites a SWIM message's (or a probe's) Alive updates name. */
    static List<PeerHint> readAddresses(WireReader r) throws MalformedDatagramException {
        int count = r.u8();
        if (count > WanSwim.MAX_UPDATES) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "a SWIM message with " + count + " addresses");
        }
        List<PeerHint> addresses = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            addresses.add(WanPacketCodec.readPeerHint(r));
        }
        return addresses;
    }
}
