package org.gcs.examples.cli;

/**
 * What one receiver got from one sender (or, summed, from several).
 *
 * @param unique distinct messages delivered
 * @param duplicates deliveries of a message already delivered
 * @param outOfOrder messages that arrived while an earlier one of the same sender was still missing
 * @param highest the highest sequence number delivered (0 for none; meaningless in sums)
 */
record SequenceCounts(long unique, long duplicates, long outOfOrder, long highest) {
    /** Nothing delivered. */
    static final SequenceCounts NONE = new SequenceCounts(0, 0, 0, 0);

    /**
     * @param other more counts
     * @return the sums of the counters (the highest sequence is the larger one)
     */
    SequenceCounts plus(SequenceCounts other) {
        return new SequenceCounts(unique + other.unique, duplicates + other.duplicates, outOfOrder + other.outOfOrder,
                Math.max(highest, other.highest));
    }
}
