package org.gcs.internal.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * Per-origin duplicate suppression: remembers the highest sequence number accepted from each sender to each
 * group and accepts only higher ones. Used by members before delivery and by delegates before hand-off, so
 * re-sends after a delegate change never reach the application twice.
 */
final class DeliveryFilter {
    /**
     * The highest sequence number accepted from each origin, updated in place: one lookup per message and no boxed
     * number (a get and a put of a {@code Long} cost two hashes of the key and an allocation per message, at every
     * member and twice at a delegate; docs/performance.md, "CPU per message, round 5").
     */
    private final Map<OriginKey, Highest> highest = new HashMap<>();

    /** One origin's highest accepted sequence number. */
    private static final class Highest {
        long memberSeq;

        Highest(long memberSeq) {
            this.memberSeq = memberSeq;
        }
    }

    /**
     * @return how many sequence numbers were skipped (0 normally), or -1 if the message is a duplicate
     */
    long accept(OriginKey origin, long memberSeq) {
        Highest last = highest.get(origin);
        if (last == null) {
            highest.put(origin, new Highest(memberSeq));
            return 0;
        }
        if (memberSeq <= last.memberSeq) {
            return -1;
        }
        long skipped = memberSeq - last.memberSeq - 1;
        last.memberSeq = memberSeq;
        return skipped;
    }

    /** Forgets every origin of a group (this member left it). */
    void forgetGroup(String group) {
        highest.keySet().removeIf(origin -> origin.group().equals(group));
    }
}
