package org.gcs.cc.shaping;

/**
 * A token bucket that shapes one local sender to its granted rate (seed 004 §4.2: "a token-bucket-like
 * mechanism"). Sans-IO: every call takes {@code nowNs}; the caller waits {@link #nanosUntil} and retries.
 *
 * <p>Tokens are bytes. They accumulate at {@code rateBytesPerSec} up to {@code burstBytes}; the bucket starts
 * full unless told how many tokens it starts with. A message of b bytes may go when {@code tokens >= b}, and it takes b tokens:
 *
 * <pre>
 *   tokens(t) = min(burst, tokens(t0) + rate · (t − t0) / 10^9)
 * </pre>
 *
 * <p>Oversized messages: a message larger than the burst could never fit, so it is allowed when the bucket is
 * full, and the tokens go negative by the excess. That debt is repaid before the next send: any later message
 * waits until the tokens are back to its size (or to a full bucket for another oversized one), so the long-run
 * rate still holds. An infinite rate means unlimited: every message goes at once and no tokens are taken.
 *
 * <p>State changes only when a message is taken or the rate changes; refills are computed from the last such
 * change, so {@code tryConsume(b, now + nanosUntil(b, now))} succeeds and one nanosecond earlier fails (no
 * rounding drift). Time that goes backwards is treated as no time passing. Not thread-safe.
 */
public final class TokenBucket {
    private static final double NANOS_PER_SECOND = 1e9;
    /** Bound on the rounding corrections of {@link #nanosUntil}; a couple of steps suffice in practice. */
    private static final int MAX_ADJUST_STEPS = 64;

    private final long burstBytes;
    private double rateBytesPerSec;
    private double tokensAtLast;
    private long lastNs;

    /**
     * @param rateBytesPerSec the refill rate; not negative or NaN, +∞ for unlimited
     * @param burstBytes the bucket size; positive
     * @param nowNs the current time; the bucket starts full
     */
    public TokenBucket(double rateBytesPerSec, long burstBytes, long nowNs) {
        this(rateBytesPerSec, burstBytes, burstBytes, nowNs);
    }

    /**
     * A bucket that starts with some tokens only: a new sender that starts with a full bucket may send the whole
     * burst at once, before anyone told it its share.
     *
     * @param rateBytesPerSec the refill rate; not negative or NaN, +∞ for unlimited
     * @param burstBytes the bucket size; positive
     * @param initialTokensBytes the tokens at {@code nowNs}, in [0, burstBytes]
     * @param nowNs the current time
     */
    public TokenBucket(double rateBytesPerSec, long burstBytes, long initialTokensBytes, long nowNs) {
        checkRate(rateBytesPerSec);
        if (burstBytes <= 0) {
            throw new IllegalArgumentException("burstBytes must be positive, got " + burstBytes);
        }
        if (initialTokensBytes < 0 || initialTokensBytes > burstBytes) {
            throw new IllegalArgumentException("initialTokensBytes must be in [0, burstBytes = " + burstBytes
                    + "], got " + initialTokensBytes);
        }
        this.rateBytesPerSec = rateBytesPerSec;
        this.burstBytes = burstBytes;
        this.tokensAtLast = initialTokensBytes;
        this.lastNs = nowNs;
    }

    private static void checkRate(double rateBytesPerSec) {
        if (!(rateBytesPerSec >= 0)) {
            throw new IllegalArgumentException("rateBytesPerSec must not be negative or NaN, got " + rateBytesPerSec);
        }
    }

    private static void checkBytes(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative, got " + bytes);
        }
    }

    /**
     * Changes the rate; tokens earned up to {@code nowNs} are credited at the old rate first (from an infinite
     * rate the bucket is then full).
     *
     * @param rateBytesPerSec the new rate; not negative or NaN, +∞ for unlimited
     * @param nowNs the current time
     */
    public void setRate(double rateBytesPerSec, long nowNs) {
        checkRate(rateBytesPerSec);
        tokensAtLast = availableBytes(nowNs);
        lastNs = Math.max(lastNs, nowNs);
        this.rateBytesPerSec = rateBytesPerSec;
    }

    /**
     * Takes {@code bytes} tokens if the message may go now.
     *
     * @param bytes the message size; not negative
     * @param nowNs the current time
     * @return true if the message may be sent (its tokens are taken), false if it must wait
     */
    public boolean tryConsume(long bytes, long nowNs) {
        checkBytes(bytes);
        if (rateBytesPerSec == Double.POSITIVE_INFINITY) {
            return true;
        }
        double available = availableBytes(nowNs);
        if (available < neededBytes(bytes)) {
            return false;
        }
        tokensAtLast = available - bytes; // negative for an oversized message: debt repaid before the next send
        lastNs = Math.max(lastNs, nowNs);
        return true;
    }

    /**
     * How long until a message of {@code bytes} may go, assuming nothing else is taken meanwhile.
     *
     * @param bytes the message size; not negative
     * @param nowNs the current time
     * @return 0 if it may go now; {@link Long#MAX_VALUE} if it never will (rate 0) or the wait does not fit a long
     */
    public long nanosUntil(long bytes, long nowNs) {
        checkBytes(bytes);
        if (rateBytesPerSec == Double.POSITIVE_INFINITY) {
            return 0;
        }
        double needed = neededBytes(bytes);
        if (availableBytes(nowNs) >= needed) {
            return 0;
        }
        if (rateBytesPerSec == 0) {
            return Long.MAX_VALUE;
        }
        double estimate = Math.ceil((needed - tokensAtLast) * NANOS_PER_SECOND / rateBytesPerSec);
        if (!(estimate < Long.MAX_VALUE / 2.0)) {
            return Long.MAX_VALUE;
        }
        long elapsed = Math.max(0, (long) estimate); // time since lastNs; corrected to the refill formula below
        for (int i = 0; i < MAX_ADJUST_STEPS && elapsed > 0 && tokensAfter(elapsed - 1) >= needed; i++) {
            elapsed--;
        }
        for (int i = 0; i < MAX_ADJUST_STEPS && tokensAfter(elapsed) < needed; i++) {
            elapsed++;
        }
        long readyNs = lastNs + elapsed;
        return Math.max(0, readyNs - nowNs);
    }

    /**
     * @param nowNs the current time
     * @return the tokens (bytes) available at {@code nowNs}; negative while an oversized message's debt is repaid
     */
    public double availableBytes(long nowNs) {
        if (rateBytesPerSec == Double.POSITIVE_INFINITY) {
            return burstBytes;
        }
        return nowNs <= lastNs ? tokensAtLast : tokensAfter(nowNs - lastNs);
    }

    /** @return the refill rate in bytes/s (+∞ for unlimited) */
    public double rateBytesPerSec() {
        return rateBytesPerSec;
    }

    /** @return the bucket size in bytes */
    public long burstBytes() {
        return burstBytes;
    }

    /** A message may go with this many tokens: its size, or a full bucket if it is larger than the bucket. */
    private double neededBytes(long bytes) {
        return Math.min(bytes, burstBytes);
    }

    /** tokens(last + elapsed) = min(burst, tokens(last) + rate · elapsed / 10^9); non-decreasing in elapsed. */
    private double tokensAfter(long elapsedNs) {
        return Math.min(burstBytes, tokensAtLast + rateBytesPerSec * elapsedNs / NANOS_PER_SECOND);
    }
}
