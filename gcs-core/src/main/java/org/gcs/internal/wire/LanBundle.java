package org.gcs.internal.wire;

import java.util.ArrayList;
import java.util.List;

/**
 * Several encoded {@link LanMessage}s carried as one JGroups message, so that the LAN stack's per-message work
 * (sealing, serialization, NAKACK2 sequence numbers, the transport's headers) is paid once per bundle instead of once
 * per message. The messages keep their order: the receiver takes them out one by one, as if they had arrived alone.
 *
 * <pre>
 * offset  size  field
 * 0       1     LAN format version ({@link LanCodec#VERSION})
 * 1       1     type {@value #TYPE}
 * 2       2     count (2 .. 65 535)
 * 4       ...   count times: length (u32), then one encoded LAN message (never a bundle)
 * </pre>
 *
 * <p>A bundle is checked whole before any of its messages is taken out: a cut-short or inconsistent bundle is
 * dropped as one malformed message, never half delivered. Stateless and thread-safe.
 */
public final class LanBundle {
    /** The LAN message type of a bundle. */
    public static final int TYPE = 12;
    /** Version, type and count. */
    static final int HEADER_BYTES = 4;
    /** The length prefix of each message. */
    static final int PER_MESSAGE_BYTES = 4;
    private static final int MAX_COUNT = 0xffff;

    /** Takes the messages of a bundle, one slice of the bundle's array at a time. */
    @FunctionalInterface
    public interface SliceConsumer {
        /** @param bytes the array holding the message, from {@code offset}, {@code length} bytes long */
        void accept(byte[] bytes, int offset, int length);

        /**
         * Called once, after the bundle was checked and before its first message, so that a consumer collecting
         * the messages can make room for them at once (growing a list step by step cost the receiving member's
         * intake 5 % of its samples; docs/performance.md, "CPU per message, round 6").
         *
         * @param count how many messages {@link #accept} will get, at least 2
         */
        default void expect(int count) {
        }
    }

    private LanBundle() {
    }

    /** Takes what {@link #pack} makes, in order. */
    @FunctionalInterface
    public interface DatagramConsumer {
        /**
         * @param bytes a bundle, or a lone message
         * @param carried the messages it carries, in order (a view of the packed list, valid during the call)
         */
        void accept(byte[] bytes, List<LanOutgoing> carried);
    }

    /**
     * Packs consecutive messages into bundles of at most {@code maxBundleBytes}; a message that does not fit with
     * another one (or is alone) goes as it is. Each message is written straight into the bundle that carries it
     * ({@link LanOutgoing#writeTo}).
     *
     * @param messages LAN messages, in sending order
     * @param maxBundleBytes the largest bundle to make, header included
     * @param out takes the bundles and single messages, in order
     */
    public static void pack(List<LanOutgoing> messages, int maxBundleBytes, DatagramConsumer out) {
        if (maxBundleBytes < HEADER_BYTES + 2 * PER_MESSAGE_BYTES) {
            throw new IllegalArgumentException("maxBundleBytes " + maxBundleBytes + " leaves no room for two messages");
        }
        int from = 0;
        while (from < messages.size()) {
            int size = HEADER_BYTES + PER_MESSAGE_BYTES + messages.get(from).size();
            int to = from + 1;
            while (to < messages.size() && to - from < MAX_COUNT
                    && size + PER_MESSAGE_BYTES + messages.get(to).size() <= maxBundleBytes) {
                size += PER_MESSAGE_BYTES + messages.get(to).size();
                to++;
            }
            List<LanOutgoing> carried = messages.subList(from, to);
            out.accept(to - from == 1 ? messages.get(from).bytes() : encode(carried, size), carried);
            from = to;
        }
    }

