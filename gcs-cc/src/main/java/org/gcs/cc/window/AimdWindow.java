package org.gcs.cc.window;

/**
 * A TCP-like congestion window in bytes for groups whose members all share one LAN (seed 004 §4.4: "the TCP-like
 * window congestion avoidance mechanism is used"; the paper gives no details, so this follows RFC 5681 §3.1
 * counted in bytes). Sans-IO: the caller reports acknowledged bytes and congestion signals.
 *
 * <ul>
 *   <li>Slow start, while {@code window < ssthresh}: every acknowledged byte adds one byte, so the window doubles
 *       per window of acknowledgements. The initial ssthresh is {@code maxBytes} (no limit until congestion).
 *   <li>Congestion avoidance, while {@code window >= ssthresh}: each acknowledgement of b bytes adds
 *       {@code segment · b / window} bytes (RFC 5681 §3.1, Eq. 3 generalised from one SMSS to b bytes), so the
 *       window grows by about one segment per window of acknowledgements. The fractions are carried over exactly,
 *       so many small acknowledgements add up like one large one.
 *   <li>Congestion: {@code ssthresh = max(minBytes, window / 2)} and the window drops to it (RFC 5681 §3.1 Eq. 4
 *       with the window in place of the flight size and {@code minBytes} in place of 2·SMSS), at most once per
 *       RTT: losses of the same window are one congestion signal.
 * </ul>
 * The window always stays within {@code [minBytes, maxBytes]}; {@code maxBytes · segmentBytes} must fit in a
 * long (exact integer arithmetic). Not thread-safe.
 */
public final class AimdWindow {
    private final long minBytes;
    private final long maxBytes;
    private final long segmentBytes;
    private long windowBytes;
    private long ssthreshBytes;
    private long increaseRemainder; // numerator of the fractional additive increase, < windowBytes
    private boolean congested;
    private long lastCongestionNs;

    /**
     * @param initialBytes the starting window; within [minBytes, maxBytes]
     * @param minBytes the smallest window; positive
     * @param maxBytes the largest window; at least minBytes
     * @param segmentBytes the segment size the additive increase adds per window; positive
     */
    public AimdWindow(long initialBytes, long minBytes, long maxBytes, long segmentBytes) {
        if (segmentBytes <= 0) {
            throw new IllegalArgumentException("segmentBytes must be positive, got " + segmentBytes);
        }
        if (minBytes <= 0) {
            throw new IllegalArgumentException("minBytes must be positive, got " + minBytes);
        }
        if (maxBytes < minBytes) {
            throw new IllegalArgumentException("maxBytes must be at least minBytes (" + minBytes + "), got " + maxBytes);
        }
        if (maxBytes > Long.MAX_VALUE / 4 / segmentBytes) {
            throw new IllegalArgumentException("maxBytes times segmentBytes must fit in a long, got maxBytes "
                    + maxBytes + " with segmentBytes " + segmentBytes);
        }
        if (initialBytes < minBytes || initialBytes > maxBytes) {
            throw new IllegalArgumentException(
                    "initialBytes must be within [" + minBytes + ", " + maxBytes + "], got " + initialBytes);
        }
        this.minBytes = minBytes;
        this.maxBytes = maxBytes;
        this.segmentBytes = segmentBytes;
        this.windowBytes = initialBytes;
        this.ssthreshBytes = maxBytes;
    }

    /**
     * Bytes were acknowledged: grow the window (slow start or congestion avoidance, see the class documentation).
     *
     * @param bytes newly acknowledged bytes; not negative
     */
    public void onAcked(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative, got " + bytes);
        }
        if (windowBytes < ssthreshBytes) {
            windowBytes = bytes >= maxBytes - windowBytes ? maxBytes : windowBytes + bytes; // slow start: +bytes
            return;
        }
        // congestion avoidance (RFC 5681 §3.1): + segment·bytes/window, remainder carried over exactly
        long whole = bytes / windowBytes;
        if (whole > (maxBytes - windowBytes) / segmentBytes) {
            windowBytes = maxBytes; // a huge acknowledgement: saturate without overflowing
            increaseRemainder = 0;
            return;
        }
        long numerator = segmentBytes * (bytes % windowBytes) + increaseRemainder;
        long increase = whole * segmentBytes + numerator / windowBytes;
        increaseRemainder = numerator % windowBytes;
        windowBytes = increase >= maxBytes - windowBytes ? maxBytes : windowBytes + increase;
    }

    /**
     * A congestion signal (a loss): halve the window, at most once per RTT.
     *
     * @param nowNs the current time
     * @param rttNs the current RTT; not negative
     */
    public void onCongestion(long nowNs, long rttNs) {
        if (rttNs < 0) {
            throw new IllegalArgumentException("rttNs must not be negative, got " + rttNs);
        }
        if (congested && nowNs - lastCongestionNs < rttNs) {
            return; // same window of data: one congestion signal per RTT
        }
        ssthreshBytes = Math.max(minBytes, windowBytes / 2); // RFC 5681 §3.1, Eq. 4
        windowBytes = ssthreshBytes;
        increaseRemainder = 0;
        congested = true;
        lastCongestionNs = nowNs;
    }

    /** @return the congestion window in bytes */
    public long windowBytes() {
        return windowBytes;
    }

    /** @return the slow-start threshold in bytes ({@code maxBytes} until the first congestion) */
    public long ssthreshBytes() {
        return ssthreshBytes;
    }

    /** @return true while the window is below the slow-start threshold */
    public boolean inSlowStart() {
        return windowBytes < ssthreshBytes;
    }
}
