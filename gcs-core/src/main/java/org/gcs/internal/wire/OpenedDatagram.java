package org.gcs.internal.wire;

/**
 * An authenticated WAN datagram with the header fields that its freshness is judged by.
 *
 * @param keyId the key id it was protected under
 * @param senderId the sending node's id (random per start)
 * @param packetNumber its number in the sender's sequence (from 1)
 * @param sendEpochMillis the sender's wall clock when it was sent, epoch milliseconds
 * @param destination the {@link DestinationTag} of the site it was sent to ({@link DestinationTag#UNADDRESSED}: the
 *     sender did not know the receiver's site)
 * @param envelope what it carries
 */
public record OpenedDatagram(int keyId, long senderId, long packetNumber, long sendEpochMillis, long destination,
                             WanEnvelope envelope) {
    /** @return whether the sender named the receiving site (otherwise it wrote to an address it only knows as such) */
    public boolean addressed() {
        return destination != DestinationTag.UNADDRESSED;
    }
}
