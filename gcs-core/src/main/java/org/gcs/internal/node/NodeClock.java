package org.gcs.internal.node;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The clocks of the production driver: the monotonic clock the engine runs on and the wall clock messages carry. */
final class NodeClock {
    private NodeClock() {
    }

    /** @return the monotonic clock, nanoseconds */
    static long nowNs() {
        return System.nanoTime();
    }

    /** @return the wall clock, microseconds since the epoch (a message's send time, for delivery latency) */
    static long nowEpochMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }
}
