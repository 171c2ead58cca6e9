package org.gcs.jmh;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What one clock read costs: the node's monotonic clock ({@code System.nanoTime}, the engine's time), its wall clock
 * in microseconds (a message's send time, as the node reads it: {@code Instant.now()} since the epoch) and the
 * millisecond wall clock (the WAN's replay window). Round 10 of issue 37 took the monotonic reads out of the
 * per-message paths; these figures say what each read it saved was worth on the machine at hand (a virtual
 * machine's kvm-clock reads through the vDSO, a physical one's TSC is cheaper).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ClockBenchmark {
    /** @return the monotonic clock, nanoseconds */
    @Benchmark
    public long monotonicNs() {
        return System.nanoTime();
    }

    /** @return the wall clock, microseconds since the epoch, read as the node reads a message's send time */
    @Benchmark
    public long wallEpochMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    /** @return the wall clock, milliseconds since the epoch */
    @Benchmark
    public long wallMillis() {
        return System.currentTimeMillis();
    }
}
