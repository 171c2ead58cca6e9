package org.gcs.examples.dashboard;

import org.gcs.MemberId;

/**
 * Where the dashboard learns how much a member sent: the command that sends knows it (the dashboard counts
 * deliveries itself).
 */
@FunctionalInterface
public interface SentCounts {
    /** Nothing is sent: for pages that show deliveries only. */
    SentCounts NONE = member -> Sent.NONE;

    /**
     * @param member a member the dashboard shows
     * @return what it sent so far, {@link Sent#NONE} if unknown
     */
    Sent sentBy(MemberId member);

    /**
     * Messages and payload bytes sent so far.
     *
     * @param messages messages sent
     * @param bytes their payload bytes
     */
    record Sent(long messages, long bytes) {
        /** Nothing sent. */
        public static final Sent NONE = new Sent(0, 0);
    }
}
