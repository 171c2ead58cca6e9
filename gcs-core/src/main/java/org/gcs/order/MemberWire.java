package org.gcs.order;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.gcs.MemberId;
import org.gcs.Names;

/**
 * The messages a {@link TotalOrderMember} sends to one member, carried as payloads of ordinary group messages: a
 * message to one member, and the requests, chunks and acknowledgements of a state transfer. A 2-byte magic (apart
 * from {@link OrderWire}'s), a version and a kind, then the kind's fields. Decoding refuses anything malformed with
 * {@code null}.
 */
final class MemberWire {
    static final int MAGIC_0 = 0x47;
    static final int MAGIC_1 = 0x4d;
    static final int VERSION = 1;
    private static final int DIRECT = 1;
    private static final int STATE_REQUEST = 2;
    private static final int STATE_REFUSED = 3;
    private static final int CHUNK = 4;
    private static final int CHUNK_ACK = 5;
    /** A refusal's reason when the provider waits for the group's state itself: it has none to give yet. */
    static final String NO_STATE_YET = "this member is waiting for the state itself";
    private static final int CUT = 6;
    private static final int CUT_VECTOR = 7;
    /** Members a cut vector may name, at most (a group has far fewer). */
    private static final int MAX_CUT_MEMBERS = 100_000;

    private MemberWire() {
    }

    /** A message to one member of the group: only {@code to} delivers it. */
    record Direct(MemberId to, long seq, byte[] payload) {
    }

    /**
     * A joiner asks {@code to} for the group's state: as of position {@code atLeast} or later, streamed in the group
     * {@code channel} that the joiner already joined.
     */
    record StateRequest(MemberId to, long transfer, long atLeast, String channel) {
    }

    /**
     * A provider cannot give the state of transfer {@code transfer} (or no longer can), for {@code reason}; a
     * {@code lasting} reason (no provider registered, a provider that failed) is not worth asking again.
     */
    record StateRefused(MemberId to, long transfer, boolean lasting, String reason) {
    }

    /**
     * Part {@code index} (from 0) of a transfer's state, taken at {@code position} of the order; {@code last} ends
     * the stream.
     */
    record Chunk(long transfer, long position, long index, boolean last, byte[] bytes) {
    }

    /** The joiner consumed every chunk of the transfer up to {@code index}: the provider may send more. */
    record ChunkAck(long transfer, long index) {
    }

    /**
     * In a FIFO group, a member saw {@code joiner}'s request {@code transfer} to {@code provider} while its own view held
     * the joiner: every later message of this member's stream reaches the joiner, so a state taken after this mark, at
     * the provider, leaves none of its messages out for the joiner (see {@link FifoCuts}).
     */
    record Cut(MemberId joiner, MemberId provider, long transfer) {
    }

    /**
     * In a FIFO group, the point a provider took transfer {@code transfer}'s state at: the last sequence number it had
     * received from each sender ({@code lastSeqs}), and the members whose {@link Cut} it waited for ({@code waited}).
     */
    record CutVector(MemberId to, long transfer, java.util.Map<MemberId, Long> lastSeqs,
            java.util.List<MemberId> waited) {
    }

    /** @return true if the payload starts as a message of this codec (of any version) */
    static boolean tagged(byte[] payload) {
        return payload.length >= 4 && (payload[0] & 0xff) == MAGIC_0 && (payload[1] & 0xff) == MAGIC_1;
    }

    static byte[] direct(MemberId to, long seq, byte[] payload) {
        return write(DIRECT, payload.length + 160, out -> {
            writeMember(out, to);
            out.writeLong(seq);
            out.write(payload);
        });
    }

    static byte[] stateRequest(MemberId to, long transfer, long atLeast, String channel) {
        return write(STATE_REQUEST, out -> {
            writeMember(out, to);
            out.writeLong(transfer);
            out.writeLong(atLeast);
            out.writeUTF(channel);
        });
    }

    static byte[] stateRefused(MemberId to, long transfer, boolean lasting, String reason) {
        return write(STATE_REFUSED, out -> {
            writeMember(out, to);
            out.writeLong(transfer);
            out.writeBoolean(lasting);
            out.writeUTF(reason.length() > 1000 ? reason.substring(0, 1000) : reason);
        });
    }

