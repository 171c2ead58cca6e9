package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeliveryMeterTest {
    private static final long MS = 1_000_000;
    private final List<long[]> counts = new ArrayList<>();
    private final List<Long> latencies = new ArrayList<>();
    private long nowEpochMicros = 5_000_000;
    private final DeliveryMeter meter = new DeliveryMeter(new DeliveryMeter.Sink() {
        @Override
        public void delivered(long messages, long payloadBytes) {
            counts.add(new long[] {messages, payloadBytes});
        }

        @Override
        public void latency(long latencyMicros) {
            latencies.add(latencyMicros);
        }
    }, () -> nowEpochMicros);

    @Test
    void shouldCountEveryMessageOncePerBatch() {
        meter.batchStarted(0);
        meter.delivered(100, 4_999_000);
        meter.delivered(200, 4_999_500);
        meter.batchEnded();

        assertThat(counts).hasSize(1);
        assertThat(counts.get(0)).containsExactly(2, 300);
        assertThat(latencies).containsExactly(1_000L, 500L);
    }

    @Test
    void shouldReportNothingForABatchWithoutMessages() {
        meter.batchStarted(0);
        meter.batchEnded();

        assertThat(counts).isEmpty();
    }

    @Test
    void shouldRecordEveryLatencyAtALightLoad() {
        // 10 messages a window, one per batch: all recorded
        for (int i = 0; i < 50; i++) {
            meter.batchStarted(i * 10 * MS);
            meter.delivered(10, nowEpochMicros - 700);
            meter.batchEnded();
        }
        assertThat(latencies).hasSize(50).containsOnly(700L);
        assertThat(counts.stream().mapToLong(c -> c[0]).sum()).isEqualTo(50);
    }

    @Test
    void shouldSampleEveryStrideThPastTheFullRecordsOfAWindow() {
        int messages = DeliveryMeter.FULL_RECORDS_PER_WINDOW + 10 * DeliveryMeter.SAMPLE_STRIDE;
        meter.batchStarted(0);
        for (int i = 0; i < messages; i++) {
            meter.delivered(1, nowEpochMicros - i);
        }
        meter.batchEnded();

        assertThat(counts.get(0)).as("every message counted").containsExactly(messages, messages);
        assertThat(latencies).hasSize(DeliveryMeter.FULL_RECORDS_PER_WINDOW + 10);
        assertThat(latencies.get(DeliveryMeter.FULL_RECORDS_PER_WINDOW))
                .as("the first sample past the full records").isEqualTo(DeliveryMeter.FULL_RECORDS_PER_WINDOW);
        assertThat(latencies.get(DeliveryMeter.FULL_RECORDS_PER_WINDOW + 1))
                .isEqualTo(DeliveryMeter.FULL_RECORDS_PER_WINDOW + DeliveryMeter.SAMPLE_STRIDE);
    }

    @Test
    void shouldRecordInFullAgainInTheNextWindow() {
        meter.batchStarted(0);
        for (int i = 0; i < 1_000; i++) {
            meter.delivered(1, nowEpochMicros - 1);
        }
        meter.batchEnded();
        int firstWindow = latencies.size();

        meter.batchStarted(DeliveryMeter.WINDOW_MILLIS * MS - 1);
        meter.delivered(1, nowEpochMicros - 1);
        assertThat(latencies).as("still the first window: sampled").hasSize(firstWindow);

        meter.batchStarted(DeliveryMeter.WINDOW_MILLIS * MS);
        for (int i = 0; i < 5; i++) {
            meter.delivered(1, nowEpochMicros - 1);
        }
        assertThat(latencies).as("a new window: in full").hasSize(firstWindow + 5);
    }

    @Test
    void shouldNotRecordANegativeLatency() {
        meter.batchStarted(0);
        meter.delivered(1, nowEpochMicros + 1_000);
        meter.batchEnded();

        assertThat(latencies).isEmpty();
        assertThat(counts.get(0)).containsExactly(1, 1);
    }
}
