package org.gcs.driver;

/**
 * What a WAN datagram carries, as a driver sees it before it is sealed (a simulator's filter that removes some kind of
 * traffic, or counts it): its kind and, for the packets of a meta-flow, the flow and the packet's place in it.
 *
 * @param kind the packet's kind
 * @param sourceSite the site whose flow the packet belongs to (DATA, ACK, CC_FEEDBACK, NAK, SYNC, HOP_DATA), else null
 * @param group the flow's group, else null
 * @param seq the flow sequence number of a DATA or HOP_DATA packet, else -1
 * @param retransmission whether a DATA or HOP_DATA packet is a repair rather than a first transmission
 * @param carriesFeedback whether the packet carries congestion feedback (CC_FEEDBACK, and an ACK with a feedback
 *     block)
 * @param encodedBytes the bytes the packet takes in a datagram, its envelope included
 * @param engineEnvelope the engine's own envelope, for white-box tests of the engine in gcs-sim; its type is not part
 *     of any API
 */
public record WanPacketInfo(WanPacketKind kind, String sourceSite, String group, long seq, boolean retransmission,
                            boolean carriesFeedback, int encodedBytes, Object engineEnvelope) {

    /** @return true if this is a packet of a meta-flow of the given group */
    public boolean ofGroup(String name) {
        return name.equals(group);
    }
}
