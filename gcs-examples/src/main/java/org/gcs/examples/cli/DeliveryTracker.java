package org.gcs.examples.cli;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Checks, at one receiver, that the check messages ({@link CheckPayload}) of every sender arrive exactly once and
 * in the sender's order, using the sequence numbers in their headers (1, 2, 3... per sender). Per sender it keeps
 * the next expected sequence (one above the highest <em>contiguous</em> sequence: 1 up to it all arrived) and
 * counts:
 *
 * <ul>
 *   <li>a <em>duplicate</em>: a sequence that already arrived;</li>
 *   <li>an <em>out-of-order</em> arrival: a new sequence above the next expected one, i.e. one that arrived while
 *       an earlier one was missing (a later arrival of a missing sequence is new, not a duplicate);</li>
 *   <li>the <em>distinct</em> sequences that arrived;</li>
 *   <li>the <em>highest</em> sequence that arrived, and the <em>gaps</em> below it: maximal ranges of sequences
 *       that did not arrive (yet). One gap that never fills, followed by complete delivery again, reads as
 *       {@code gaps=1} however many messages came after it, while {@code outOfOrder} counts every one of them.</li>
 * </ul>
 *
 * <p>Payloads without a check header (chat lines) are ignored. Memory per sender grows with the number of gaps,
 * not with the number of messages. Thread-safe: a delivery thread feeds it while a status timer reads it.
 */
final class DeliveryTracker {
    private final Map<String, SenderTrack> bySender = new HashMap<>();
    private long checked;
    private long duplicates;
    private long outOfOrder;

    /**
     * What one receiver got from one sender so far.
     *
     * @param contiguous the highest sequence up to which every sequence (from 1) arrived, 0 if 1 did not yet
     * @param distinct the number of distinct sequences that arrived
     * @param duplicates arrivals of a sequence that had already arrived
     * @param outOfOrder arrivals of a new sequence while an earlier one was missing
     * @param highest the highest sequence that arrived, 0 if none
     * @param gaps the maximal ranges of missing sequences below {@code highest}: 0 when every sequence up to
     *     {@code highest} arrived (then {@code contiguous == distinct == highest})
     */
    record SenderCounts(long contiguous, long distinct, long duplicates, long outOfOrder, long highest, long gaps) {
        /**
         * @return the missing sequences below {@code highest}, summed over the gaps
         */
        long missing() {
            return highest - distinct;
        }
    }

    /**
     * What one receiver got so far.
     *
     * @param checked arrivals of check messages, duplicates included
     * @param duplicates duplicates, summed over the senders
     * @param outOfOrder out-of-order arrivals, summed over the senders
     * @param bySender the counts of each sender, sorted by sender
     */
    record Snapshot(long checked, long duplicates, long outOfOrder, SortedMap<String, SenderCounts> bySender) {
        /** Keeps an unmodifiable copy of the map. */
        Snapshot {
            bySender = Collections.unmodifiableSortedMap(new TreeMap<>(bySender));
        }
    }

    /**
     * Tracks a delivered payload if it carries a check header.
     *
     * @param payload a delivered payload
     * @return true if it was a check message (and was tracked), false if it was ignored
     */
    boolean accept(byte[] payload) {
        return CheckPayload.parse(payload).map(header -> {
            accept(header.sender(), header.sequence());
            return true;
        }).orElse(false);
    }

    /**
     * Tracks one delivered check message.
     *
     * @param sender its sender
     * @param sequence its sequence number, positive
     */
    synchronized void accept(String sender, long sequence) {
        if (sequence < 1) {
            throw new IllegalArgumentException("sequence must be positive, got " + sequence);
        }
        checked++;
        switch (bySender.computeIfAbsent(sender, s -> new SenderTrack()).accept(sequence)) {
            case DUPLICATE -> duplicates++;
            case OUT_OF_ORDER -> outOfOrder++;
            case IN_ORDER -> {
            }
        }
    }

    /** @return the counts so far */
    synchronized Snapshot snapshot() {
        SortedMap<String, SenderCounts> counts = new TreeMap<>();
        bySender.forEach((sender, track) -> counts.put(sender, track.counts()));
        return new Snapshot(checked, duplicates, outOfOrder, counts);
    }

    /** How one arrival was judged. */
    private enum Arrival { IN_ORDER, OUT_OF_ORDER, DUPLICATE }

    /** One sender's sequences at this receiver; guarded by the tracker. */
    private static final class SenderTrack {
        /** Arrived sequences above {@link #contiguous} + 1, as disjoint, non-adjacent ranges: first to last. */
        private final TreeMap<Long, Long> above = new TreeMap<>();
        private long contiguous;
        private long distinct;
        private long duplicates;
        private long outOfOrder;

        Arrival accept(long sequence) {
            Map.Entry<Long, Long> below = above.floorEntry(sequence);
            if (sequence <= contiguous || below != null && sequence <= below.getValue()) {
                duplicates++;
                return Arrival.DUPLICATE;
            }
            distinct++;
            if (sequence == contiguous + 1) {
                contiguous = sequence;
                Map.Entry<Long, Long> next = above.firstEntry();
                if (next != null && next.getKey() == contiguous + 1) {
                    contiguous = next.getValue();
                    above.remove(next.getKey());
                }
                return Arrival.IN_ORDER;
            }
            long first = below != null && below.getValue() == sequence - 1 ? below.getKey() : sequence;
            Long afterLast = above.remove(sequence + 1);
            above.put(first, afterLast != null ? afterLast : sequence);
            outOfOrder++;
            return Arrival.OUT_OF_ORDER;
        }

        SenderCounts counts() {
            // every range above contiguous + 1 has a missing range just below it (ranges are not adjacent)
            long highest = above.isEmpty() ? contiguous : above.lastEntry().getValue();
            return new SenderCounts(contiguous, distinct, duplicates, outOfOrder, highest, above.size());
        }
    }
}
