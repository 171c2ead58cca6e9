package org.gcs.lab.nat;

/**
 * What one receiver delivered of one sender's messages at the end of the run: a row of {@code delivery.csv}.
 *
 * @param receiver the receiving site
 * @param sender the sending site (the receiver itself included: a member delivers its own messages too)
 * @param sent the messages the sender sent, numbered 1 to this
 * @param delivered deliveries, duplicates included
 * @param missing messages sent and never delivered
 * @param duplicates deliveries of a message delivered before
 * @param outOfOrder first deliveries whose sequence number was not the previous one plus one
 */
record DeliveryRow(String receiver, String sender, long sent, long delivered, long missing, long duplicates,
                   long outOfOrder) {
    /**
     * @param tally what the receiver reported of the sender
     * @return the row
     */
    static DeliveryRow of(String receiver, String sender, long sent, SenderTally tally) {
        return new DeliveryRow(receiver, sender, sent, tally.delivered(), tally.missing(sent), tally.duplicates(),
                tally.outOfOrder());
    }
}
