package org.gcs.examples.kv;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The binary form of a {@link KvOp} in a group message. Big-endian:
 * <pre>
 * byte     'K' (0x4b), then version 1
 * byte     kind: 1 put, 2 remove, 3 compare-and-set
 * text     the origin of the operation's id
 * long     the number of the operation's id
 * text     the key
 * put:     text value
 * cas:     byte 1 then text expected, or byte 0 (expected absent); then text value
 * </pre>
 * where {@code text} is an int length followed by that many bytes of UTF-8. {@link #decode} refuses anything else,
 * trailing bytes and malformed UTF-8 included.
 */
public final class KvOpCodec {
    static final byte MAGIC = 'K';
    static final byte VERSION = 1;
    static final byte PUT = 1;
    static final byte REMOVE = 2;
    static final byte CAS = 3;

    private KvOpCodec() {
    }

    /**
     * @param op an operation
     * @return its bytes
     */
    public static byte[] encode(KvOp op) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.write(MAGIC);
        out.write(VERSION);
        out.write(op instanceof KvOp.Put ? PUT : op instanceof KvOp.Remove ? REMOVE : CAS);
        writeText(out, op.id().origin());
        writeLong(out, op.id().number());
        writeText(out, op.key());
        if (op instanceof KvOp.Put put) {
            writeText(out, put.value());
        } else if (op instanceof KvOp.CompareAndSet cas) {
            out.write(cas.expected() == null ? 0 : 1);
            if (cas.expected() != null) {
                writeText(out, cas.expected());
            }
            writeText(out, cas.value());
        }
        return out.toByteArray();
    }

    /**
     * @param bytes what {@link #encode} wrote
     * @return the operation
     * @throws IllegalArgumentException if the bytes are not one operation of this version
     */
    public static KvOp decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            if (in.get() != MAGIC || in.get() != VERSION) {
                throw new IllegalArgumentException("not a key-value operation of version " + VERSION);
            }
            byte kind = in.get();
            OpId id = new OpId(readText(in), in.getLong());
            String key = readText(in);
            KvOp op = switch (kind) {
                case PUT -> new KvOp.Put(id, key, readText(in));
                case REMOVE -> new KvOp.Remove(id, key);
                case CAS -> {
                    byte hasExpected = in.get();
                    if (hasExpected != 0 && hasExpected != 1) {
                        throw new IllegalArgumentException("bad expected-value flag " + hasExpected);
                    }
                    String expected = hasExpected == 1 ? readText(in) : null;
                    yield new KvOp.CompareAndSet(id, key, expected, readText(in));
                }
                default -> throw new IllegalArgumentException("unknown operation kind " + kind);
            };
            if (in.hasRemaining()) {
                throw new IllegalArgumentException(in.remaining() + " trailing bytes after the operation");
            }
            return op;
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("truncated key-value operation", e);
        }
    }

    static void writeText(ByteArrayOutputStream out, String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        writeInt(out, utf8.length);
        out.write(utf8, 0, utf8.length);
    }

    static void writeInt(ByteArrayOutputStream out, int value) {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }

    private static void writeLong(ByteArrayOutputStream out, long value) {
        writeInt(out, (int) (value >>> 32));
        writeInt(out, (int) value);
    }

    private static String readText(ByteBuffer in) {
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw new IllegalArgumentException("text of " + length + " bytes where " + in.remaining() + " are left");
        }
        ByteBuffer utf8 = in.slice(in.position(), length);
        in.position(in.position() + length);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(utf8).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("text that is not UTF-8", e);
        }
    }
}
