package org.gcs.cc.ormcc;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.gcs.cc.api.ControlBlockCodec;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.Feedback;

/**
 * ORMCC's blocks, big-endian (the field list of the specification's §3.4 "Data header extension" and "New WAN
 * packet Ci", with the CI's addressing left to the engine's framing):
 *
 * <pre>
 *   header (18 + n bytes):  crSiteLength u8 (0 = none, at most 64)  crSite n × ASCII [A-Za-z0-9._-]
 *                           flags u8 (bit 0 = statistics valid, bit 1 = slow start; the other bits must be 0)
 *                           avgTracCr u32 (bytes/s)  devTracCr u32 (bytes/s)  feedbackWindow u32 (µs)  rttCr u32 (µs)
 *   CI (40 bytes):          triggerSeq u64  echoSendTimeNs i64  holdNs u64  trac u64 (bytes/s)  avgTrac u64 (bytes/s)
 * </pre>
 *
 * Rates are rounded to whole bytes per second and durations to whole microseconds; the u32 fields saturate at
 * 2^32 − 1 (about 4.3 GB/s, 71 minutes). The u64 fields hold values up to 2^63 − 1; a larger one (negative as a
 * Java long) is rejected. Decoding rejects a wrong length, a bad name, a reserved flag bit and a negative field with
 * an {@link IllegalArgumentException}.
 */
final class OrmccBlockCodec implements ControlBlockCodec {
    /** The longest CR name: GCS's site names have 1 to 64 characters. */
    static final int MAX_SITE_LENGTH = 64;
    /** Bytes of a header body besides the name. */
    static final int HEADER_FIXED_BYTES = 1 + 1 + 4 + 4 + 4 + 4;
    /** Bytes of a CI body. */
    static final int INDICATION_BYTES = 5 * 8;
    private static final int FLAG_STATS_VALID = 1;
    private static final int FLAG_SLOW_START = 2;
    private static final long U32_MAX = 0xffff_ffffL;

    /** @return the largest header: a 64-character CR name */
    @Override
    public int maxHeaderBytes() {
        return HEADER_FIXED_BYTES + MAX_SITE_LENGTH;
    }

    @Override
    public byte[] encodeHeader(ControlHeader header) {
        if (!(header instanceof OrmccHeader h)) {
            throw new IllegalArgumentException("not an ORMCC header: " + header);
        }
        checkSite(h.crSite());
        byte[] name = h.crSite().getBytes(StandardCharsets.US_ASCII);
        ByteBuffer body = ByteBuffer.allocate(HEADER_FIXED_BYTES + name.length);
        body.put((byte) name.length);
        body.put(name);
        body.put((byte) ((h.statsValid() ? FLAG_STATS_VALID : 0) | (h.slowStart() ? FLAG_SLOW_START : 0)));
        body.putInt((int) u32(Math.round(h.avgTracCrBytesPerSec())));
        body.putInt((int) u32(Math.round(h.devTracCrBytesPerSec())));
        body.putInt((int) u32(Math.round(h.feedbackWindowNs() / 1000.0)));
        body.putInt((int) u32(Math.round(h.rttCrNs() / 1000.0)));
        return body.array();
    }

    @Override
    public ControlHeader decodeHeader(byte[] body) {
        if (body.length < HEADER_FIXED_BYTES) {
            throw new IllegalArgumentException("an ORMCC header has at least " + HEADER_FIXED_BYTES + " bytes, got "
                    + body.length);
        }
        ByteBuffer in = ByteBuffer.wrap(body);
        int nameLength = in.get() & 0xff;
        if (nameLength > MAX_SITE_LENGTH || body.length != HEADER_FIXED_BYTES + nameLength) {
            throw new IllegalArgumentException("an ORMCC header with a " + nameLength + "-character CR name has "
                    + (HEADER_FIXED_BYTES + nameLength) + " bytes (names have at most " + MAX_SITE_LENGTH
                    + "), got " + body.length);
        }
        byte[] name = new byte[nameLength];
        in.get(name);
        String crSite = new String(name, StandardCharsets.US_ASCII);
        checkSite(crSite);
        int flags = in.get() & 0xff;
        if ((flags & ~(FLAG_STATS_VALID | FLAG_SLOW_START)) != 0) {
            throw new IllegalArgumentException("reserved ORMCC header flags set: 0x" + Integer.toHexString(flags));
        }
        long avg = in.getInt() & U32_MAX;
        long dev = in.getInt() & U32_MAX;
        long windowUs = in.getInt() & U32_MAX;
        long rttCrUs = in.getInt() & U32_MAX;
        return new OrmccHeader(crSite, (flags & FLAG_STATS_VALID) != 0, avg, dev, windowUs * 1000, rttCrUs * 1000,
                (flags & FLAG_SLOW_START) != 0);
    }

    @Override
    public byte[] encodeFeedback(Feedback feedback) {
        if (!(feedback instanceof CongestionIndication ci)) {
            throw new IllegalArgumentException("not an ORMCC congestion indication: " + feedback);
        }
        if (ci.triggerSeq() < 0) {
            throw new IllegalArgumentException("triggerSeq must not be negative, got " + ci.triggerSeq());
        }
        ByteBuffer body = ByteBuffer.allocate(INDICATION_BYTES);
        body.putLong(ci.triggerSeq());
        body.putLong(ci.echoSendTimeNs());
        body.putLong(ci.holdNs());
        body.putLong(Math.round(ci.tracBytesPerSec()));
        body.putLong(Math.round(ci.avgTracBytesPerSec()));
        return body.array();
    }

    @Override
    public Feedback decodeFeedback(byte[] body) {
        if (body.length != INDICATION_BYTES) {
            throw new IllegalArgumentException("an ORMCC congestion indication has " + INDICATION_BYTES
                    + " bytes, got " + body.length);
        }
        ByteBuffer in = ByteBuffer.wrap(body);
        long triggerSeq = in.getLong();
        long echoSendTimeNs = in.getLong();
        long holdNs = in.getLong();
        long trac = in.getLong();
        long avgTrac = in.getLong();
        if (triggerSeq < 0 || holdNs < 0 || trac < 0 || avgTrac < 0) {
            throw new IllegalArgumentException("ORMCC congestion indication out of range: triggerSeq " + triggerSeq
                    + ", holdNs " + holdNs + ", trac " + trac + ", avgTrac " + avgTrac);
        }
        return new CongestionIndication(triggerSeq, echoSendTimeNs, holdNs, trac, avgTrac);
    }

    private static long u32(long value) {
        return Math.max(0, Math.min(U32_MAX, value));
    }

    /** GCS's name rule (1 to 64 characters from A-Z a-z 0-9 . _ -), or "" for no CR. */
    private static void checkSite(String site) {
        if (site.length() > MAX_SITE_LENGTH) {
            throw new IllegalArgumentException("CR site names have at most " + MAX_SITE_LENGTH + " characters, got "
                    + site.length());
        }
        for (int i = 0; i < site.length(); i++) {
            char c = site.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == '-';
            if (!allowed) {
                throw new IllegalArgumentException("CR site name '" + site + "' has a character outside"
                        + " A-Z a-z 0-9 . _ - at index " + i);
            }
        }
    }
}
