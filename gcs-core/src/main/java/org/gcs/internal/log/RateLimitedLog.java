package org.gcs.internal.log;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.event.Level;

/**
 * WARN, ERROR (and INFO) lines that an attack or a fault cannot turn into a flood: per key (e.g. {@code "drop:bad-hmac"}),
 * at most one line per interval; the lines held back in between are counted and the next line that passes says how
 * many there were.
 *
 * <p>Time comes in as {@code nowNs} (so the same code runs in virtual time). Thread-safe: the methods lock the
 * instance, which costs nothing measurable on the rare paths this serves.
 */
public final class RateLimitedLog {
    /** The default interval between two lines of one key: 10 s. */
    public static final long DEFAULT_INTERVAL_NS = TimeUnit.SECONDS.toNanos(10);

    private final Logger logger;
    private final long intervalNs;
    private final Map<String, KeyState> keys = new HashMap<>();

    /**
     * @param logger where the lines go
     * @param intervalNs the least time between two lines of one key, in nanoseconds (positive)
     */
    public RateLimitedLog(Logger logger, long intervalNs) {
        if (intervalNs <= 0) {
            throw new IllegalArgumentException("intervalNs must be positive, got " + intervalNs);
        }
        this.logger = logger;
        this.intervalNs = intervalNs;
    }

    /** @param logger where the lines go, at most one per key every 10 s */
    public RateLimitedLog(Logger logger) {
        this(logger, DEFAULT_INTERVAL_NS);
    }

    /**
     * Logs at WARN unless a line of this key was logged less than the interval ago.
     *
     * @param key what kind of event this is; lines of different keys do not hold each other back
     * @param nowNs the caller's clock, in nanoseconds
     * @param format an SLF4J format; the number held back is appended when non-zero
     * @return whether the line was logged
     */
    public boolean warn(String key, long nowNs, String format, Object... args) {
        return log(Level.WARN, key, nowNs, format, args);
    }

    /** As {@link #warn} at ERROR. */
    public boolean error(String key, long nowNs, String format, Object... args) {
        return log(Level.ERROR, key, nowNs, format, args);
    }

    /** As {@link #warn} at INFO: for what an operator may want to tune, not a fault. */
    public boolean info(String key, long nowNs, String format, Object... args) {
        return log(Level.INFO, key, nowNs, format, args);
    }

    private synchronized boolean log(Level level, String key, long nowNs, String format, Object... args) {
        long suppressed = admit(key, nowNs);
        if (suppressed < 0) {
            return false;
        }
        if (logger.isEnabledForLevel(level)) {
            logger.atLevel(level).log(withSuppressed(format, suppressed), args);
        }
        return true;
    }

    /** @return how many lines of this key are being held back since the last one logged */
    public synchronized long suppressedSinceLastLine(String key) {
        KeyState state = keys.get(key);
        return state == null ? 0 : state.suppressed;
    }

    /** @return -1 to hold the line back, otherwise how many lines were held back before it */
    private long admit(String key, long nowNs) {
        KeyState state = keys.get(key);
        if (state == null) {
            keys.put(key, new KeyState(nowNs));
            return 0;
        }
        if (nowNs - state.lastLineNs < intervalNs) {
            state.suppressed++;
            return -1;
        }
        long held = state.suppressed;
        state.lastLineNs = nowNs;
        state.suppressed = 0;
        return held;
    }

    private static String withSuppressed(String format, long suppressed) {
        return suppressed == 0 ? format : format + " (" + suppressed + " more like this since the last line)";
    }

    private static final class KeyState {
        long lastLineNs;
        long suppressed;

        KeyState(long lastLineNs) {
            this.lastLineNs = lastLineNs;
        }
    }
}
