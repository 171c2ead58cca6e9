package org.gcs.cc.api;

/**
 * A local sender's request to its sending delegate (seed 004 §4.3.1).
 *
 * @param requestBytesPerSec the rate it asks for, bytes on the wire per second; {@link #UNLIMITED} for no limit
 * @param windowFull whether messages waited for admission since the last report
 */
public record DemandReport(long requestBytesPerSec, boolean windowFull) {
    /** The request of a sender that asks for no limit. */
    public static final long UNLIMITED = Long.MAX_VALUE;

    /** Rejects negative requests. */
    public DemandReport {
        if (requestBytesPerSec < 0) {
            throw new IllegalArgumentException("requestBytesPerSec must not be negative, got " + requestBytesPerSec);
        }
    }
}
