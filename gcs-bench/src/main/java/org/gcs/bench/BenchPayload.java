package org.gcs.bench;

import java.nio.ByteBuffer;

/**
 * The payload of every benchmark message: a kind byte, the sender's sequence number and the send time (wall clock,
 * microseconds since the epoch), padded with zeros to the message size. Probes have sequence 0; warm-up and
 * measured messages share one sequence 1, 2, 3... per sender, so order is checked across both phases.
 */
final class BenchPayload {
    /** Bytes of the header; the smallest message size. */
    static final int HEADER_BYTES = 1 + Long.BYTES + Long.BYTES;

    /** A message that only shows the path works before the run starts. */
    static final byte PROBE = 1;
    /** A warm-up message: checked for order, not counted in the figures. */
    static final byte WARMUP = 2;
    /** A measured message. */
    static final byte MEASURED = 3;

    private BenchPayload() {
    }

    /**
     * @param size the payload size, at least {@link #HEADER_BYTES}
     * @param kind {@link #PROBE}, {@link #WARMUP} or {@link #MEASURED}
     * @param sequence the sender's sequence number (0 for probes)
     * @param sentMicros the send time in microseconds since the epoch
     * @return a new payload
     */
    static byte[] encode(int size, byte kind, long sequence, long sentMicros) {
        if (size < HEADER_BYTES) {
            throw new IllegalArgumentException("a benchmark message needs at least " + HEADER_BYTES + " bytes, got "
                    + size);
        }
        byte[] payload = new byte[size];
        ByteBuffer.wrap(payload).put(kind).putLong(sequence).putLong(sentMicros);
        return payload;
    }

    /** @return the kind byte of a payload, or 0 if it is too short to be one of ours */
    static byte kind(byte[] bytes, int offset, int length) {
        return length < HEADER_BYTES ? 0 : bytes[offset];
    }

    /** @return the sequence number of a payload of at least {@link #HEADER_BYTES} */
    static long sequence(byte[] bytes, int offset) {
        return ByteBuffer.wrap(bytes).getLong(offset + 1);
    }

    /** @return the send time of a payload of at least {@link #HEADER_BYTES}, microseconds since the epoch */
    static long sentMicros(byte[] bytes, int offset) {
        return ByteBuffer.wrap(bytes).getLong(offset + 1 + Long.BYTES);
    }
}
