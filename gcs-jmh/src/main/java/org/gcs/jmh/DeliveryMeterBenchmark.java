package org.gcs.jmh;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import org.gcs.internal.node.DeliveryMeter;
import org.gcs.metrics.NodeMetrics;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The delivery thread's metering of one delivered message, in a busy delivery batch of {@value #BATCH} messages
 * (one batch per 100-ms window: the sampling regime of a loaded node), into a node's metrics on Micrometer's
 * {@link SimpleMeterRegistry}: {@code per-batch} is {@link DeliveryMeter} (counts once per batch, the latency of every
 * message up to 100 a window and of one in 16 after), {@code per-message} what the delivery thread did before it
 * (both counters and the latency timer, with a wall-clock read, for every message).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DeliveryMeterBenchmark {
    /** Messages per delivery batch. */
    static final int BATCH = 1024;
    private static final long WINDOW_NS = 100_000_000L;

    /** {@code per-batch} ({@link DeliveryMeter}) or {@code per-message} (the metering before it). */
    @Param({"per-batch", "per-message"})
    public String metering;

    private NodeMetrics metrics;
    private DeliveryMeter meter;
    private long batchNs;
    private long sentEpochMicros;

    @Setup
    public void setUp() {
        metrics = new NodeMetrics(new SimpleMeterRegistry(), "boston", "boston-1");
        meter = DeliveryMeter.of(metrics);
        sentEpochMicros = nowEpochMicros() - 2_000;
    }

    private static long nowEpochMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    /** @return the messages delivered so far, so that the work cannot be eliminated */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long deliverBatch() {
        if (metering.equals("per-batch")) {
            batchNs += WINDOW_NS;
            meter.batchStarted(batchNs);
            for (int i = 0; i < BATCH; i++) {
                meter.delivered(1024, sentEpochMicros);
            }
            meter.batchEnded();
        } else {
            for (int i = 0; i < BATCH; i++) {
                metrics.messagesDelivered(1, 1024);
                metrics.deliveryLatency(nowEpochMicros() - sentEpochMicros);
            }
        }
        return batchNs;
    }
}
