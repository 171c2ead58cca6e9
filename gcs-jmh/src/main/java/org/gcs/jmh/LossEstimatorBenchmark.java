package org.gcs.jmh;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.gcs.cc.tfrc.LossEventEstimator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The receiving delegate's {@link LossEventEstimator}, per arriving first transmission: packets every
 * {@value #INTER_ARRIVAL_NS} ns of virtual time with a 40 ms RTT, in order or with losses that repeat with a
 * period. One estimator runs for the whole trial, as one does for a long-lived flow; sequence numbers and
 * arrival times only grow.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LossEstimatorBenchmark {
    /** Virtual time per sequence number (lost ones included): 100 000 packets per second. */
    static final long INTER_ARRIVAL_NS = 10_000;

    /**
     * The loss pattern: {@code in-order} (no loss), {@code 1-in-100} (one packet lost in every 100) or
     * {@code burst-20-in-1000} (20 consecutive packets lost in every 1000).
     */
    @Param({"in-order", "1-in-100", "burst-20-in-1000"})
    public String pattern;

    private LossEventEstimator estimator;
    /** Sequence-number increments of the arrivals of one period of the pattern (1: no loss before it). */
    private int[] seqSteps;
    private int stepIndex;
    private long seq;
    private long nowNs;

    /** Builds the pattern and a fresh estimator. */
    @Setup
    public void setUp() {
        seqSteps = switch (pattern) {
            case "in-order" -> period(1, 0);
            case "1-in-100" -> period(100, 1);
            case "burst-20-in-1000" -> period(1000, 20);
            default -> throw new IllegalArgumentException("unknown pattern " + pattern
                    + " (in-order, 1-in-100, burst-20-in-1000)");
        };
        estimator = new LossEventEstimator(Traffic.SRTT_NS);
        stepIndex = 0;
        seq = 0;
        nowNs = 1_000_000_000L;
    }

    /** One period of {@code periodPackets} sequence numbers whose last {@code lostPackets} before the end are lost. */
    private static int[] period(int periodPackets, int lostPackets) {
        int[] steps = new int[periodPackets - lostPackets];
        Arrays.fill(steps, 1);
        steps[steps.length - 1] = lostPackets + 1;
        return steps;
    }

    /** @return true if the arrival started a new loss event */
    @Benchmark
    public boolean onPacket() {
        int step = seqSteps[stepIndex];
        if (++stepIndex == seqSteps.length) {
            stepIndex = 0;
        }
        seq += step;
        nowNs += step * INTER_ARRIVAL_NS;
        return estimator.onPacket(seq, nowNs);
    }

    /** @return the estimator of this trial */
    LossEventEstimator estimator() {
        return estimator;
    }
}
