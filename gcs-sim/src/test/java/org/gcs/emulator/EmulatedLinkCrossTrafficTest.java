package org.gcs.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EmulatedLinkCrossTrafficTest {

    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final long SEED = 20_040_004L;

    private static final LinkProfile BURSTY =
            new LinkProfile(20 * MS, 3 * MS, LossProfile.bursty(0.05, 3), 4_000_000, 30_000, false);
    private static final LinkProfile REORDERING =
            new LinkProfile(5 * MS, 8 * MS, LossProfile.bernoulli(0.02), 6_000_000, 64_000, true);

    @Test
    void shouldBehaveExactlyAsBeforeCrossTrafficExistedWhenALinkHasNone() {
        // the values the code computed before cross traffic and reconfigure() were added (commit 9b46eb7)
        assertThat(runSequence(new EmulatedLink(BURSTY, 42))).isEqualTo(-5022818632520767528L);
        assertThat(runSequence(new EmulatedLink(BURSTY, 42, List.of()))).isEqualTo(-5022818632520767528L);
        assertThat(runSequence(new EmulatedLink(REORDERING, 43))).isEqualTo(-1175316072083118372L);
        assertThat(runSequence(new EmulatedLink(REORDERING, 43, List.of()))).isEqualTo(-1175316072083118372L);
    }

    @ParameterizedTest(name = "on {0} ms, off {1} ms")
    @CsvSource({"1000, 1000", "500, 1500", "2000, 500"})
    void shouldCarryRateTimesOnOverOnPlusOffInTheLongRun(long onMs, long offMs) {
        // 200-byte packets at 200 kb/s: one every 8 ms, so the part packet ending each ON period adds < 1 %
        CrossTraffic stream = new CrossTraffic("a", "b", 200_000, onMs * MS, offMs * MS, 200, true);
        EmulatedLink link = new EmulatedLink(LinkProfile.IDEAL.withBandwidthBitsPerSec(100_000_000)
                .withQueueBytes(10_000_000), SEED, List.of(stream));
        long durationNs = 40_000 * S;

        link.backlogBytes(durationNs);

        double rateBitsPerSec = link.crossBytesAdmitted() * 8.0 / (durationNs / (double) S);
        // 16 000 to 20 000 on/off cycles: one standard deviation of the ON fraction is below 0.8 %
        assertThat(rateBitsPerSec).isCloseTo(stream.meanRateBitsPerSec(), within(0.03 * stream.meanRateBitsPerSec()));
        assertThat(link.crossPacketsDropped()).isZero();
        assertThat(link.crossBytesAdmitted()).isEqualTo(link.crossPacketsAdmitted() * 200);
        assertThat(link.packetsAdmitted()).as("cross packets are not ours").isZero();
    }

    @Test
    void shouldAlternateExponentialOnAndOffPeriods() {
        CrossTraffic stream = new CrossTraffic("a", "b", 1_000_000, 300 * MS, 700 * MS, 125, true); // every 1 ms
        CrossTrafficSource source = new CrossTrafficSource(stream, new SplittableRandom(SEED));
        List<Long> onNs = new ArrayList<>();
        List<Long> offNs = new ArrayList<>();
        long periodStart = source.nextPacketNs();
        long previous = periodStart;
        assertThat(periodStart).as("starts on").isZero();
        while (offNs.size() < 20_000) {
            source.advance();
            long next = source.nextPacketNs();
            long gap = next - previous;
            assertThat(gap).isPositive();
            if (gap != MS) { // an OFF period, which began less than one packet interval after the last packet
                onNs.add(previous + MS - periodStart);
                offNs.add(next - previous - MS);
                periodStart = next;
            }
            previous = next;
        }

        double meanOn = onNs.stream().mapToLong(Long::longValue).average().orElseThrow();
        double meanOff = offNs.stream().mapToLong(Long::longValue).average().orElseThrow();
        // ON periods are seen rounded up to whole packet intervals (+0.5 ms on average); OFF periods then shrink
        assertThat(meanOn).isCloseTo(300.5 * MS, within(8.0 * MS));
        assertThat(meanOff).isCloseTo(699.5 * MS, within(20.0 * MS));
        // exponential: the standard deviation equals the mean
        assertThat(standardDeviation(offNs)).isCloseTo(meanOff, within(0.05 * meanOff));
    }

    @Test
    void shouldStartWithAnOffPeriodWhenAsked() {
        CrossTraffic startsOff = new CrossTraffic("a", "b", 1_000_000, S, S, 125, false);
        CrossTraffic startsOn = new CrossTraffic("a", "b", 1_000_000, S, S, 125, true);

        assertThat(new CrossTrafficSource(startsOff, new SplittableRandom(SEED)).nextPacketNs()).isPositive();
        assertThat(new CrossTrafficSource(startsOn, new SplittableRandom(SEED)).nextPacketNs()).isZero();
    }

    @Test
    void shouldSendAtAConstantRateWithoutDriftWhenNeverOff() {
        // 1000 bytes at 3 Mb/s: every 2 666 666.67 ns, so exactly 3 packets every 8 ms
        CrossTraffic cbr = new CrossTraffic("a", "b", 3_000_000, S, 0, 1000, true);
        CrossTrafficSource source = new CrossTrafficSource(cbr, new SplittableRandom(SEED));
        for (int i = 0; i < 3 * 1_000_000; i++) {
            source.advance();
        }

        assertThat(source.nextPacketNs()).isEqualTo(8_000_000L * 1_000_000);
    }

    @Test
    void shouldDelayOurPacketsBehindCrossPacketsInTheQueue() {
        // 1 Mb/s: a 1000-byte packet takes 8 ms; the cross stream sends one every 16 ms, at 0, 16, 32 ... ms
        LinkProfile profile = new LinkProfile(30 * MS, 0, LossProfile.none(), 1_000_000, 100_000, false);
        CrossTraffic halfRate = new CrossTraffic("a", "b", 500_000, S, 0, 1000, true);
        EmulatedLink crossed = new EmulatedLink(profile, SEED, List.of(halfRate));
        EmulatedLink alone = new EmulatedLink(profile, SEED);

        assertThat(crossed.backlogBytes(164 * MS)).as("half of the cross packet sent at 160 ms").isEqualTo(500);
        assertThat(alone.backlogBytes(164 * MS)).isZero();
        // at 170 ms the cross packet of 160 ms is out; ours goes at once
        assertThat(crossed.admit(1000, 170 * MS)).isEqualTo(170 * MS + 8 * MS + 30 * MS);
        // at 192 ms a cross packet arrives at the same nanosecond and goes first
        assertThat(crossed.admit(1000, 192 * MS)).isEqualTo(192 * MS + 16 * MS + 30 * MS);
        assertThat(alone.admit(1000, 192 * MS)).isEqualTo(192 * MS + 8 * MS + 30 * MS);
        assertThat(crossed.crossPacketsAdmitted()).isEqualTo(13); // 0, 16, ..., 192 ms
        assertThat(crossed.counters()).isEqualTo(new LinkCounters(2, 0, 0, 13, 0));
    }

    @Test
    void shouldFillTheQueueSoThatOurPacketsAreDropped() {
        LinkProfile profile = LinkProfile.IDEAL.withBandwidthBitsPerSec(1_000_000).withQueueBytes(20_000);
        CrossTraffic flood = new CrossTraffic("a", "b", 4_000_000, S, 0, 1000, true);
        EmulatedLink link = new EmulatedLink(profile, SEED, List.of(flood));

        long backlog = link.backlogBytes(S);

        assertThat(backlog).isBetween(19_000L, 20_000L);
        assertThat(link.admit(1000, S)).isEqualTo(EmulatedLink.DROPPED_QUEUE);
        // the link sent 1 Mb/s for a second (125 packets) and holds about 20 more
        assertThat(link.crossPacketsAdmitted()).isBetween(140L, 147L);
        assertThat(link.crossPacketsDropped()).isGreaterThan(3 * 125 - 30);
        assertThat(link.packetsDroppedByQueue()).isEqualTo(1);
    }

    @Test
    void shouldNotSubjectCrossTrafficToTheRandomLoss() {
        LinkProfile lossy = LinkProfile.IDEAL.withLoss(LossProfile.bernoulli(0.5)).withBandwidthBitsPerSec(10_000_000)
                .withQueueBytes(10_000_000);
        CrossTraffic cbr = new CrossTraffic("a", "b", 1_000_000, S, 0, 1000, true);
        EmulatedLink link = new EmulatedLink(lossy, SEED, List.of(cbr));

        link.backlogBytes(10 * S);

        assertThat(link.crossPacketsAdmitted()).isEqualTo(1251); // every 8 ms from 0 to 10 s
        assertThat(link.crossPacketsDropped()).isZero();
        assertThat(link.packetsDroppedByLoss()).isZero();
    }

    @Test
    void shouldKeepTheLossAndJitterDrawsOfALinkWhenCrossTrafficIsAdded() {
        LinkProfile roomy = new LinkProfile(20 * MS, 5 * MS, LossProfile.bursty(0.1, 3), 10_000_000, 10_000_000, true);
        CrossTraffic cross = new CrossTraffic("a", "b", 2_000_000, S, S, 1000, true);
        EmulatedLink with = new EmulatedLink(roomy, SEED, List.of(cross));
        EmulatedLink without = new EmulatedLink(roomy, SEED);

        int sameDelayAfterQueueing = 0;
        int delayedByCross = 0;
        for (int i = 0; i < 20_000; i++) {
            long nowNs = i * 500 * US;
            long a = with.admit(400, nowNs);
            long b = without.admit(400, nowNs);
            assertThat(a == EmulatedLink.DROPPED_LOSS).as("packet %d lost in one only", i)
                    .isEqualTo(b == EmulatedLink.DROPPED_LOSS);
            if (a >= 0) {
                // the jitter draw is the same: only the departure (queueing) differs
                sameDelayAfterQueueing += a - with.busyUntilNs() == b - without.busyUntilNs() ? 1 : 0;
                delayedByCross += a > b ? 1 : 0;
            }
        }
        assertThat(sameDelayAfterQueueing).isEqualTo(with.packetsAdmitted());
        assertThat(delayedByCross).as("the cross traffic made a difference").isPositive();
    }

    @Test
    void shouldRepeatForTheSameSeedAndSumSeveralStreams() {
        CrossTraffic first = new CrossTraffic("a", "b", 300_000, S, S, 1000, true);
        CrossTraffic second = new CrossTraffic("a", "b", 500_000, 200 * MS, 800 * MS, 500, false);
        LinkProfile profile = LinkProfile.IDEAL.withBandwidthBitsPerSec(1_000_000).withQueueBytes(16_000);

        EmulatedLink one = new EmulatedLink(profile, SEED, List.of(first, second));
        EmulatedLink again = new EmulatedLink(profile, SEED, List.of(first, second));
        EmulatedLink otherSeed = new EmulatedLink(profile, SEED + 1, List.of(first, second));
        List<Long> a = arrivals(one);
        assertThat(arrivals(again)).isEqualTo(a);
        assertThat(arrivals(otherSeed)).isNotEqualTo(a);
        assertThat(one.counters()).isEqualTo(again.counters());
        assertThat(one.crossTraffic()).containsExactly(first, second);
    }

    @Test
    void shouldLetCrossTrafficPassWithoutEffectOnAnUnlimitedLink() {
        CrossTraffic cbr = new CrossTraffic("a", "b", 1_000_000, S, 0, 1000, true);
        EmulatedLink link = new EmulatedLink(LinkProfile.IDEAL.withBandwidthBitsPerSec(1_000_000), SEED, List.of(cbr));
        link.reconfigure(LinkProfile.IDEAL, 0);

        assertThat(link.admit(1000, S)).isEqualTo(S);
        assertThat(link.backlogBytes(S)).isZero();
        assertThat(link.crossPacketsAdmitted()).isEqualTo(126);
    }

    /** Random sizes and gaps; a hash of every result and of the backlog every 7th packet. */
    private static long runSequence(EmulatedLink link) {
        SplittableRandom ops = new SplittableRandom(99);
        long nowNs = 0;
        long hash = 17;
        for (int i = 0; i < 200_000; i++) {
            nowNs += ops.nextLong(0, 2 * MS);
            long result = link.admit(ops.nextInt(0, 1500), nowNs);
            hash = hash * 31 + result;
            if (i % 7 == 0) {
                hash = hash * 31 + link.backlogBytes(nowNs);
            }
        }
        return ((hash * 31 + link.packetsAdmitted()) * 31 + link.packetsDroppedByLoss()) * 31
                + link.packetsDroppedByQueue();
    }

    private static List<Long> arrivals(EmulatedLink link) {
        List<Long> arrivals = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            arrivals.add(link.admit(800, i * 5 * MS));
        }
        return arrivals;
    }

    private static double standardDeviation(List<Long> values) {
        double mean = values.stream().mapToLong(Long::longValue).average().orElseThrow();
        double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(squares / (values.size() - 1));
    }
}
