package org.gcs;

/**
 * How many bytes a message costs on the WAN, so that rates mean the same thing everywhere (the rates of
 * {@link FlowStatus}, the congestion controllers' and a tool's offered load): a receiving
 * delegate measures Eq. 1's segment size s in these units, a sending delegate's allowed rate comes out in them,
 * and a local sender's token bucket charges them. Every datagram carries about {@value #DATAGRAM_OVERHEAD_BYTES}
 * bytes besides its payload (header, names, sequence numbers, timestamps, MAC).
 */
public final class WireCost {
    /**
     * Typical bytes of a data datagram besides its payload: wire version 5's 40-byte protected header, the sending
     * site and term, the flow and sequence fields with names of about 8 characters, and the 16-byte tag
     * ({@code WanCodec.dataOverheadBytes} gives the exact worst case).
     */
    public static final int DATAGRAM_OVERHEAD_BYTES = 160;
    /** Typical payload bytes per fragment with the default 1400-byte datagrams. */
    public static final int FRAGMENT_PAYLOAD_BYTES = 1400 - 220;

    private WireCost() {
    }

    /** @return the bytes one datagram with this payload occupies on the wire */
    public static int datagramBytes(int payloadBytes) {
        return payloadBytes + DATAGRAM_OVERHEAD_BYTES;
    }

    /** @return the bytes a message of this payload occupies on the wire, all its fragments together */
    public static long messageBytes(int payloadBytes) {
        int fragments = Math.max(1, (payloadBytes + FRAGMENT_PAYLOAD_BYTES - 1) / FRAGMENT_PAYLOAD_BYTES);
        return (long) payloadBytes + (long) fragments * DATAGRAM_OVERHEAD_BYTES;
    }
}
