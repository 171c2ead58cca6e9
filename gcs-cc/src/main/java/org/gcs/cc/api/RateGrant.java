package org.gcs.cc.api;

/**
 * An aggregate rate for a site's senders to one group (seed 004 §2 steps 4–5).
 *
 * @param aggregateBytesPerSec the rate the site's senders share, bytes on the wire per second; not negative,
 *     {@link Double#POSITIVE_INFINITY} for unlimited
 * @param limitingSite the receiving site that sets the rate (TFRC: the slowest report; ORMCC: the congestion
 *     representative), or null if none does
 * @param slowStart true while the rate grows exponentially because no receiver limits it yet
 */
public record RateGrant(double aggregateBytesPerSec, String limitingSite, boolean slowStart) implements Grant {
    /** An unlimited grant with no limiting site. */
    public static final RateGrant UNLIMITED = new RateGrant(Double.POSITIVE_INFINITY, null, false);

    /** Rejects negative and NaN rates. */
    public RateGrant {
        if (!(aggregateBytesPerSec >= 0)) {
            throw new IllegalArgumentException("aggregateBytesPerSec must not be negative or NaN, got "
                    + aggregateBytesPerSec);
        }
    }
}
