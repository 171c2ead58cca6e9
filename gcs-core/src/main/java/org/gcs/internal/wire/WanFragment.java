package org.gcs.internal.wire;

import java.util.Arrays;

/**
 * One piece of a control packet too large for one datagram ({@code max.datagram.bytes}): the packet's type and
 * body ({@link WanCodec#encodePacket}) cut into {@code count} chunks. The receiver puts the chunks of one
 * {@code packetId} from one delegate back together and handles the packet as if it had come whole; a piece
 * that is lost loses the packet (control packets are repeated: heartbeats, tree and price announcements).
 *
 * @param packetId the sender's number for the split packet, increasing
 * @param index this chunk's index, from 0
 * @param count how many chunks the packet has, 2 to {@link #MAX_COUNT}
 * @param chunk this chunk's bytes
 */
public record WanFragment(long packetId, int index, int count, byte[] chunk) implements WanPacket {
    /** The most chunks one packet is cut into. */
    public static final int MAX_COUNT = 1024;

    /** Rejects what the receiver would reject. */
    public WanFragment {
        if (packetId < 0 || count < 2 || count > MAX_COUNT || index < 0 || index >= count || chunk.length == 0
                || chunk.length > 0xFFFF) {
            throw new IllegalArgumentException("bad fragment: packet " + packetId + ", " + index + " of " + count
                    + ", " + chunk.length + " B");
        }
    }

    @Override
    public byte type() {
        return TYPE_FRAGMENT;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WanFragment f && f.packetId == packetId && f.index == index && f.count == count
                && Arrays.equals(f.chunk, chunk);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(packetId) * 31 + index;
    }

    @Override
    public String toString() {
        return "Fragment[" + packetId + " " + index + "/" + count + ", " + chunk.length + " B]";
    }
}
