package org.gcs.internal.wire;

import java.util.Arrays;

/**
 * A congestion controller's block on the wire: the controller's tag and a body only the controller reads
 * ({@link org.gcs.cc.api.ControlBlockCodec}). The WAN codec frames it as {@code tag u8, length u8, body} and never
 * looks inside, so relays pass data packets on with their blocks untouched, and a node that does not know a tag
 * still reads the rest of the datagram.
 *
 * @param tag the controller's {@link org.gcs.cc.api.CongestionControl#wireTag() tag}, 1..255
 * @param body the controller's bytes, at most {@value #MAX_BODY_BYTES}
 */
public record ControlBlock(int tag, byte[] body) {
    /** The largest body: its length travels in one byte. */
    public static final int MAX_BODY_BYTES = 255;
    /** Bytes of framing around the body: tag and length. */
    public static final int FRAMING_BYTES = 2;

    /** Checks the tag and the body's length, and copies nothing (the body is not changed afterwards). */
    public ControlBlock {
        if (tag < 1 || tag > 255) {
            throw new IllegalArgumentException("a control block's tag is 1..255, got " + tag);
        }
        if (body == null || body.length > MAX_BODY_BYTES) {
            throw new IllegalArgumentException("a control block's body has at most " + MAX_BODY_BYTES + " bytes, got "
                    + (body == null ? null : body.length));
        }
    }

    /** @return the bytes the block occupies in a datagram */
    public int wireBytes() {
        return FRAMING_BYTES + body.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ControlBlock b && b.tag == tag && Arrays.equals(b.body, body);
    }

    @Override
    public int hashCode() {
        return 31 * tag + Arrays.hashCode(body);
    }

    @Override
    public String toString() {
        return "ControlBlock[tag " + tag + ", " + body.length + " B]";
    }
}
