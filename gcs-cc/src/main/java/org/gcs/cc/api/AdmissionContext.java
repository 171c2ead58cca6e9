package org.gcs.cc.api;

/**
 * What a {@link SenderAdmission} is made for: one member sending to one group.
 *
 * @param member the sending member
 * @param group the group
 * @param nowNs the time it is created (a token bucket starts filling then)
 * @param packetWireBytes the wire bytes of one full datagram, for schemes that charge per packet (seed 000): a
 *     message of {@code wireBytes} is {@code ceil(wireBytes / packetWireBytes)} packets; positive
 */
public record AdmissionContext(String member, String group, long nowNs, int packetWireBytes) {
    /** One full fragment with GCS's default 1400-byte datagrams: 1180 payload bytes and 120 bytes around them. */
    public static final int DEFAULT_PACKET_WIRE_BYTES = 1300;

    /** Rejects a packet size that is not positive. */
    public AdmissionContext {
        if (packetWireBytes <= 0) {
            throw new IllegalArgumentException("packetWireBytes must be positive, got " + packetWireBytes);
        }
    }

    /**
     * @param member the sending member
     * @param group the group
     * @param nowNs the time it is created
     */
    public AdmissionContext(String member, String group, long nowNs) {
        this(member, group, nowNs, DEFAULT_PACKET_WIRE_BYTES);
    }

    /**
     * @param wireBytes a message's bytes on the wire
     * @return the packets it takes, at least 1
     */
    public long packets(long wireBytes) {
        return Math.max(1, (wireBytes + packetWireBytes - 1) / packetWireBytes);
    }
}
