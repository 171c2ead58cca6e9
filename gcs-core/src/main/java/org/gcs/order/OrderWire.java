package org.gcs.order;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.gcs.MemberId;

/**
 * The messages of the total-order protocol, carried as the payloads of ordinary (FIFO) group messages: a 2-byte
 * magic, a version and a kind, then the kind's fields (docs/architecture.md, "Total order", lists them). Decoding
 * refuses anything malformed with {@code null}; the caller counts and logs it.
 */
final class OrderWire {
    static final int MAGIC_0 = 0x47;
    static final int MAGIC_1 = 0x54;
    static final int VERSION = 1;
    private static final int HELLO = 1;
    private static final int DATA = 2;
    private static final int ACK = 3;
    private static final int ORDER = 4;
    private static final int ENTRY_MESSAGES = 1;
    private static final int ENTRY_VIEW = 2;
    /** A bound on list lengths read from the wire, far above what a sender produces. */
    private static final int MAX_COUNT = 1 << 20;

    private OrderWire() {
    }

    /**
     * A member announces that it joined the group with total order and asks to be admitted, or (admitted) that it
     * misses part of the order, naming the first messages it lacks; {@code admitted} tells a newcomer that the group
     * already has an order to join.
     */
    record Hello(long incarnation, boolean admitted, List<Missing> missing) {
    }

    /** A message an admitted member lacks, in a {@link Hello}: the sequencer carries it in its answer. */
    record Missing(Incarnation sender, long seq) {
    }

    /**
     * An application message: the sender's incarnation, its number within it, the sender's acknowledgement at the
     * time (null before it was admitted: data carries it, so that a sending member needs no {@link Ack} of its own),
     * and the application's bytes.
     */
    record Data(long incarnation, long seq, Ack ack, byte[] payload) {
    }

    /**
     * A member holds the chain of {@code epoch}, and every message it names, up to {@code position}, and delivered up
     * to {@code delivered} (what every member delivered may be forgotten).
     */
    record Ack(long incarnation, Epoch epoch, long position, long delivered) {
    }

    /** A payload carried inside an order, for a sender that left the view before every member held it. */
    record Carried(Incarnation sender, long seq, byte[] payload) {
    }

    /**
     * Entries of the chain of {@code epoch} from position {@code first} on (none when the sequencer keeps nothing
     * there, to tell a member where the order is); {@code restart} marks a sequencer's order that replaces every
     * entry from {@code first} on (a take-over, or what a newcomer or a member of an earlier epoch needs);
     * {@code committed} is the last position the sequencer knows every member of its view holds, and
     * {@code committedView} the number of the last view it delivered.
     */
    record Order(long incarnation, Epoch epoch, boolean restart, long first, long committed, long committedView,
                 List<ChainEntry> entries, List<Carried> carried) {
    }

    /** @return true if the payload starts like a message of this protocol */
    static boolean tagged(byte[] payload) {
        return payload.length >= 4 && (payload[0] & 0xff) == MAGIC_0 && (payload[1] & 0xff) == MAGIC_1;
    }

    static byte[] hello(long incarnation, boolean admitted, List<Missing> missing) {
        return write(HELLO, out -> {
            out.writeLong(incarnation);
            out.writeBoolean(admitted);
            out.writeInt(missing.size());
            for (Missing m : missing) {
                writeIncarnation(out, m.sender());
                out.writeLong(m.seq());
            }
        });
    }

    static byte[] data(long incarnation, long seq, Epoch ackEpoch, long ackPosition, long delivered,
                       byte[] payload) {
        return write(DATA, payload.length + 160, out -> {
            out.writeLong(incarnation);
            out.writeLong(seq);
            out.writeBoolean(ackEpoch != null);
            if (ackEpoch != null) {
                writeEpoch(out, ackEpoch);
                out.writeLong(ackPosition);
                out.writeLong(delivered);
            }
            out.write(payload);
        });
    }

    static byte[] ack(long incarnation, Epoch epoch, long position, long delivered) {
        return write(ACK, out -> {
            out.writeLong(incarnation);
            writeEpoch(out, epoch);
            out.writeLong(position);
            out.writeLong(delivered);
        });
    }

