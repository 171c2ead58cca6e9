package org.gcs.bench;

import java.time.Clock;
import java.time.Instant;

/**
 * The machine's wall clock in microseconds since the epoch. Every node of a run is a separate JVM, and
 * {@link System#nanoTime()} has a different origin in each, so times compared across nodes (a message's send time
 * against its delivery time) come from this clock, which all processes of one machine share; on Linux it has
 * microsecond resolution.
 */
final class WallClock {
    private static final Clock UTC = Clock.systemUTC();

    private WallClock() {
    }

    /** @return the current time in microseconds since the epoch */
    static long nowMicros() {
        Instant now = UTC.instant();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
    }
}
