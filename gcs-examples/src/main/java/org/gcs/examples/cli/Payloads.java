package org.gcs.examples.cli;

import java.nio.ByteBuffer;
import java.time.Instant;

/**
 * Demo payloads: the first 8 bytes carry the sender's wall-clock send time in microseconds since the epoch (when
 * the payload has room for it), the rest is zeros.
 */
final class Payloads {
    /** Bytes of the timestamp at the start of a payload. */
    static final int STAMP_BYTES = Long.BYTES;

    private Payloads() {
    }

    /**
     * @param size the payload size in bytes
     * @param sentMicros the send time, microseconds since the epoch
     * @return a new payload, stamped if it has at least {@link #STAMP_BYTES}
     */
    static byte[] stamped(int size, long sentMicros) {
        byte[] payload = new byte[size];
        if (size >= STAMP_BYTES) {
            ByteBuffer.wrap(payload).putLong(0, sentMicros);
        }
        return payload;
    }

    /**
     * @param payload a demo payload
     * @return its send time in microseconds since the epoch, or -1 if it is too short to carry one
     */
    static long sentMicros(byte[] payload) {
        return payload.length >= STAMP_BYTES ? ByteBuffer.wrap(payload).getLong(0) : -1;
    }

    /** @return the wall-clock time in microseconds since the epoch */
    static long nowMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
    }
}
