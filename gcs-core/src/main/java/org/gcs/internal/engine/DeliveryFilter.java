package org.gcs.internal.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * Per-origin duplicate suppression: remembers the highest sequence number accepted from each sender to each
 * group and accepts only higher ones. Used by members before delivery and by delegates before hand-off, so
 * re-sends after a delegate change never reach the application twice.
 */
final class DeliveryFilter {
    private final Map<OriginKey, Long> highest = new HashMap<>();

    /**
     * @return how many sequence numbers were skipped (0 normally), or -1 if the message is a duplicate
     */
    long accept(OriginKey origin, long memberSeq) {
        Long last = highest.get(origin);
        if (last != null && memberSeq <= last) {
            return -1;
        }
        highest.put(origin, memberSeq);
        return last == null ? 0 : memberSeq - last - 1;
    }

    /** Forgets every origin of a group (this member left it). */
    void forgetGroup(String group) {
        highest.keySet().removeIf(origin -> origin.group().equals(group));
    }
}
