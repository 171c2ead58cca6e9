package org.gcs;

/**
 * A snapshot of the hop-by-hop links between this delegate and one tree neighbour (spec §1.2), for meters and tools
 * ({@link MemberStatus#hopLinks()}).
 * Counts are cumulative over every link instance to that neighbour (a link starts over when either delegate
 * changes).
 *
 * @param peer the neighbour site
 * @param outputPackets packets in the output buffer to the neighbour (in flight and waiting; B_OUT at most)
 * @param waitingPackets the part of the output not yet sent, held back by the window or the neighbour's credit
 * @param replayPackets packets queued for replay on a new link to the neighbour, ahead of the output
 * @param inputPackets packets in the input buffer from the neighbour (B_IN at most)
 * @param windowPackets the congestion window of the link to the neighbour, in packets (0 with no link yet)
 * @param smoothedRttNs the link's smoothed RTT (0 before the first sample)
 * @param retransmissions frames retransmitted to the neighbour
 * @param replayedPackets packets replayed to the neighbour on new links (backup replay and the old link's
 *     undelivered packets)
 * @param stallDrops packets from the neighbour dropped for a next hop that acknowledged nothing for the stall
 *     timeout
 * @param duplicatesDropped packets from the neighbour dropped because this delegate had copied them out before (a
 *     backup replay reaching a delegate that already has its packets)
 */
public record HopLinkStatus(String peer, int outputPackets, int waitingPackets, int replayPackets, int inputPackets,
                            double windowPackets, long smoothedRttNs, long retransmissions, long replayedPackets,
                            long stallDrops, long duplicatesDropped) {
}
