package org.gcs.internal.wire;

/**
 * An authenticated WAN datagram with the header fields that its freshness is judged by.
 *
 * @param keyId the key id it was protected under
 * @param senderId the sending node's id (random per start)
 * @param packetNumber its number in the sender's sequence (from 1)
 * @param sendEpochMillis the sender's wall clock when it was sent, epoch milliseconds
 * @param envelope what it carries
 */
public record OpenedDatagram(int keyId, long senderId, long packetNumber, long sendEpochMillis, WanEnvelope envelope) {
}
