package org.gcs.jmh;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.gcs.cc.alloc.MaxMinAllocator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The sending delegate's max-min fair (water-filling) split of a group's aggregate rate among its local senders,
 * {@link MaxMinAllocator#allocate}, as the engine calls it on every grant check: senders keyed by (member,
 * incarnation) in a linked map, demands spread log-uniformly over 10 KB/s to 10 MB/s with one sender in eight
 * asking for an unlimited rate (its send window is full), and a capacity of half the finite demands, so that the
 * water level falls among the senders.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AllocatorBenchmark {

    /** Local senders of the group. */
    @Param({"4", "64", "1024"})
    public int senders;

    private Map<SenderKey, Double> demandsBytesPerSec;
    private double capacityBytesPerSec;

    /** Draws the demands (from a fixed seed) and the capacity. */
    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(42);
        demandsBytesPerSec = new LinkedHashMap<>();
        double finiteSumBytesPerSec = 0;
        for (int i = 0; i < senders; i++) {
            double demand = i % 8 == 7 ? Double.POSITIVE_INFINITY : Math.pow(10, 4 + 3 * random.nextDouble());
            demandsBytesPerSec.put(new SenderKey("boston-" + i, 1_700_000_000_000L + i), demand);
            if (Double.isFinite(demand)) {
                finiteSumBytesPerSec += demand;
            }
        }
        capacityBytesPerSec = finiteSumBytesPerSec / 2;
    }

    /** @return every sender's share, bytes per second */
    @Benchmark
    public Map<SenderKey, Double> allocate() {
        return MaxMinAllocator.allocate(capacityBytesPerSec, demandsBytesPerSec);
    }

    /** @return the capacity divided, bytes per second */
    double capacityBytesPerSec() {
        return capacityBytesPerSec;
    }

    /**
     * A local sender as the engine keys it.
     *
     * @param member the member's name
     * @param incarnation the member's incarnation
     */
    public record SenderKey(String member, long incarnation) {
    }
}