    static byte[] order(Order order) {
        return write(ORDER, out -> {
            out.writeLong(order.incarnation());
            writeEpoch(out, order.epoch());
            out.writeBoolean(order.restart());
            out.writeLong(order.first());
            out.writeLong(order.committed());
            out.writeLong(order.committedView());
            out.writeInt(order.entries().size());
            for (ChainEntry entry : order.entries()) {
                writeEntry(out, entry);
            }
            out.writeInt(order.carried().size());
            for (Carried carried : order.carried()) {
                writeIncarnation(out, carried.sender());
                out.writeLong(carried.seq());
                out.writeInt(carried.payload().length);
                out.write(carried.payload());
            }
        });
    }

    /**
     * @param payload a group message's payload that {@link #tagged} accepted
     * @return a {@link Hello}, {@link Data}, {@link Ack} or {@link Order}; null if malformed or of another version
     */
    static Object read(byte[] payload) {
        if (!tagged(payload) || (payload[2] & 0xff) != VERSION) {
            return null;
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload, 4, payload.length - 4));
        try {
            Object message = switch (payload[3]) {
                case HELLO -> readHello(in);
                case DATA -> readData(in);
                case ACK -> new Ack(in.readLong(), readEpoch(in), in.readLong(), in.readLong());
                case ORDER -> readOrder(in);
                default -> null;
            };
            return in.available() == 0 ? message : null;
        } catch (IOException | IllegalArgumentException malformed) {
            return null;
        }
    }

    /** @return the sender's incarnation a decoded message names, 0 for one that names none */
    static long incarnationOf(Object decoded) {
        if (decoded instanceof Hello hello) {
            return hello.incarnation();
        }
        if (decoded instanceof Data data) {
            return data.incarnation();
        }
        if (decoded instanceof Ack ack) {
            return ack.incarnation();
        }
        return decoded instanceof Order order ? order.incarnation() : 0;
    }

    /** Bytes of a data message without an acknowledgement before its payload: the frame, two numbers, a flag. */
    private static final int PLAIN_DATA_HEADER = 4 + 8 + 8 + 1;

    /**
     * Decodes the most common message, a data message without an acknowledgement, straight from the array: no
     * stream, and a method small enough for the JIT to compile early and alone.
     *
     * @param payload a group message's payload
     * @return the data message, or null if the payload holds anything else (decode it with {@link #read})
     */
    static Data readPlainData(byte[] payload) {
        if (payload.length < PLAIN_DATA_HEADER || !tagged(payload) || (payload[2] & 0xff) != VERSION
                || payload[3] != DATA || payload[PLAIN_DATA_HEADER - 1] != 0) {
            return null;
        }
        return new Data(longAt(payload, 4), longAt(payload, 12), null,
                java.util.Arrays.copyOfRange(payload, PLAIN_DATA_HEADER, payload.length));
    }

    /** @return the big-endian long at {@code offset}, as {@link DataInputStream#readLong} reads it */
    private static long longAt(byte[] bytes, int offset) {
        long value = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            value = value << 8 | (bytes[offset + i] & 0xffL);
        }
        return value;
    }

    private static Data readData(DataInputStream in) throws IOException {
        long incarnation = in.readLong();
        long seq = in.readLong();
        Ack ack = in.readBoolean() ? new Ack(incarnation, readEpoch(in), in.readLong(), in.readLong()) : null;
        return new Data(incarnation, seq, ack, WireFrame.rest(in));
    }

    private static Hello readHello(DataInputStream in) throws IOException {
        long incarnation = in.readLong();
        boolean admitted = in.readBoolean();
        int count = count(in);
        List<Missing> missing = new ArrayList<>(Math.min(count, 64));
        for (int i = 0; i < count; i++) {
            missing.add(new Missing(readIncarnation(in), in.readLong()));
        }
        return new Hello(incarnation, admitted, missing);
    }

    private static Order readOrder(DataInputStream in) throws IOException {
        long incarnation = in.readLong();
        Epoch epoch = readEpoch(in);
        boolean restart = in.readBoolean();
        long first = in.readLong();
        long committed = in.readLong();
        long committedView = in.readLong();
        int entryCount = count(in);
        List<ChainEntry> entries = new ArrayList<>(Math.min(entryCount, 1024));
        for (int i = 0; i < entryCount; i++) {
            entries.add(readEntry(in));
        }
        int carriedCount = count(in);
        List<Carried> carried = new ArrayList<>(Math.min(carriedCount, 1024));
        for (int i = 0; i < carriedCount; i++) {
            Incarnation sender = readIncarnation(in);
            long seq = in.readLong();
            byte[] bytes = new byte[count(in)];
            in.readFully(bytes);
            carried.add(new Carried(sender, seq, bytes));
        }
        if (first < 1 || !entries.isEmpty() && entries.get(0).first() != first) {
            throw new IOException("order from " + first);
        }
        return new Order(incarnation, epoch, restart, first, committed, committedView, entries, carried);
    }

    private static void writeEntry(DataOutputStream out, ChainEntry entry) throws IOException {
        if (entry instanceof ChainEntry.Messages m) {
            out.writeByte(ENTRY_MESSAGES);
            out.writeLong(m.first());
            writeIncarnation(out, m.sender());
            out.writeLong(m.fromSeq());
            out.writeLong(m.toSeq());
        } else {
            ChainEntry.ViewChange v = (ChainEntry.ViewChange) entry;
            out.writeByte(ENTRY_VIEW);
            out.writeLong(v.first());
            out.writeLong(v.viewNumber());
            out.writeInt(v.members().size());
            for (Incarnation member : v.members()) {
                writeIncarnation(out, member);
            }
        }
    }

    private static ChainEntry readEntry(DataInputStream in) throws IOException {
        int kind = in.readUnsignedByte();
        long first = in.readLong();
        if (first < 1) {
            throw new IOException("position " + first);
        }
        if (kind == ENTRY_MESSAGES) {
            Incarnation sender = readIncarnation(in);
            long from = in.readLong();
            long to = in.readLong();
            if (from < 1 || to < from) {
                throw new IOException("range " + from + ".." + to);
            }
            return new ChainEntry.Messages(first, sender, from, to);
        }
        if (kind != ENTRY_VIEW) {
            throw new IOException("entry kind " + kind);
        }
        long viewNumber = in.readLong();
        int size = count(in);
        List<Incarnation> members = new ArrayList<>(Math.min(size, 1024));
        for (int i = 0; i < size; i++) {
            members.add(readIncarnation(in));
        }
        return new ChainEntry.ViewChange(first, viewNumber, members);
    }

    private static void writeEpoch(DataOutputStream out, Epoch epoch) throws IOException {
        out.writeLong(epoch.number());
        writeMember(out, epoch.sequencer());
        out.writeLong(epoch.lineage());
    }

    private static Epoch readEpoch(DataInputStream in) throws IOException {
        return new Epoch(in.readLong(), readMember(in), in.readLong());
    }

    private static void writeIncarnation(DataOutputStream out, Incarnation incarnation) throws IOException {
        writeMember(out, incarnation.member());
        out.writeLong(incarnation.number());
    }

    private static Incarnation readIncarnation(DataInputStream in) throws IOException {
        return new Incarnation(readMember(in), in.readLong());
    }

    private static void writeMember(DataOutputStream out, MemberId member) throws IOException {
        out.writeUTF(member.site());
        out.writeUTF(member.name());
    }

    private static MemberId readMember(DataInputStream in) throws IOException {
        return new MemberId(in.readUTF(), in.readUTF());
    }

    private static int count(DataInputStream in) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > MAX_COUNT) {
            throw new IOException("count " + count);
        }
        return count;
    }

    private static byte[] write(int kind, WireFrame.Body body) {
        return write(kind, 64, body);
    }

    private static byte[] write(int kind, int sizeHint, WireFrame.Body body) {
        return WireFrame.write(MAGIC_0, MAGIC_1, VERSION, kind, sizeHint, body);
    }
}
