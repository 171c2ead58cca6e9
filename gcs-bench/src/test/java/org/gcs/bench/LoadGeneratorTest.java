package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LoadGeneratorTest {
    /** Lets the paced messages go at once after an unpaced warm-up. */
    private static final LoadGenerator.Draining NO_WAIT = unpacedSent -> {
    };
    private final List<byte[]> sent = new CopyOnWriteArrayList<>();
    private final List<NodeLine> reports = new CopyOnWriteArrayList<>();
    private final AtomicInteger firstMeasured = new AtomicInteger();

    @Test
    void shouldSendUnpacedWarmupThenStampPacedMessagesWithTheirDueTimes() {
        NodeSpec spec = spec(5, 2, 3, 100);

        new LoadGenerator(endpoint(), spec, firstMeasured::incrementAndGet, () -> true, NO_WAIT, reports::add)
                .run();

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
    void shouldSendTheBriskWarmupBetweenTheUnpacedOneAndThePacedMessages() {
        NodeSpec spec = spec(7, 2, 3, 3, 100);

        new LoadGenerator(endpoint(), spec, firstMeasured::incrementAndGet, () -> true, NO_WAIT, reports::add)
                .run();

        assertThat(sent).extracting(p -> BenchPayload.sequence(p, 0)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L,
                9L, 10L);
        assertThat(sent).extracting(p -> BenchPayload.kind(p, 0, p.length)).filteredOn(k -> k == BenchPayload.MEASURED)
                .hasSize(3);
        // the brisk ones (3..5) carry the wall time of their send; the paced ones (6..10) their due times, 10 ms apart
        long pacedStart = BenchPayload.sentMicros(sent.get(5), 0);
        assertThat(pacedStart).isGreaterThanOrEqualTo(BenchPayload.sentMicros(sent.get(4), 0));
        for (int i = 6; i < 10; i++) {
            assertThat(BenchPayload.sentMicros(sent.get(i), 0) - pacedStart).isEqualTo((i - 5) * 10_000L);
        }
        for (int i = 3; i < 5; i++) {
            assertThat(BenchPayload.sentMicros(sent.get(i), 0)).isGreaterThan(BenchPayload.sentMicros(sent.get(i - 1),
                    0));
        }
    }

    @Test
    void shouldKeepTheBriskWarmupWithinTheWarmup() {
        NodeSpec spec = spec(3, 2, 5, 3, 100);

        new LoadGenerator(endpoint(), spec, firstMeasured::incrementAndGet, () -> true, NO_WAIT, reports::add)
                .run();

        assertThat(sent).hasSize(6);
        long firstMeasuredStamp = BenchPayload.sentMicros(sent.get(3), 0);
        assertThat(BenchPayload.sentMicros(sent.get(5), 0) - firstMeasuredStamp)
                .as("the measured messages are paced at the offered rate, not brisk").isEqualTo(20_000L);
    }

    @Test
    void shouldWaitUntilTheUnpacedWarmupIsDeliveredBeforePacing() {
        NodeSpec spec = spec(5, 2, 3, 100);
        List<Long> drainedAt = new CopyOnWriteArrayList<>();

        new LoadGenerator(endpoint(), spec, firstMeasured::incrementAndGet, () -> true, unpacedSent -> {
            drainedAt.add(unpacedSent);
            drainedAt.add((long) sent.size()); // nothing paced went before the wait
        }, reports::add).run();

        assertThat(drainedAt).containsExactly(2L, 2L);
        assertThat(sent).hasSize(8);

        sent.clear();
        drainedAt.clear();
        new LoadGenerator(endpoint(), spec(5, 0, 3, 100), firstMeasured::incrementAndGet, () -> true,
                drainedAt::add, reports::add).run();
        assertThat(drainedAt).as("no unpaced warm-up: nothing to wait for").isEmpty();
        assertThat(sent).hasSize(8);
    }

    @Test
    void shouldEndWithoutPacingWhenTheWaitIsInterrupted() {
        new LoadGenerator(endpoint(), spec(5, 2, 3, 100), firstMeasured::incrementAndGet, () -> true, unpacedSent -> {
            throw new InterruptedException("stopped");
        }, reports::add).run();

        assertThat(sent).hasSize(2);
        assertThat(reports).isEmpty();
        assertThat(Thread.interrupted()).isTrue(); // the flag was restored (and is cleared here)
    }

    @Test
    void shouldGoOnWarmingUpAfterTheSettlePointUntilToldToMeasure() {
        NodeSpec spec = settling(spec(4, 0, 3, 0));
        List<Integer> sentWhenAsked = new CopyOnWriteArrayList<>();

        new LoadGenerator(endpoint(), spec, firstMeasured::incrementAndGet, () -> {
            sentWhenAsked.add(sent.size());
            return sentWhenAsked.size() == 3; // measure at the third look
        }, NO_WAIT, reports::add).run();

        long chunk = LoadGenerator.SETTLE_CHUNK;
        assertThat(sentWhenAsked).containsExactly(4, (int) (4 + chunk), (int) (4 + 2 * chunk));
        long warmup = 4 + 2 * chunk;
        assertThat(sent).hasSize((int) warmup + 3);
        for (int i = 0; i < sent.size(); i++) {
            assertThat(BenchPayload.sequence(sent.get(i), 0)).isEqualTo(i + 1L);
            assertThat(BenchPayload.kind(sent.get(i), 0, sent.get(i).length))
                    .isEqualTo(i < warmup ? BenchPayload.WARMUP : BenchPayload.MEASURED);
        }
        assertThat(firstMeasured).hasValue(1);
        assertThat(reports).singleElement().satisfies(line -> {
            assertThat(line.event()).isEqualTo(NodeLine.SENT);
            assertThat(line.number("warmup")).isEqualTo(warmup);
            assertThat(line.number("sent")).isEqualTo(warmup + 3);
        });
    }

    @Test
    void shouldSettleAfterTheUnpacedPartOfAPacedRunsWarmupAndShiftTheRest() {
        NodeSpec spec = settling(spec(5, 2, 3, 100));
        List<Integer> sentWhenAsked = new CopyOnWriteArrayList<>();

        new LoadGenerator(endpoint(), spec, firstMeasured::incrementAndGet, () -> {
            sentWhenAsked.add(sent.size());
            return sentWhenAsked.size() == 2;
        }, NO_WAIT, reports::add).run();

        long warmup = 5 + LoadGenerator.SETTLE_CHUNK;
        assertThat(sentWhenAsked).containsExactly(2, (int) (2 + LoadGenerator.SETTLE_CHUNK));
        assertThat(sent).hasSize((int) warmup + 3);
        assertThat(sent).extracting(p -> BenchPayload.kind(p, 0, p.length)).filteredOn(k -> k == BenchPayload.MEASURED)
                .hasSize(3);
        assertThat(BenchPayload.kind(sent.get((int) warmup - 1), 0, 32)).isEqualTo(BenchPayload.WARMUP);
        assertThat(reports.get(0).number("warmup")).isEqualTo(warmup);
    }

    @Test
    void shouldReportAFailedSendAsAnError() {
        BenchEndpoint failing = new RecordingEndpoint() {
            @Override
            public void send(byte[] payload) {
                throw new IllegalStateException("window closed");
            }
        };

        new LoadGenerator(failing, spec(0, 0, 2, 0), firstMeasured::incrementAndGet, () -> true, NO_WAIT,
                reports::add).run();

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
                40_000, 0, List.of(), List.of(), 0, "00", 32, warmup, unpaced, measured, rate, List.of(), 0, false);
    }

    private static NodeSpec spec(long warmup, long unpaced, long brisk, long measured, double rate) {
        return new NodeSpec(BenchSystem.GCS, "r", List.of("site-a"), "site-a", "a2", 2, true, false, "239.7.9.9",
                40_000, 0, List.of(), List.of(), 0, "00", 32, warmup, unpaced, brisk, measured, rate, List.of(), 0,
                false, List.of(), "");
    }

    private static NodeSpec settling(NodeSpec s) {
        return new NodeSpec(s.system(), s.runId(), s.sites(), s.site(), s.member(), s.membersPerSite(), s.sender(),
                s.recordLatency(), s.mcastAddress(), s.mcastPort(), s.wanPort(), s.seedPorts(), s.bridgePorts(),
                s.udpPort(), s.clusterKeyHex(), s.messageBytes(), s.warmupMessages(), s.unpacedWarmupMessages(),
                s.measuredMessages(), s.ratePerSec(), s.gcsSettings(), s.gcsSendsInFlight(), true);
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
