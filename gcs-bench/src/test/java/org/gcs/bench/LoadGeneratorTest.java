package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LoadGeneratorTest {
    private final List<byte[]> sent = new CopyOnWriteArrayList<>();
    private final List<NodeLine> reports = new CopyOnWriteArrayList<>();
    private final AtomicInteger firstMeasured = new AtomicInteger();

    @Test
    void shouldSendUnpacedWarmupThenStampPacedMessagesWithTheirDueTimes() {
        NodeSpec spec = spec(5, 2, 3, 100);

        new LoadGenerator(endpoint(), spec, firstMeasured::incrementAndGet, reports::add).run();

        assertThat(sent).hasSize(8);
        assertThat(sent).extracting(p -> BenchPayload.sequence(p, 0)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        assertThat(sent).extracting(p -> BenchPayload.kind(p, 0, p.length)).containsExactly(BenchPayload.WARMUP,
                BenchPayload.WARMUP, BenchPayload.WARMUP, BenchPayload.WARMUP, BenchPayload.WARMUP,
                BenchPayload.MEASURED, BenchPayload.MEASURED, BenchPayload.MEASURED);
        long pacedStart = BenchPayload.sentMicros(sent.get(2), 0);
        for (int i = 3; i < 8; i++) {
            // 100 msg/s: each paced message is due 10 ms after the previous one, whenever it was actually sent
            assertThat(BenchPayload.sentMicros(sent.get(i), 0) - pacedStart).isEqualTo((i - 2) * 10_000L);
        }
        assertThat(firstMeasured).hasValue(1);
        NodeLine done = reports.get(0);
        assertThat(done.event()).isEqualTo(NodeLine.SENT);
        assertThat(done.number("sent")).isEqualTo(8);
        assertThat(done.number("firstMeasuredMicros")).isEqualTo(BenchPayload.sentMicros(sent.get(5), 0));
    }

    @Test
    void shouldReportAFailedSendAsAnError() {
        BenchEndpoint failing = new RecordingEndpoint() {
            @Override
            public void send(byte[] payload) {
                throw new IllegalStateException("window closed");
            }
        };

        new LoadGenerator(failing, spec(0, 0, 2, 0), firstMeasured::incrementAndGet, reports::add).run();

        assertThat(reports).singleElement().satisfies(line -> {
            assertThat(line.event()).isEqualTo(NodeLine.ERROR);
            assertThat(line.text(NodeLine.TEXT)).contains("send failed after 0 messages", "window closed");
        });
    }

    private BenchEndpoint endpoint() {
        return new RecordingEndpoint() {
            @Override
            public void send(byte[] payload) {
                sent.add(payload);
            }
        };
    }

    private static NodeSpec spec(long warmup, long unpaced, long measured, double rate) {
        return new NodeSpec(BenchSystem.GCS, "r", List.of("site-a"), "site-a", "a2", 2, true, false, "239.7.9.9",
                40_000, 0, List.of(), List.of(), 0, "00", 32, warmup, unpaced, measured, rate, List.of(), 0);
    }

    /** An endpoint that only sends. */
    private abstract static class RecordingEndpoint implements BenchEndpoint {
        @Override
        public void start(Delivery delivery) {
        }

        @Override
        public boolean ready() {
            return true;
        }

        @Override
        public boolean master() {
            return false;
        }

        @Override
        public String describe() {
            return "recording";
        }

        @Override
        public void close() {
        }
    }
}
