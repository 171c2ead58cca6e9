package org.gcs.examples.cli;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import org.gcs.Names;

/**
 * The payloads that {@code gcs node --send-rate} generates, so that receivers can check them: the ASCII header
 * {@code "gcs-check <sender> <seq> "} (sender as {@code site/member}, seq = 1, 2, 3... per sender and run, in
 * decimal without leading zeros), then {@link #FILLER} bytes up to the payload size.
 */
final class CheckPayload {
    /** How a check payload starts. */
    static final String PREFIX = "gcs-check ";
    /** The byte that pads a check payload after its header. */
    static final byte FILLER = '.';
    /** Digits of the largest sequence number ({@link Long#MAX_VALUE}). */
    static final int MAX_SEQUENCE_DIGITS = String.valueOf(Long.MAX_VALUE).length();

    private static final byte[] PREFIX_BYTES = PREFIX.getBytes(StandardCharsets.US_ASCII);
    /** A sender is {@code site/member}, two names. */
    private static final int MAX_SENDER_BYTES = 2 * Names.MAX_LENGTH + 1;

    private CheckPayload() {
    }

    /**
     * The header of a check payload.
     *
     * @param sender the sender, {@code site/member}
     * @param sequence the sender's sequence number, from 1
     */
    record Header(String sender, long sequence) {
    }

    /**
     * @param sender the sender, {@code site/member}
     * @param sequence a sequence number
     * @return the bytes of the header for them
     */
    static int headerBytes(String sender, long sequence) {
        return header(sender, sequence).length;
    }

    /**
     * @param sender the sender, {@code site/member}
     * @param sequence its sequence number, positive
     * @param sizeBytes the payload size
     * @return a check payload of {@code sizeBytes}
     * @throws IllegalArgumentException if the header does not fit in {@code sizeBytes}
     */
    static byte[] of(String sender, long sequence, int sizeBytes) {
        if (sequence < 1) {
            throw new IllegalArgumentException("sequence must be positive, got " + sequence);
        }
        byte[] header = header(sender, sequence);
        if (header.length > sizeBytes) {
            throw new IllegalArgumentException("a check payload of " + sizeBytes + " bytes has no room for its "
                    + header.length + "-byte header");
        }
        byte[] payload = Arrays.copyOf(header, sizeBytes);
        Arrays.fill(payload, header.length, sizeBytes, FILLER);
        return payload;
    }

    /**
     * Reads the header of a delivered payload; only the header is looked at, not the filler.
     *
     * @param payload a delivered payload
     * @return its header, or empty if it does not start with a well-formed one
     */
    static Optional<Header> parse(byte[] payload) {
        if (payload.length < PREFIX_BYTES.length
                || !Arrays.equals(payload, 0, PREFIX_BYTES.length, PREFIX_BYTES, 0, PREFIX_BYTES.length)) {
            return Optional.empty();
        }
        int senderStart = PREFIX_BYTES.length;
        int senderEnd = senderStart;
        while (senderEnd < payload.length && payload[senderEnd] != ' ') {
            if (!isSenderByte(payload[senderEnd]) || senderEnd - senderStart >= MAX_SENDER_BYTES) {
                return Optional.empty();
            }
            senderEnd++;
        }
        if (senderEnd == senderStart || senderEnd == payload.length) {
            return Optional.empty();
        }
        int digitsStart = senderEnd + 1;
        int digitsEnd = digitsStart;
        long sequence = 0;
        while (digitsEnd < payload.length && payload[digitsEnd] != ' ') {
            int digit = payload[digitsEnd] - '0';
            if (digit < 0 || digit > 9 || sequence > (Long.MAX_VALUE - digit) / 10) {
                return Optional.empty();
            }
            sequence = sequence * 10 + digit;
            digitsEnd++;
        }
        if (digitsEnd == payload.length || sequence < 1 || payload[digitsStart] == '0') {
            return Optional.empty();
        }
        String sender = new String(payload, senderStart, senderEnd - senderStart, StandardCharsets.US_ASCII);
        return Optional.of(new Header(sender, sequence));
    }

    private static byte[] header(String sender, long sequence) {
        return (PREFIX + sender + ' ' + sequence + ' ').getBytes(StandardCharsets.UTF_8);
    }

    /** The characters of names ({@link Names}) and the {@code /} between site and member. */
    private static boolean isSenderByte(byte b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '.' || b == '_'
                || b == '-' || b == '/';
    }
}
