package org.gcs.emulator;

import java.util.Objects;

/**
 * The immutable properties of one directed emulated link; {@link EmulatedLink} describes how they combine.
 *
 * @param oneWayDelayNs the fixed propagation delay from sender to receiver, in nanoseconds, {@code >= 0}
 * @param jitterNs the half-width of the uniform jitter added to each packet's delay, in nanoseconds,
 *     {@code >= 0}: the delay of a packet is drawn from {@code [oneWayDelayNs - jitterNs, oneWayDelayNs + jitterNs]}
 *     and is never negative
 * @param loss the random loss applied before the bottleneck queue
 * @param bandwidthBitsPerSec the bottleneck rate in bits per second, {@code >= 0}; {@code 0} means unlimited
 *     (no serialization time and no queue)
 * @param queueBytes the drop-tail limit of the bottleneck backlog in bytes, {@code >= 0}; the packet being
 *     transmitted counts towards it, so a packet larger than this is always dropped; ignored when the
 *     bandwidth is unlimited
 * @param allowReorder whether jitter may deliver a packet before one sent earlier on the same link; when
 *     {@code false} arrival times are made non-decreasing
 * @param red RED in front of the drop-tail limit ({@link RedQueue}), or null for a plain drop-tail queue; only with
 *     a bandwidth limit
 */
public record LinkProfile(
        long oneWayDelayNs,
        long jitterNs,
        LossProfile loss,
        long bandwidthBitsPerSec,
        long queueBytes,
        boolean allowReorder,
        RedQueue red) {

    /** The bottleneck queue used when none is given: 128 KiB. */
    public static final long DEFAULT_QUEUE_BYTES = 128L * 1024;

    /**
     * A perfect link: no delay, no jitter, no loss, unlimited bandwidth, no reordering. Its queue is
     * {@link #DEFAULT_QUEUE_BYTES}, so that {@code IDEAL.withBandwidthBitsPerSec(...)} gives a usable link.
     */
    public static final LinkProfile IDEAL =
            new LinkProfile(0, 0, LossProfile.none(), 0, DEFAULT_QUEUE_BYTES, false);

    /**
     * A link with a plain drop-tail queue.
     *
     * @param oneWayDelayNs the propagation delay in nanoseconds, {@code >= 0}
     * @param jitterNs the jitter half-width in nanoseconds, {@code >= 0}
     * @param loss the random loss
     * @param bandwidthBitsPerSec bits per second, {@code >= 0}; {@code 0} means unlimited
     * @param queueBytes the drop-tail backlog limit in bytes, {@code >= 0}
     * @param allowReorder whether jitter may reorder packets
     */
    public LinkProfile(long oneWayDelayNs, long jitterNs, LossProfile loss, long bandwidthBitsPerSec, long queueBytes,
                       boolean allowReorder) {
        this(oneWayDelayNs, jitterNs, loss, bandwidthBitsPerSec, queueBytes, allowReorder, null);
    }

    /**
     * Validates the components.
     *
     * @param oneWayDelayNs the propagation delay in nanoseconds, {@code >= 0}
     * @param jitterNs the jitter half-width in nanoseconds, {@code >= 0}
     * @param loss the random loss
     * @param bandwidthBitsPerSec bits per second, {@code >= 0}; {@code 0} means unlimited
     * @param queueBytes the drop-tail backlog limit in bytes, {@code >= 0}
     * @param allowReorder whether jitter may reorder packets
     * @throws IllegalArgumentException if a number is negative
     * @throws NullPointerException if {@code loss} is null
     */
    public LinkProfile {
        requireNonNegative(oneWayDelayNs, "oneWayDelayNs");
        requireNonNegative(jitterNs, "jitterNs");
        Objects.requireNonNull(loss, "loss must not be null; use LossProfile.none() for a loss-free link");
        requireNonNegative(bandwidthBitsPerSec, "bandwidthBitsPerSec");
        requireNonNegative(queueBytes, "queueBytes");
    }

    /**
     * Whether the link has a bottleneck (a finite bandwidth and therefore a queue).
     *
     * @return {@code true} if {@code bandwidthBitsPerSec > 0}
     */
    public boolean isBandwidthLimited() {
        return bandwidthBitsPerSec > 0;
    }

    /**
     * A copy with another one-way delay.
     *
     * @param newOneWayDelayNs the delay in nanoseconds, {@code >= 0}
     * @return the copy
     */
    public LinkProfile withOneWayDelayNs(long newOneWayDelayNs) {
        return new LinkProfile(newOneWayDelayNs, jitterNs, loss, bandwidthBitsPerSec, queueBytes, allowReorder, red);
    }

    /**
     * A copy with another jitter.
     *
     * @param newJitterNs the jitter half-width in nanoseconds, {@code >= 0}
     * @return the copy
     */
    public LinkProfile withJitterNs(long newJitterNs) {
        return new LinkProfile(oneWayDelayNs, newJitterNs, loss, bandwidthBitsPerSec, queueBytes, allowReorder, red);
    }

    /**
     * A copy with another loss profile.
     *
     * @param newLoss the loss profile
     * @return the copy
     */
    public LinkProfile withLoss(LossProfile newLoss) {
        return new LinkProfile(oneWayDelayNs, jitterNs, newLoss, bandwidthBitsPerSec, queueBytes, allowReorder, red);
    }

    /**
     * A copy with another bandwidth.
     *
     * @param newBandwidthBitsPerSec bits per second, {@code >= 0}; {@code 0} means unlimited
     * @return the copy
     */
    public LinkProfile withBandwidthBitsPerSec(long newBandwidthBitsPerSec) {
        return new LinkProfile(oneWayDelayNs, jitterNs, loss, newBandwidthBitsPerSec, queueBytes, allowReorder, red);
    }

    /**
     * A copy with another queue limit.
     *
     * @param newQueueBytes the drop-tail backlog limit in bytes, {@code >= 0}
     * @return the copy
     */
    public LinkProfile withQueueBytes(long newQueueBytes) {
        return new LinkProfile(oneWayDelayNs, jitterNs, loss, bandwidthBitsPerSec, newQueueBytes, allowReorder, red);
    }

    /**
     * A copy that allows or forbids reordering.
     *
     * @param newAllowReorder whether jitter may reorder packets
     * @return the copy
     */
    public LinkProfile withAllowReorder(boolean newAllowReorder) {
        return new LinkProfile(oneWayDelayNs, jitterNs, loss, bandwidthBitsPerSec, queueBytes, newAllowReorder, red);
    }

    /**
     * A copy with RED in front of the drop-tail limit, or without.
     *
     * @param newRed the RED parameters, or null for a plain drop-tail queue
     * @return the copy
     */
    public LinkProfile withRed(RedQueue newRed) {
        return new LinkProfile(oneWayDelayNs, jitterNs, loss, bandwidthBitsPerSec, queueBytes, allowReorder, newRed);
    }

    private static void requireNonNegative(long value, String name) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        }
    }
}
