package org.gcs.internal.node;

import java.util.function.LongSupplier;
import org.gcs.metrics.NodeMetrics;

/**
 * Meters the deliveries of the delivery thread at a cost per batch rather than per message (docs/performance.md,
 * "CPU per message, round 1"): the messages and payload bytes delivered are counted in full but handed to the
 * metrics once per batch, and the delivery-latency timer, whose recording (a wall-clock read and a histogram update
 * in every registry) cost a third of the delivery thread under load, records every message up to
 * {@value #FULL_RECORDS_PER_WINDOW} per {@value #WINDOW_MILLIS}-ms window and then every {@value #SAMPLE_STRIDE}th
 * one. Below 1 000 messages a second every delivery is recorded; above, a systematic sample of at least 1 000 a
 * second, which puts the percentiles where the full record would (the timer's count is then the number of samples,
 * and {@code gcs.messages.delivered} the number of messages). Confined to the delivery thread. Public for the JMH
 * suite ({@code DeliveryMeterBenchmark}) only.
 */
public final class DeliveryMeter {
    /** Length of a sampling window. */
    static final long WINDOW_MILLIS = 100;
    /** Deliveries of a window recorded in full before sampling starts. */
    static final int FULL_RECORDS_PER_WINDOW = 100;
    /** Past the full records, one delivery in this many is recorded. */
    static final int SAMPLE_STRIDE = 16;
    private static final long WINDOW_NS = WINDOW_MILLIS * 1_000_000;

    /** Where the counts and samples go. */
    interface Sink {
        /** {@code messages} messages of {@code payloadBytes} bytes in all were delivered. */
        void delivered(long messages, long payloadBytes);

        /** A delivered message's send-to-delivery latency, in microseconds. */
        void latency(long latencyMicros);
    }

    private final Sink sink;
    /** The wall clock a latency is read from, microseconds since the epoch. */
    private final LongSupplier epochMicros;
    private long windowStartNs;
    private boolean windowStarted;
    private int inWindow;
    private long batchMessages;
    private long batchBytes;

    /**
     * @param sink takes the counts and samples
     * @param epochMicros the wall clock the messages' send times are on, microseconds since the epoch
     */
    DeliveryMeter(Sink sink, LongSupplier epochMicros) {
        this.sink = sink;
        this.epochMicros = epochMicros;
    }

    /** @return a meter feeding a node's metrics on the node's wall clock */
    public static DeliveryMeter of(NodeMetrics metrics) {
        return new DeliveryMeter(new Sink() {
            @Override
            public void delivered(long messages, long payloadBytes) {
                metrics.messagesDelivered(messages, payloadBytes);
            }

            @Override
            public void latency(long latencyMicros) {
                metrics.deliveryLatency(latencyMicros);
            }
        }, NodeClock::nowEpochMicros);
    }

    /** A batch of the delivery thread starts; {@code nowNs} is the monotonic clock, read once per batch. */
    public void batchStarted(long nowNs) {
        if (!windowStarted || nowNs - windowStartNs >= WINDOW_NS) {
            windowStarted = true;
            windowStartNs = nowNs;
            inWindow = 0;
        }
    }

    /**
     * A message was delivered (its listeners returned).
     *
     * @param payloadBytes its payload
     * @param sentEpochMicros its send time on the sender's wall clock
     */
    public void delivered(int payloadBytes, long sentEpochMicros) {
        batchMessages++;
        batchBytes += payloadBytes;
        int index = inWindow++;
        if (index < FULL_RECORDS_PER_WINDOW || (index - FULL_RECORDS_PER_WINDOW) % SAMPLE_STRIDE == 0) {
            long latencyMicros = epochMicros.getAsLong() - sentEpochMicros;
            if (latencyMicros >= 0) {
                sink.latency(latencyMicros);
            }
        }
    }

    /** The batch ended: its counts go to the sink. */
    public void batchEnded() {
        if (batchMessages > 0) {
            sink.delivered(batchMessages, batchBytes);
            batchMessages = 0;
            batchBytes = 0;
        }
    }
}
