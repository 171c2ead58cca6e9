package org.gcs.internal.wire;

/**
 * A LAN message on its way out, with its encoded size. A data message ({@link LanMessage.LocalData},
 * {@link LanMessage.RemoteData}) is encoded only when it is written into the datagram that carries it (a
 * {@link LanBundle} or a lone message): its payload is copied once on the way out, not once into an encoding of its own
 * and again into the bundle. Any other message (rare, small) is encoded when made. Immutable; a data message's payload
 * must not change once it is handed over (payloads are never written after they are made).
 *
 * <p>The sender takes its own copy of a data message as the message itself ({@link #message}), not by decoding what it
 * sent.
 */
public final class LanOutgoing {
    private final LanMessage message;
    private final byte[] encoded;
    private final int size;

    private LanOutgoing(LanMessage message, byte[] encoded, int size) {
        this.message = message;
        this.encoded = encoded;
        this.size = size;
    }

    /**
     * @return the message, encoded later if it is data, else now
     * @throws IllegalArgumentException if it cannot be encoded (a name too long), as {@link LanCodec#encode} would
     */
    public static LanOutgoing of(LanMessage message) {
        int dataSize = LanCodec.dataSize(message);
        if (dataSize >= 0) {
            return new LanOutgoing(message, null, dataSize);
        }
        byte[] bytes = LanCodec.encode(message);
        return new LanOutgoing(null, bytes, bytes.length);
    }

    /** @return a message already encoded (by {@link LanCodec#encode}, or any bytes a test sends as they are) */
    public static LanOutgoing encoded(byte[] bytes) {
        if (bytes.length == 0) {
            throw new IllegalArgumentException("an empty LAN message");
        }
        return new LanOutgoing(null, bytes, bytes.length);
    }

    /** @return its size on the LAN, in bytes */
    public int size() {
        return size;
    }

    /**
     * @return the data message itself, to be taken as it is (the sender's own copy); null for a message made
     *     encoded, which is taken by decoding {@link #bytes}
     */
    public LanMessage message() {
        return message;
    }

    /**
     * Writes the encoded message into {@code dest} from {@code offset} ({@link #size} bytes).
     *
     * @return the offset after it
     */
    public int writeTo(byte[] dest, int offset) {
        if (encoded != null) {
            System.arraycopy(encoded, 0, dest, offset, size);
            return offset + size;
        }
        return LanCodec.writeData(message, dest, offset);
    }

    /** @return the encoded message: the array it was made with, or a new one for a data message */
    public byte[] bytes() {
        if (encoded != null) {
            return encoded;
        }
        byte[] bytes = new byte[size];
        writeTo(bytes, 0);
        return bytes;
    }
}