    static byte[] chunk(long transfer, long position, long index, boolean last, byte[] bytes, int length) {
        return write(CHUNK, length + 64, out -> {
            out.writeLong(transfer);
            out.writeLong(position);
            out.writeLong(index);
            out.writeBoolean(last);
            out.write(bytes, 0, length);
        });
    }

    static byte[] chunkAck(long transfer, long index) {
        return write(CHUNK_ACK, out -> {
            out.writeLong(transfer);
            out.writeLong(index);
        });
    }

    static byte[] cut(MemberId joiner, MemberId provider, long transfer) {
        return write(CUT, out -> {
            writeMember(out, joiner);
            writeMember(out, provider);
            out.writeLong(transfer);
        });
    }

    static byte[] cutVector(MemberId to, long transfer, java.util.Map<MemberId, Long> lastSeqs,
            java.util.Collection<MemberId> waited) {
        return write(CUT_VECTOR, 64 + 40 * (lastSeqs.size() + waited.size()), out -> {
            writeMember(out, to);
            out.writeLong(transfer);
            out.writeInt(lastSeqs.size());
            for (var e : lastSeqs.entrySet()) {
                writeMember(out, e.getKey());
                out.writeLong(e.getValue());
            }
            out.writeInt(waited.size());
            for (MemberId member : waited) {
                writeMember(out, member);
            }
        });
    }

    /**
     * @param payload a group message's payload that {@link #tagged} accepted
     * @return a {@link Direct}, {@link StateRequest}, {@link StateRefused}, {@link Chunk}, {@link ChunkAck},
     *     {@link Cut} or {@link CutVector}; null if malformed or of another version
     */
    static Object read(byte[] payload) {
        if (!tagged(payload) || (payload[2] & 0xff) != VERSION) {
            return null;
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload, 4, payload.length - 4));
        try {
            Object message = switch (payload[3]) {
                case DIRECT -> new Direct(readMember(in), in.readLong(), WireFrame.rest(in));
                case STATE_REQUEST -> new StateRequest(readMember(in), in.readLong(), in.readLong(),
                        Names.requireValid("group", in.readUTF()));
                case STATE_REFUSED -> new StateRefused(readMember(in), in.readLong(), in.readBoolean(),
                        in.readUTF());
                case CHUNK -> new Chunk(in.readLong(), in.readLong(), in.readLong(), in.readBoolean(),
                        WireFrame.rest(in));
                case CHUNK_ACK -> new ChunkAck(in.readLong(), in.readLong());
                case CUT -> new Cut(readMember(in), readMember(in), in.readLong());
                case CUT_VECTOR -> readCutVector(in);
                default -> null;
            };
            return in.available() == 0 ? message : null;
        } catch (IOException | IllegalArgumentException malformed) {
            return null;
        }
    }

    private static CutVector readCutVector(DataInputStream in) throws IOException {
        MemberId to = readMember(in);
        long transfer = in.readLong();
        int senders = count(in);
        java.util.Map<MemberId, Long> lastSeqs = new java.util.HashMap<>();
        for (int i = 0; i < senders; i++) {
            lastSeqs.put(readMember(in), in.readLong());
        }
        int waited = count(in);
        java.util.List<MemberId> members = new java.util.ArrayList<>();
        for (int i = 0; i < waited; i++) {
            members.add(readMember(in));
        }
        return new CutVector(to, transfer, lastSeqs, members);
    }

    /** @return a count of members that follows, refused if negative or beyond what the message could hold */
    private static int count(DataInputStream in) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > MAX_CUT_MEMBERS || count > in.available()) {
            throw new IOException("bad member count " + count);
        }
        return count;
    }

    private static void writeMember(DataOutputStream out, MemberId member) throws IOException {
        out.writeUTF(member.site());
        out.writeUTF(member.name());
    }

    private static MemberId readMember(DataInputStream in) throws IOException {
        return new MemberId(in.readUTF(), in.readUTF());
    }

    private static byte[] write(int kind, WireFrame.Body body) {
        return write(kind, 64, body);
    }

    private static byte[] write(int kind, int sizeHint, WireFrame.Body body) {
        return WireFrame.write(MAGIC_0, MAGIC_1, VERSION, kind, sizeHint, body);
    }
}
