package org.gcs.order;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The frame shared by this package's codecs ({@link OrderWire}, {@link MemberWire}): a 2-byte magic, a version and a
 * kind, then the kind's fields.
 */
final class WireFrame {
    private WireFrame() {
    }

    /** Writes a kind's fields. */
    interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    /**
     * @param magic0 the magic's first byte
     * @param magic1 its second byte
     * @param version the version
     * @param kind the kind
     * @param sizeHint the bytes the message will take, about (one buffer of that size, no growing copies)
     * @param body writes the fields
     * @return the message
     */
    static byte[] write(int magic0, int magic1, int version, int kind, int sizeHint, Body body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(sizeHint);
        DataOutputStream out = new DataOutputStream(bytes);
        try {
            out.writeByte(magic0);
            out.writeByte(magic1);
            out.writeByte(version);
            out.writeByte(kind);
            body.write(out);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** @return the bytes left in the stream, read in one copy (it wraps a byte array: it knows how many remain) */
    static byte[] rest(DataInputStream in) throws IOException {
        byte[] rest = new byte[in.available()];
        in.readFully(rest);
        return rest;
    }
}
