package org.gcs.examples.whiteboard;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The binary form of a {@link BoardEvent} in a group message. Big-endian:
 * <pre>
 * byte     'W' (0x57), then version 1
 * byte     kind: 1 stroke, 2 clear, 3 replayed stroke (sent again for late joiners, by another member)
 * byte+N   the author: N (1..255), then N bytes of UTF-8
 * stroke and replayed stroke only:
 *   varint   id (unsigned LEB128, at most 9 bytes)
 *   3 bytes  colour, RGB
 *   byte     width in px
 *   varint   number of points P (1..Stroke.MAX_POINTS)
 *   2+2      the first point's x and y, unsigned
 *   P-1 times  dx, dy from the point before, each a zig-zag varint (small steps take one byte)
 * </pre>
 * A stroke of P points takes about 2P + 25 bytes. {@link #decode} refuses anything else, trailing bytes included.
 */
public final class StrokeCodec {
    /** The first byte of every whiteboard message. */
    static final byte MAGIC = 'W';
    /** The version this codec writes and reads. */
    static final byte VERSION = 1;
    static final byte KIND_STROKE = 1;
    static final byte KIND_CLEAR = 2;

    private StrokeCodec() {
    }

    /**
     * @param event a stroke or a clear
     * @return its bytes
     */
    public static byte[] encode(BoardEvent event) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.write(MAGIC);
        out.write(VERSION);
        out.write(event instanceof Stroke ? KIND_STROKE : KIND_CLEAR);
        byte[] author = event.author().getBytes(StandardCharsets.UTF_8);
        if (author.length > 255) {
            throw new IllegalArgumentException("author takes " + author.length + " bytes in UTF-8, at most 255");
        }
        out.write(author.length);
        out.write(author, 0, author.length);
        Stroke stroke = event instanceof Stroke drawn ? drawn : null;
        if (stroke != null) {
            writeVarLong(out, stroke.id());
            int rgb = stroke.rgb();
            out.write(rgb >>> 16);
            out.write(rgb >>> 8);
            out.write(rgb);
            out.write(stroke.widthPx());
            List<Stroke.Point> points = stroke.points();
            writeVarLong(out, points.size());
            Stroke.Point previous = points.get(0);
            writeShort(out, previous.x());
            writeShort(out, previous.y());
            for (Stroke.Point point : points.subList(1, points.size())) {
                writeVarLong(out, zigZag(point.x() - previous.x()));
                writeVarLong(out, zigZag(point.y() - previous.y()));
                previous = point;
            }
        }
        return out.toByteArray();
    }

    /**
     * @param bytes a message's payload
     * @return the stroke or clear it carries
     * @throws IllegalArgumentException if the bytes are not a valid whiteboard message (the message says why)
     */
    public static BoardEvent decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            if (in.get() != MAGIC || in.get() != VERSION) {
                throw new IllegalArgumentException("not a whiteboard message of version " + VERSION);
            }
            byte kind = in.get();
            if (kind != KIND_STROKE && kind != KIND_CLEAR) {
                throw new IllegalArgumentException("unknown kind " + kind);
            }
            String author = readAuthor(in);
            BoardEvent event = switch (kind) {
                case KIND_CLEAR -> new BoardClear(author);
                default -> readStroke(in, author);
            };
            if (in.hasRemaining()) {
                throw new IllegalArgumentException(in.remaining() + " byte(s) after the end of the message");
            }
            return event;
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("message truncated after " + in.position() + " byte(s)");
        }
    }

    private static Stroke readStroke(ByteBuffer in, String author) {
        long id = readVarLong(in);
        int rgb = (in.get() & 0xff) << 16 | (in.get() & 0xff) << 8 | in.get() & 0xff;
        int widthPx = in.get() & 0xff;
        long count = readVarLong(in);
        if (count < 1 || count > Stroke.MAX_POINTS) {
            throw new IllegalArgumentException("a stroke needs 1 to " + Stroke.MAX_POINTS + " points, got " + count);
        }
        List<Stroke.Point> points = new ArrayList<>((int) count);
        Stroke.Point point = new Stroke.Point(in.getShort() & 0xffff, in.getShort() & 0xffff);
        points.add(point);
        for (int i = 1; i < count; i++) {
            long x = point.x() + unZigZag(readVarLong(in));
            long y = point.y() + unZigZag(readVarLong(in));
            if (x != (int) x || y != (int) y) {
                throw new IllegalArgumentException("point " + i + " is outside the board");
            }
            point = new Stroke.Point((int) x, (int) y);
            points.add(point);
        }
        return new Stroke(id, author, String.format("#%06x", rgb), widthPx, points);
    }

    private static String readAuthor(ByteBuffer in) {
        int length = in.get() & 0xff;
        if (length == 0) {
            throw new IllegalArgumentException("empty author");
        }
        if (length > in.remaining()) {
            throw new BufferUnderflowException();
        }
        ByteBuffer bytes = in.slice(in.position(), length);
        in.position(in.position() + length);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("author is not UTF-8");
        }
    }

    private static void writeShort(ByteArrayOutputStream out, int value) {
        out.write(value >>> 8);
        out.write(value);
    }

    private static void writeVarLong(ByteArrayOutputStream out, long value) {
        long rest = value;
        while ((rest & ~0x7fL) != 0) {
            out.write((int) (rest & 0x7f) | 0x80);
            rest >>>= 7;
        }
        out.write((int) rest);
    }

    /** Reads an unsigned LEB128 number of at most 9 bytes (63 bits). */
    private static long readVarLong(ByteBuffer in) {
        long value = 0;
        for (int shift = 0; shift < 63; shift += 7) {
            int b = in.get() & 0xff;
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IllegalArgumentException("number longer than 9 bytes");
    }

    private static long zigZag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    private static long unZigZag(long value) {
        return (value >>> 1) ^ -(value & 1);
    }
}
