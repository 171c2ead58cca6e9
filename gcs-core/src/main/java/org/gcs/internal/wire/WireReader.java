package org.gcs.internal.wire;

import java.nio.charset.StandardCharsets;

/**
 * Bounds-checked big-endian reader over a byte array. Every read past the end throws
 * {@link MalformedDatagramException} with {@link DropReason#TRUNCATED}; invalid names throw {@link DropReason#MALFORMED}.
 */
final class WireReader {
    private final byte[] buf;
    private int pos;
    private final int end;

    WireReader(byte[] buf, int offset, int end) {
        this.buf = buf;
        this.pos = offset;
        this.end = end;
    }

    int position() {
        return pos;
    }

    int remaining() {
        return end - pos;
    }

    private void need(int n) throws MalformedDatagramException {
        if (end - pos < n) {
            throw new MalformedDatagramException(DropReason.TRUNCATED, "needs " + n + " more bytes at " + pos);
        }
    }

    int u8() throws MalformedDatagramException {
        need(1);
        return buf[pos++] & 0xff;
    }

    int u16() throws MalformedDatagramException {
        need(2);
        int v = ((buf[pos] & 0xff) << 8) | (buf[pos + 1] & 0xff);
        pos += 2;
        return v;
    }

    /** @return an unsigned 32-bit count that fits an int (below 2^31), or MALFORMED */
    int u32(String field) throws MalformedDatagramException {
        int high = u16();
        int low = u16();
        if (high >= 0x8000) {
            throw new MalformedDatagramException(DropReason.MALFORMED, field + " is too large");
        }
        return (high << 16) | low;
    }

    long i64() throws MalformedDatagramException {
        need(8);
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (buf[pos + i] & 0xff);
        }
        pos += 8;
        return v;
    }

    /** @return a non-negative long, or MALFORMED */
    long u63(String field) throws MalformedDatagramException {
        long v = i64();
        if (v < 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, field + " is negative");
        }
        return v;
    }

    /** @return a reader over the next {@code n} bytes, which this reader skips */
    WireReader slice(int n) throws MalformedDatagramException {
        need(n);
        WireReader slice = new WireReader(buf, pos, pos + n);
        pos += n;
        return slice;
    }

    byte[] bytes(int n) throws MalformedDatagramException {
        need(n);
        byte[] out = new byte[n];
        System.arraycopy(buf, pos, out, 0, n);
        pos += n;
        return out;
    }

    /** The longest name {@link #name} reads. */
    static final int MAX_NAME_BYTES = 64;

    /** Reads a name: u8 length, then ASCII from {@code A-Z a-z 0-9 . _ -}, 1 to 64 characters. */
    String name(String field) throws MalformedDatagramException {
        int n = u8();
        need(n);
        if (n == 0 || n > MAX_NAME_BYTES) {
            throw new MalformedDatagramException(DropReason.MALFORMED, field + " has length " + n);
        }
        int hash = n;
        for (int i = pos; i < pos + n; i++) {
            byte c = buf[i];
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == '-';
            if (!ok) {
                throw new MalformedDatagramException(DropReason.MALFORMED, field + " has an invalid character");
            }
            hash = NameCache.hashStep(hash, c);
        }
        String s = NameCache.of(buf, pos, n, hash);
        pos += n;
        return s;
    }

    /** Reads a name that may be absent (length 0 gives ""). */
    String optionalName(String field) throws MalformedDatagramException {
        if (remaining() > 0 && buf[pos] == 0) {
            pos++;
            return "";
        }
        return name(field);
    }

    /**
     * Reads a host: u8 length then printable ASCII (host names, IPv4 and IPv6 literals; international
     * names travel in their ASCII form).
     */
    String host(String field) throws MalformedDatagramException {
        int n = u8();
        need(n);
        if (n == 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, field + " is empty");
        }
        for (int i = pos; i < pos + n; i++) {
            if (buf[i] < 0x21 || buf[i] > 0x7e) {
                throw new MalformedDatagramException(DropReason.MALFORMED, field + " is not printable ASCII");
            }
        }
        String s = new String(buf, pos, n, StandardCharsets.US_ASCII);
        pos += n;
        return s;
    }
}
