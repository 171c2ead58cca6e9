package org.gcs.internal.log;

import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;

/**
 * Turns drop counters into a WARN line when drops of one reason are sustained: more than a threshold within one
 * window (default 50 in 10 s), at most one line per reason and window ({@link RateLimitedLog}). A single malformed
 * datagram stays a counter; a flood of them, a replay attack or a misconfigured peer gets a line naming the reason
 * and the count. Time comes in as {@code nowNs}. Thread-safe.
 */
public final class SustainedDrops {
    /** Drops of one reason within one window above which a line is logged. */
    public static final int DEFAULT_THRESHOLD = 50;

    private final RateLimitedLog log;
    private final String what;
    private final int threshold;
    private final long windowNs;
    private final Map<String, Window> windows = new HashMap<>();

    /**
     * @param logger where the lines go
     * @param what what is dropped, for the line, e.g. {@code "WAN datagrams"}
     * @param threshold drops of one reason within a window above which a line is logged
     * @param windowNs the window, in nanoseconds (also the least time between two lines of one reason)
     */
    public SustainedDrops(Logger logger, String what, int threshold, long windowNs) {
        this.log = new RateLimitedLog(logger, windowNs);
        this.what = what;
        this.threshold = threshold;
        this.windowNs = windowNs;
    }

    /** @param logger where the lines go; more than 50 drops of one reason in 10 s make a line */
    public SustainedDrops(Logger logger, String what) {
        this(logger, what, DEFAULT_THRESHOLD, RateLimitedLog.DEFAULT_INTERVAL_NS);
    }

    /**
     * Counts one drop.
     *
     * @param reason the reason's tag, e.g. {@code bad-hmac}
     * @param nowNs the caller's clock
     * @return whether this drop made a line
     */
    public boolean onDrop(String reason, long nowNs) {
        long inWindow;
        long total;
        synchronized (this) {
            Window w = windows.computeIfAbsent(reason, r -> new Window(nowNs));
            if (nowNs - w.startNs >= windowNs) {
                w.startNs = nowNs;
                w.count = 0;
                w.reported = false;
            }
            w.count++;
            w.total++;
            if (w.reported || w.count <= threshold) {
                return false;
            }
            w.reported = true;
            inWindow = w.count;
            total = w.total;
        }
        return log.warn("drops:" + reason, nowNs, "{} {} dropped as '{}' within {} s ({} so far): sustained drops"
                + " of one reason mean an attack, a misconfigured peer (key, version, datagram size) or a fault; see"
                + " the drop counters by reason", inWindow, what, reason, windowNs / 1_000_000_000L, total);
    }

    private static final class Window {
        long startNs;
        long count;
        long total;
        boolean reported;

        Window(long startNs) {
            this.startNs = startNs;
        }
    }
}
