package org.gcs.order;

import java.util.Comparator;
import org.gcs.MemberId;

/**
 * Which sequencer's order a member follows: a number raised by each take-over, then the sequencer's identity (two
 * members that take over at once with one number are ordered by identity). A member follows only a higher epoch
 * than its own.
 *
 * @param number raised by one at each take-over
 * @param sequencer the member that orders in this epoch
 * @param lineage the incarnation number of the member that founded the order: two members that founded an order
 *     apart (each alone, as newcomers that could not reach each other) have two lineages, whose positions differ
 */
record Epoch(long number, MemberId sequencer, long lineage) implements Comparable<Epoch> {
    private static final Comparator<Epoch> ORDER = Comparator.comparingLong(Epoch::number)
            .thenComparing(Epoch::sequencer).thenComparingLong(Epoch::lineage);

    @Override
    public int compareTo(Epoch other) {
        return ORDER.compare(this, other);
    }
}
