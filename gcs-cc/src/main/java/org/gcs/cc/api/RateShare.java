package org.gcs.cc.api;

/**
 * One local sender's max-min share of its site's aggregate rate to a group (seed 004 §4.3).
 *
 * @param bytesPerSec the share, bytes on the wire per second; not negative, {@link Double#POSITIVE_INFINITY} for
 *     unlimited
 */
public record RateShare(double bytesPerSec) implements SenderGrant {
    /** Rejects negative and NaN rates. */
    public RateShare {
        if (!(bytesPerSec >= 0)) {
            throw new IllegalArgumentException("bytesPerSec must not be negative or NaN, got " + bytesPerSec);
        }
    }
}
