package org.gcs.examples.cli;

import java.util.HashMap;
import java.util.Map;
import org.gcs.GroupMessage;
import org.gcs.MemberId;

/**
 * Checks the deliveries of one receiver, per sender, using {@link GroupMessage#sequence()}: counts distinct
 * deliveries, duplicates and out-of-order arrivals (see {@link SequenceTrack}). Thread-safe: the receiver's
 * delivery thread feeds it while the reporter reads it.
 */
final class DeliveryChecker {
    private final Map<MemberId, SequenceTrack> bySender = new HashMap<>();

    /** @param message a delivered message */
    void accept(GroupMessage message) {
        accept(message.sender(), message.sequence());
    }

    /**
     * @param sender who sent the message
     * @param sequence its sequence number within the group
     */
    synchronized void accept(MemberId sender, long sequence) {
        bySender.computeIfAbsent(sender, s -> new SequenceTrack()).accept(sequence);
    }

    /**
     * @param sender a sender
     * @return what this receiver got from it so far
     */
    synchronized SequenceCounts from(MemberId sender) {
        SequenceTrack track = bySender.get(sender);
        return track == null ? SequenceCounts.NONE : track.counts();
    }

    /** @return what this receiver got from all senders so far */
    synchronized SequenceCounts total() {
        SequenceCounts sum = SequenceCounts.NONE;
        for (SequenceTrack track : bySender.values()) {
            sum = sum.plus(track.counts());
        }
        return sum;
    }
}
