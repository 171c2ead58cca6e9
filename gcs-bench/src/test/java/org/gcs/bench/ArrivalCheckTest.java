package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ArrivalCheckTest {
    private final AtomicInteger probes = new AtomicInteger();
    private final AtomicInteger completions = new AtomicInteger();
    private final AtomicInteger firsts = new AtomicInteger();
    private final ArrivalCheck.Listener listener = new ArrivalCheck.Listener() {
        @Override
        public void probeSeen() {
            probes.incrementAndGet();
        }

        @Override
        public void firstMeasured() {
            firsts.incrementAndGet();
        }

        @Override
        public void allMeasured() {
            completions.incrementAndGet();
        }
    };

    @Test
    void shouldCountWarmupAndMeasuredMessagesInOrderAndCompleteOnce() {
        ArrivalCheck check = new ArrivalCheck(3, false, listener);

        for (long seq = 1; seq <= 5; seq++) {
            deliver(check, BenchPayload.encode(64, seq <= 2 ? BenchPayload.WARMUP : BenchPayload.MEASURED, seq, 0));
        }

        ArrivalCheck.Counts counts = check.counts();
        assertThat(counts.warmup()).isEqualTo(2);
        assertThat(counts.measured()).isEqualTo(3);
        assertThat(counts.duplicates()).isZero();
        assertThat(counts.outOfOrder()).isZero();
        assertThat(counts.firstMeasuredMicros()).isPositive();
        assertThat(counts.lastMeasuredMicros()).isGreaterThanOrEqualTo(counts.firstMeasuredMicros());
        assertThat(completions).hasValue(1);
        assertThat(firsts).hasValue(1);
    }

    @Test
    void shouldHashTheDeliveredSequenceSoThatOnlyTheSameSequenceAtTheSamePositionsGivesTheSameHash() {
        long[][] same = {{7, 1, 10}, {7, 2, 11}, {9, 1, 12}};
        long[][] swapped = {{7, 1, 10}, {9, 1, 11}, {7, 2, 12}};
        long[][] shifted = {{7, 1, 10}, {7, 2, 12}, {9, 1, 13}};

        long hash = orderHash(same);

        assertThat(orderHash(same)).isEqualTo(hash);
        assertThat(orderHash(swapped)).as("two senders' messages in another order").isNotEqualTo(hash);
        assertThat(orderHash(shifted)).as("the same messages at other positions").isNotEqualTo(hash);
    }

    @Test
    void shouldCountPositionsThatDoNotGrowButNotProbesOrUnnumberedDeliveries() {
        ArrivalCheck numbered = new ArrivalCheck(3, false, listener);
        ArrivalCheck unnumbered = new ArrivalCheck(3, false, listener);

        deliver(numbered, 1, 1, 5);
        numbered.accept(1, 3, BenchPayload.encode(32, BenchPayload.PROBE, 0, 0), 0, 32);
        deliver(numbered, 1, 2, 5);
        deliver(numbered, 1, 3, 4);
        for (long seq = 1; seq <= 3; seq++) {
            deliver(unnumbered, 1, seq, BenchEndpoint.NO_POSITION);
        }

        assertThat(numbered.counts().positionRegressions()).isEqualTo(2);
        assertThat(unnumbered.counts().positionRegressions()).isZero();
    }

    /** @param deliveries sender key, sequence, position of each delivery in turn */
    private long orderHash(long[][] deliveries) {
        ArrivalCheck check = new ArrivalCheck(4, false, listener);
        for (long[] d : deliveries) {
            deliver(check, d[0], d[1], d[2]);
        }
        return check.counts().orderHash();
    }

    private static void deliver(ArrivalCheck check, long senderKey, long seq, long position) {
        byte[] payload = BenchPayload.encode(32, BenchPayload.MEASURED, seq, 0);
        check.accept(senderKey, position, payload, 0, payload.length);
    }

    @Test
    void shouldReportTheFirstProbeOnlyAndNotCountProbes() {
        ArrivalCheck check = new ArrivalCheck(1, false, listener);

        deliver(check, BenchPayload.encode(32, BenchPayload.PROBE, 0, 0));
        deliver(check, BenchPayload.encode(32, BenchPayload.PROBE, 0, 0));

        assertThat(probes).hasValue(1);
        assertThat(check.counts().deliveries()).isZero();
    }

    @Test
    void shouldCountDuplicatesAndMessagesOutOfOrder() {
        ArrivalCheck check = new ArrivalCheck(4, false, listener);

        deliver(check, BenchPayload.encode(32, BenchPayload.MEASURED, 1, 0));
        deliver(check, BenchPayload.encode(32, BenchPayload.MEASURED, 3, 0)); // gap: 2 missing
        deliver(check, BenchPayload.encode(32, BenchPayload.MEASURED, 2, 0)); // late
        deliver(check, BenchPayload.encode(32, BenchPayload.MEASURED, 3, 0)); // duplicate

        ArrivalCheck.Counts counts = check.counts();
        assertThat(counts.measured()).isEqualTo(3);
        assertThat(counts.outOfOrder()).isEqualTo(2);
        assertThat(counts.duplicates()).isEqualTo(1);
        assertThat(completions).hasValue(0);
    }

    @Test
    void shouldRecordOneWayLatenciesOfMeasuredMessagesOnlyWhenAsked() {
        ArrivalCheck recording = new ArrivalCheck(2, true, listener);
        ArrivalCheck silent = new ArrivalCheck(2, false, listener);
        long sentMicros = WallClock.nowMicros() - 5_000;

        for (ArrivalCheck check : new ArrivalCheck[] {recording, silent}) {
            deliver(check, BenchPayload.encode(32, BenchPayload.WARMUP, 1, sentMicros));
            deliver(check, BenchPayload.encode(32, BenchPayload.MEASURED, 2, sentMicros));
            deliver(check, BenchPayload.encode(32, BenchPayload.MEASURED, 3, sentMicros));
        }

        assertThat(recording.counts().latencySamples()).isEqualTo(2);
        assertThat(silent.counts().latencySamples()).isZero();
        List<LatencySample> samples = LatencySamples.decode("b2", recording.encodedSamples());
        assertThat(samples).extracting(LatencySample::sequence).containsExactly(2L, 3L);
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.receiver()).isEqualTo("b2");
            assertThat(sample.sentMicros()).isEqualTo(sentMicros);
            assertThat(sample.latencyMicros()).isGreaterThanOrEqualTo(4_990);
        });
        assertThat(LatencySamples.decode("b2", silent.encodedSamples())).isEmpty();
    }

    @Test
    void shouldIgnorePayloadsTooShortToBeBenchmarkMessages() {
        ArrivalCheck check = new ArrivalCheck(1, false, listener);

        check.accept(new byte[] {BenchPayload.MEASURED, 0, 1}, 0, 3);

        assertThat(check.counts().deliveries()).isZero();
    }

    private static void deliver(ArrivalCheck check, byte[] payload) {
        byte[] framed = new byte[payload.length + 7];
        System.arraycopy(payload, 0, framed, 5, payload.length);
        check.accept(framed, 5, payload.length);
    }
}
