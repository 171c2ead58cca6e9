package org.gcs.examples.cli;

import java.util.Map;
import java.util.TreeMap;

/**
 * The deliveries of one sender's messages at one receiver, checked against the sender's sequence numbers (1, 2,
 * 3... without gaps). Not thread-safe: {@link DeliveryChecker} guards it.
 *
 * <ul>
 *   <li>a sequence above the highest seen is new; if it skips numbers it also counts as <em>out of order</em> (a
 *       gap when it arrived) and the skipped numbers are remembered as holes;</li>
 *   <li>a sequence at or below the highest seen fills a hole if it is one (a late message: new, and already
 *       counted out of order when the gap appeared), else it is a <em>duplicate</em>.</li>
 * </ul>
 */
final class SequenceTrack {
    /** Missing ranges below {@link #highest}: first sequence to last sequence, inclusive. */
    private final TreeMap<Long, Long> holes = new TreeMap<>();
    private long highest;
    private long unique;
    private long duplicates;
    private long outOfOrder;

    /** @param sequence the sequence number of a delivered message */
    void accept(long sequence) {
        if (sequence > highest) {
            if (sequence > highest + 1) {
                outOfOrder++;
                holes.put(highest + 1, sequence - 1);
            }
            highest = sequence;
            unique++;
            return;
        }
        Map.Entry<Long, Long> hole = holes.floorEntry(sequence);
        if (hole == null || sequence > hole.getValue()) {
            duplicates++;
            return;
        }
        holes.remove(hole.getKey());
        if (hole.getKey() < sequence) {
            holes.put(hole.getKey(), sequence - 1);
        }
        if (sequence < hole.getValue()) {
            holes.put(sequence + 1, hole.getValue());
        }
        unique++;
    }

    /** @return the counters so far */
    SequenceCounts counts() {
        return new SequenceCounts(unique, duplicates, outOfOrder, highest);
    }
}