    /**
     * Packs messages already encoded, as {@link #pack(List, int, DatagramConsumer)} does.
     *
     * @param messages encoded LAN messages, in sending order
     * @param maxBundleBytes the largest bundle to make, header included
     * @return what to send, in order: bundles and single messages
     */
    public static List<byte[]> pack(List<byte[]> messages, int maxBundleBytes) {
        List<LanOutgoing> outgoing = new ArrayList<>(messages.size());
        for (byte[] message : messages) {
            outgoing.add(LanOutgoing.encoded(message));
        }
        List<byte[]> out = new ArrayList<>();
        pack(outgoing, maxBundleBytes, (bytes, carried) -> out.add(bytes));
        return out;
    }

    private static byte[] encode(List<LanOutgoing> messages, int size) {
        byte[] bundle = new byte[size];
        bundle[0] = (byte) LanCodec.VERSION;
        bundle[1] = (byte) TYPE;
        bundle[2] = (byte) (messages.size() >>> 8);
        bundle[3] = (byte) messages.size();
        int pos = HEADER_BYTES;
        for (LanOutgoing message : messages) {
            int length = message.size();
            bundle[pos] = (byte) (length >>> 24);
            bundle[pos + 1] = (byte) (length >>> 16);
            bundle[pos + 2] = (byte) (length >>> 8);
            bundle[pos + 3] = (byte) length;
            int end = message.writeTo(bundle, pos + PER_MESSAGE_BYTES);
            if (end != pos + PER_MESSAGE_BYTES + length) {
                throw new IllegalStateException("LAN message wrote " + (end - pos - PER_MESSAGE_BYTES)
                        + " bytes, sized " + length);
            }
            pos = end;
        }
        return bundle;
    }

    /** @return whether these bytes claim to be a bundle (version and type); {@link #forEach} checks the rest */
    public static boolean isBundle(byte[] bytes, int offset, int length) {
        return length >= 2 && (bytes[offset] & 0xff) == LanCodec.VERSION && (bytes[offset + 1] & 0xff) == TYPE;
    }

    /**
     * Hands each message of a bundle to the consumer, in order, after checking that the whole bundle is well formed.
     *
     * @throws MalformedDatagramException if the bundle is cut short, has bytes after its last message, holds fewer
     *     than two messages, an empty message or another bundle; then no message is handed over (nor
     *     {@link SliceConsumer#expect} called)
     */
    public static void forEach(byte[] bytes, int offset, int length, SliceConsumer consumer)
            throws MalformedDatagramException {
        if (!isBundle(bytes, offset, length) || length < HEADER_BYTES) {
            throw new MalformedDatagramException(DropReason.TRUNCATED, "LAN bundle of " + length + " bytes");
        }
        int count = ((bytes[offset + 2] & 0xff) << 8) | (bytes[offset + 3] & 0xff);
        if (count < 2) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "LAN bundle of " + count + " messages");
        }
        int end = offset + length;
        int[] starts = new int[count];
        int[] lengths = new int[count];
        int pos = offset + HEADER_BYTES;
        for (int i = 0; i < count; i++) {
            if (end - pos < PER_MESSAGE_BYTES) {
                throw new MalformedDatagramException(DropReason.TRUNCATED, "LAN bundle cut short at message " + i);
            }
            int messageLength = ((bytes[pos] & 0xff) << 24) | ((bytes[pos + 1] & 0xff) << 16)
                    | ((bytes[pos + 2] & 0xff) << 8) | (bytes[pos + 3] & 0xff);
            pos += PER_MESSAGE_BYTES;
            if (messageLength <= 0 || messageLength > end - pos) {
                throw new MalformedDatagramException(DropReason.TRUNCATED, "LAN bundle message " + i + " claims "
                        + messageLength + " bytes, " + (end - pos) + " left");
            }
            if (isBundle(bytes, pos, messageLength)) {
                throw new MalformedDatagramException(DropReason.MALFORMED, "a LAN bundle inside a bundle");
            }
            starts[i] = pos;
            lengths[i] = messageLength;
            pos += messageLength;
        }
        if (pos != end) {
            throw new MalformedDatagramException(DropReason.MALFORMED, (end - pos) + " bytes after the bundle");
        }
        consumer.expect(count);
        for (int i = 0; i < count; i++) {
            consumer.accept(bytes, starts[i], lengths[i]);
        }
    }
}
