package org.gcs.internal.node;

import java.util.OptionalLong;

/**
 * Notices that the event loop's periodic tick came much later than scheduled: the process was stopped (SIGSTOP,
 * {@code docker pause}), starved of CPU or held in a long garbage-collection pause. Meanwhile its site may have
 * excluded it and elected another delegate; an operator should see that. Sans-IO: the caller passes its clock.
 */
final class TickGapMonitor {
    /** The gap from which a tick counts as late: 2 s, well above a tick interval and a usual GC pause. */
    static final long DEFAULT_THRESHOLD_NS = 2_000_000_000L;

    private final long thresholdNs;
    private long lastTickNs;
    private boolean started;

    /** @param thresholdNs the least gap between two ticks that is reported, in nanoseconds (positive) */
    TickGapMonitor(long thresholdNs) {
        if (thresholdNs <= 0) {
            throw new IllegalArgumentException("thresholdNs must be positive, got " + thresholdNs);
        }
        this.thresholdNs = thresholdNs;
    }

    /**
     * Records a tick.
     *
     * @param nowNs the caller's monotonic clock
     * @return the time since the previous tick if it is at least the threshold, else empty (also for the first tick)
     */
    OptionalLong onTick(long nowNs) {
        long previous = lastTickNs;
        boolean first = !started;
        started = true;
        lastTickNs = nowNs;
        long gapNs = nowNs - previous;
        return !first && gapNs >= thresholdNs ? OptionalLong.of(gapNs) : OptionalLong.empty();
    }
}
