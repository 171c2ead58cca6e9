package org.gcs.internal.wire;

import java.util.List;

/**
 * Several packets for one peer in one datagram, under one header and one authentication tag (issue 16: WAN
 * packing). The receiver handles them in order, as if each had arrived alone; the datagram's packet number and
 * send time cover all of them.
 *
 * @param packets 2 to {@link #MAX_PACKETS} packets, none a batch itself
 */
public record WanBatch(List<WanPacket> packets) implements WanPacket {
    /** The most packets one batch carries. */
    public static final int MAX_PACKETS = 255;
    /** Bytes a batch adds besides its packets' types and bodies: the count. */
    public static final int HEADER_BYTES = 1;
    /** Bytes a batch adds per packet besides its type and body: the length. */
    public static final int PER_PACKET_BYTES = 2;

    /** Makes the list immutable and rejects what the wire cannot carry. */
    public WanBatch {
        packets = List.copyOf(packets);
        if (packets.size() < 2 || packets.size() > MAX_PACKETS) {
            throw new IllegalArgumentException("a batch holds 2 to " + MAX_PACKETS + " packets, got "
                    + packets.size());
        }
        for (WanPacket packet : packets) {
            if (packet instanceof WanBatch) {
                throw new IllegalArgumentException("a batch inside a batch");
            }
        }
    }

    @Override
    public byte type() {
        return TYPE_BATCH;
    }
}
