package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SmallPartsTest {

    @Test
    void shouldStampPayloadsThatHaveRoomForTheSendTime() {
        byte[] payload = Payloads.stamped(1000, 1_700_000_000_123_456L);

        assertThat(payload).hasSize(1000);
        assertThat(Payloads.sentMicros(payload)).isEqualTo(1_700_000_000_123_456L);
        assertThat(Payloads.sentMicros(Payloads.stamped(7, 5))).isEqualTo(-1);
        assertThat(Payloads.stamped(0, 5)).isEmpty();
    }

    @Test
    void shouldShowOnlyPrintableTextAsChat() {
        assertThat(ChatText.of("hi there\tyou".getBytes(StandardCharsets.UTF_8))).contains("hi there\tyou");
        assertThat(ChatText.of("Zürich".getBytes(StandardCharsets.UTF_8))).contains("Zürich");
        assertThat(ChatText.of(Payloads.stamped(100, Payloads.nowMicros()))).isEmpty();
        assertThat(ChatText.of(new byte[] {(byte) 0xff, 'a'})).isEmpty();
        assertThat(ChatText.of(new byte[0])).isEmpty();
    }

    @Test
    void shouldWaitUntilAConditionHoldsOrTheDeadlinePasses() throws InterruptedException {
        long start = System.nanoTime();
        assertThat(Waits.until(() -> System.nanoTime() - start > 20_000_000L, Duration.ofSeconds(5),
                Duration.ofMillis(5))).isTrue();
        assertThat(Waits.until(() -> false, Duration.ofMillis(30), Duration.ofMillis(5))).isFalse();
    }

    @Test
    void shouldKeepTheRunningLatencyTotalAcrossIntervals() {
        LatencyRecorder latency = new LatencyRecorder();
        latency.record(1_000);
        latency.record(-5);
        assertThat(latency.interval().getTotalCount()).isEqualTo(2);
        latency.record(3_000);
        assertThat(latency.interval().getTotalCount()).isEqualTo(1);

        assertThat(latency.total().getTotalCount()).isEqualTo(3);
        assertThat(LatencyRecorder.maxMs(latency.total())).isBetween(2.99, 3.01);
    }
}
