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
 */
record Epoch(long number, MemberId sequencer) implements Comparable<Epoch> {
    private static final Comparator<Epoch> ORDER = Comparator.comparingLong(Epoch::number)
            .thenComparing(Epoch::sequencer);

    @Override
    public int compareTo(Epoch other) {
        return ORDER.compare(this, other);
    }
}
