package org.gcs.internal.wire;

import java.nio.charset.StandardCharsets;

/** Big-endian writer into a byte array sized in advance by the caller (see the {@code size} helpers). */
final class WireWriter {
    private final byte[] buf;
    private int pos;

    WireWriter(int capacity) {
        this.buf = new byte[capacity];
    }

    /** Writes into {@code buf} from {@code offset}: the caller sized it for what it writes. */
    WireWriter(byte[] buf, int offset) {
        this.buf = buf;
        this.pos = offset;
    }

    byte[] array() {
        return buf;
    }

    int position() {
        return pos;
    }

    /** Writes a u16 at an earlier position (a length known only once what follows it is written). */
    void u16At(int at, int v) {
        if (v < 0 || v > 0xffff || at < 0 || at + 2 > pos) {
            throw new IllegalArgumentException("u16 " + v + " at " + at + " (written up to " + pos + ")");
        }
        buf[at] = (byte) (v >>> 8);
        buf[at + 1] = (byte) v;
    }

    WireWriter u8(int v) {
        buf[pos++] = (byte) v;
        return this;
    }

    WireWriter u16(int v) {
        if (v < 0 || v > 0xffff) {
            throw new IllegalArgumentException("value " + v + " does not fit 16 bits");
        }
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) v;
        return this;
    }

    WireWriter i64(long v) {
        for (int i = 7; i >= 0; i--) {
            buf[pos++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    WireWriter bytes(byte[] b) {
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
        return this;
    }

    /** Writes u8 length + bytes; names are ASCII and at most 64 characters (validated at the API). */
    WireWriter text(String s) {
        int n = s.length();
        if (n >= 1 && n <= 255) {
            // the common case, every name: its characters are its bytes, checked as they are written (one pass)
            int start = pos;
            buf[pos++] = (byte) n;
            int i = 0;
            char c;
            while (i < n && (c = s.charAt(i)) < 0x80) {
                buf[pos++] = (byte) c;
                i++;
            }
            if (i == n) {
                return this;
            }
            pos = start; // not ASCII: written again below, UTF-8 encoded
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length == 0 || b.length > 255) {
            throw new IllegalArgumentException("text '" + s + "' must have 1..255 bytes");
        }
        u8(b.length);
        return bytes(b);
    }

    /** Writes a host as u8 length + printable ASCII, as {@link WireReader#host} expects. */
    WireWriter host(String host) {
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                throw new IllegalArgumentException("host '" + host + "' must be printable ASCII (use the IDN ASCII form)");
            }
        }
        return text(host);
    }

    /** Writes u8 length + bytes, where the empty string (length 0) means "none". */
    WireWriter optionalText(String s) {
        if (s.isEmpty()) {
            return u8(0);
        }
        return text(s);
    }

    /** @return bytes an {@link #optionalText} field occupies */
    static int optionalTextSize(String s) {
        return s.isEmpty() ? 1 : textSize(s);
    }

    /**
     * @return bytes a {@link #text} field occupies
     * @throws IllegalArgumentException if {@link #text} would refuse the text, so that a caller that writes later (on
     *     another thread) learns it now
     */
    static int checkedTextSize(String s) {
        int size = textSize(s);
        if (size < 2 || size > 256) {
            throw new IllegalArgumentException("text '" + s + "' must have 1..255 bytes");
        }
        return size;
    }

    /** @return bytes a {@link #text} field occupies */
    static int textSize(String s) {
        return 1 + (isAscii(s) ? s.length() : s.getBytes(StandardCharsets.UTF_8).length);
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
