package org.gcs.lab.nat;

/**
 * What one receiver delivered of one sender's sequenced messages (sequence numbers from 1, one more per message).
 *
 * @param delivered deliveries, duplicates included
 * @param distinct distinct sequence numbers delivered
 * @param outOfOrder first deliveries of a sequence number that was not the previous one delivered plus one (a gap or
 *     a step back; duplicates are not counted here)
 * @param maxSequence the highest sequence number delivered, 0 if none
 */
public record SenderTally(long delivered, long distinct, long outOfOrder, long maxSequence) {
    /** Nothing delivered yet. */
    public static final SenderTally NONE = new SenderTally(0, 0, 0, 0);

    /** Checks the counts are consistent. */
    public SenderTally {
        if (delivered < 0 || distinct < 0 || outOfOrder < 0 || maxSequence < 0 || distinct > delivered
                || distinct > maxSequence) {
            throw new IllegalArgumentException("inconsistent tally: delivered " + delivered + ", distinct "
                    + distinct + ", outOfOrder " + outOfOrder + ", maxSequence " + maxSequence);
        }
    }

    /** @return deliveries of a sequence number delivered before */
    public long duplicates() {
        return delivered - distinct;
    }

    /**
     * @param sent the messages the sender sent, numbered 1 to {@code sent}
     * @return those of them never delivered
     */
    public long missing(long sent) {
        return Math.max(0, sent - distinct);
    }
}
