package org.gcs.lab.nat;

import java.util.BitSet;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A receiver's count of the sequenced messages it delivered, per sending site: every delivery, the distinct sequence
 * numbers, the first deliveries out of FIFO order and the highest sequence number. Thread-safe: the node's delivery
 * thread counts while the report thread reads.
 */
final class DeliveryTally {
    private final Map<String, Sender> bySender = new TreeMap<>();

    /** One sender's counts. */
    private static final class Sender {
        private final BitSet seen = new BitSet();
        private long delivered;
        private long distinct;
        private long outOfOrder;
        private long last;
        private long max;

        void deliver(int sequence) {
            delivered++;
            if (seen.get(sequence)) {
                return; // a duplicate
            }
            seen.set(sequence);
            distinct++;
            if (sequence != last + 1) {
                outOfOrder++;
            }
            last = sequence;
            max = Math.max(max, sequence);
        }

        SenderTally tally() {
            return new SenderTally(delivered, distinct, outOfOrder, max);
        }
    }

    /**
     * Counts one delivery.
     *
     * @param senderSite the site whose agent sent the message
     * @param sequence its sequence number, from 1
     * @throws IllegalArgumentException if the sequence number is not positive
     */
    synchronized void deliver(String senderSite, int sequence) {
        if (sequence < 1) {
            throw new IllegalArgumentException("sequence numbers start at 1, got " + sequence);
        }
        bySender.computeIfAbsent(senderSite, s -> new Sender()).deliver(sequence);
    }

    /** @return every sender's counts so far, by site */
    synchronized SortedMap<String, SenderTally> snapshot() {
        SortedMap<String, SenderTally> copy = new TreeMap<>();
        bySender.forEach((site, sender) -> copy.put(site, sender.tally()));
        return copy;
    }
}
