package org.gcs.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EmulatedLinkTest {

    private static final long MS = 1_000_000L;
    private static final long US = 1_000L;
    private static final long SEED = 20_040_004L;

    @Test
    void shouldLoseTheBernoulliFractionOfPackets() {
        EmulatedLink link = new EmulatedLink(LinkProfile.IDEAL.withLoss(LossProfile.bernoulli(0.05)), SEED);
        int packets = 200_000;

        int lost = 0;
        for (int i = 0; i < packets; i++) {
            if (link.admit(1000, i * US) == EmulatedLink.DROPPED_LOSS) {
                lost++;
            }
        }

        // one standard deviation is sqrt(0.05 * 0.95 / 200000) = 0.00049
        assertThat(lost / (double) packets).isCloseTo(0.05, within(0.002));
        assertThat(link.packetsDroppedByLoss()).isEqualTo(lost);
        assertThat(link.packetsAdmitted()).isEqualTo(packets - lost);
    }

    @Test
    void shouldMatchGilbertElliottLossRateAndMeanBurstLength() {
        double lossRate = 0.05;
        double meanBurst = 3.0;
        EmulatedLink link = new EmulatedLink(LinkProfile.IDEAL.withLoss(LossProfile.bursty(lossRate, meanBurst)), SEED);
        int packets = 500_000;

        int lost = 0;
        int bursts = 0;
        boolean previousLost = false;
        for (int i = 0; i < packets; i++) {
            boolean isLost = link.admit(1000, i * US) == EmulatedLink.DROPPED_LOSS;
            if (isLost) {
                lost++;
                if (!previousLost) {
                    bursts++;
                }
            }
            previousLost = isLost;
        }

        // correlated losses widen the spread: one standard deviation of the rate is about 0.0007 here,
        // of the mean burst about 0.03
        assertThat(lost / (double) packets).isCloseTo(lossRate, within(0.003));
        assertThat(lost / (double) bursts).isCloseTo(meanBurst, within(0.15));
    }

    @Test
    void shouldLoseInBurstsOnlyWithGilbertElliott() {
        EmulatedLink bernoulli = new EmulatedLink(LinkProfile.IDEAL.withLoss(LossProfile.bernoulli(0.05)), SEED);
        EmulatedLink bursty = new EmulatedLink(LinkProfile.IDEAL.withLoss(LossProfile.bursty(0.05, 5)), SEED);

        assertThat(meanBurst(bernoulli, 200_000)).isCloseTo(1 / 0.95, within(0.05));
        assertThat(meanBurst(bursty, 200_000)).isCloseTo(5.0, within(0.4));
    }

    @Test
    void shouldRepeatExactlyForTheSameSeed() {
        LinkProfile profile = new LinkProfile(20 * MS, 5 * MS, LossProfile.bursty(0.1, 2), 1_000_000, 20_000, true);

        List<Long> first = run(new EmulatedLink(profile, 7));
        List<Long> second = run(new EmulatedLink(profile, 7));
        List<Long> otherSeed = run(new EmulatedLink(profile, 8));

        assertThat(second).isEqualTo(first);
        assertThat(otherSeed).isNotEqualTo(first);
    }

    @Test
    void shouldSerializePacketsAtTheBottleneckRate() {
        // 1000 bytes at 8 Mbps = 8000 bits / 8e6 bit/s = 1 ms per packet
        EmulatedLink link = new EmulatedLink(
                LinkProfile.IDEAL.withBandwidthBitsPerSec(8_000_000).withQueueBytes(1_000_000), SEED);

        assertThat(link.transmissionNs(1000)).isEqualTo(1 * MS);
        assertThat(link.admit(1000, 0)).isEqualTo(1 * MS);
        assertThat(link.admit(1000, 0)).isEqualTo(2 * MS);
        assertThat(link.admit(1000, 0)).isEqualTo(3 * MS);
        assertThat(link.backlogBytes(0)).isEqualTo(3000);
        assertThat(link.backlogBytes(MS + MS / 2)).isEqualTo(1500);
        // after the queue drains, a packet starts at once
        assertThat(link.admit(1000, 10 * MS)).isEqualTo(11 * MS);
    }

    @Test
    void shouldAddPropagationDelayAfterSerialization() {
        EmulatedLink link = new EmulatedLink(new LinkProfile(30 * MS, 0, LossProfile.none(), 8_000_000, 1_000_000, false),
                SEED);

        assertThat(link.admit(1000, 5 * MS)).isEqualTo(5 * MS + 1 * MS + 30 * MS);
        assertThat(link.admit(1000, 5 * MS)).isEqualTo(5 * MS + 2 * MS + 30 * MS);
    }

    @Test
    void shouldDropExactlyTheOverflowOfADropTailQueue() {
        long queueBytes = 10_000;
        int packetBytes = 1500;
        int burst = 25;
        EmulatedLink link = new EmulatedLink(
                LinkProfile.IDEAL.withBandwidthBitsPerSec(8_000_000).withQueueBytes(queueBytes), SEED);

        int admitted = 0;
        for (int i = 0; i < burst; i++) {
            if (!EmulatedLink.isDropped(link.admit(packetBytes, 0))) {
                admitted++;
            }
        }

        // the packet being sent counts towards the backlog, so floor(10000 / 1500) = 6 packets fit
        long expectedAdmitted = queueBytes / packetBytes;
        assertThat(admitted).isEqualTo(expectedAdmitted);
        assertThat(link.packetsDroppedByQueue()).isEqualTo(burst - expectedAdmitted);
        assertThat(link.packetsDroppedByLoss()).isZero();
        assertThat(link.bytesAdmitted()).isEqualTo(expectedAdmitted * packetBytes);
    }

    @Test
    void shouldAcceptAgainOnceTheQueueHasDrained() {
        // 1000 bytes take 1 ms; a 10 000-byte queue holds 10 of them
        EmulatedLink link = new EmulatedLink(
                LinkProfile.IDEAL.withBandwidthBitsPerSec(8_000_000).withQueueBytes(10_000), SEED);
        for (int i = 0; i < 10; i++) {
            assertThat(link.admit(1000, 0)).isEqualTo((i + 1) * MS);
        }
        assertThat(link.admit(1000, 0)).isEqualTo(EmulatedLink.DROPPED_QUEUE);

        // at 3 ms three packets are out: 7000 bytes wait, room for exactly 3 more
        assertThat(link.backlogBytes(3 * MS)).isEqualTo(7000);
        assertThat(link.admit(1000, 3 * MS)).isEqualTo(11 * MS);
        assertThat(link.admit(1000, 3 * MS)).isEqualTo(12 * MS);
        assertThat(link.admit(1000, 3 * MS)).isEqualTo(13 * MS);
        assertThat(link.admit(1000, 3 * MS)).isEqualTo(EmulatedLink.DROPPED_QUEUE);
    }

    @Test
    void shouldNotLetLostPacketsOccupyTheQueue() {
        EmulatedLink link = new EmulatedLink(new LinkProfile(0, 0, LossProfile.bernoulli(0.5), 8_000_000, 1_000_000,
                false), SEED);

        long lastArrivalNs = 0;
        for (int i = 0; i < 1000; i++) {
            long result = link.admit(1000, 0);
            if (!EmulatedLink.isDropped(result)) {
                lastArrivalNs = result;
            }
        }

        assertThat(link.packetsDroppedByLoss()).isBetween(400L, 600L);
        assertThat(lastArrivalNs).isEqualTo(link.packetsAdmitted() * MS);
        assertThat(link.packetsAdmitted() + link.packetsDroppedByLoss() + link.packetsDroppedByQueue()).isEqualTo(1000);
    }

    @Test
    void shouldKeepDelayWithinTheJitterBounds() {
        long delayNs = 50 * MS;
        long jitterNs = 10 * MS;
        EmulatedLink link = new EmulatedLink(LinkProfile.IDEAL.withOneWayDelayNs(delayNs).withJitterNs(jitterNs)
                .withAllowReorder(true), SEED);

        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        double sum = 0;
        int packets = 20_000;
        for (int i = 0; i < packets; i++) {
            long nowNs = i * MS;
            long delay = link.admit(100, nowNs) - nowNs;
            min = Math.min(min, delay);
            max = Math.max(max, delay);
            sum += delay;
        }

        assertThat(min).isGreaterThanOrEqualTo(delayNs - jitterNs).isLessThan(delayNs - jitterNs + MS / 10);
        assertThat(max).isLessThanOrEqualTo(delayNs + jitterNs).isGreaterThan(delayNs + jitterNs - MS / 10);
        assertThat(sum / packets).isCloseTo(delayNs, within(0.2 * MS));
    }

    @Test
    void shouldNeverReorderWhenReorderingIsForbidden() {
        LinkProfile jittery = LinkProfile.IDEAL.withOneWayDelayNs(10 * MS).withJitterNs(10 * MS);

        List<Long> inOrder = arrivalsEvery(new EmulatedLink(jittery.withAllowReorder(false), SEED), 100 * US, 10_000);
        List<Long> reordered = arrivalsEvery(new EmulatedLink(jittery.withAllowReorder(true), SEED), 100 * US, 10_000);

        assertThat(inOrder).isSorted();
        assertThat(reordered).as("the same jitter reorders when allowed, so the check above means something")
                .isNotEqualTo(reordered.stream().sorted().toList());
    }

    @Test
    void shouldNeverDeliverBeforeTheSendTime() {
        EmulatedLink link = new EmulatedLink(LinkProfile.IDEAL.withOneWayDelayNs(1 * MS).withJitterNs(50 * MS)
                .withAllowReorder(true), SEED);

        int atOnce = 0;
        for (int i = 0; i < 10_000; i++) {
            long nowNs = i * MS;
            long arrivalNs = link.admit(100, nowNs);
            assertThat(arrivalNs).isGreaterThanOrEqualTo(nowNs);
            if (arrivalNs == nowNs) {
                atOnce++;
            }
        }

        // about half of the draws would be negative; they are clamped to zero delay
        assertThat(atOnce).isBetween(4_000, 6_000);
    }

    @Test
    void shouldPassEverythingAtOnceOnAnIdealLink() {
        EmulatedLink link = new EmulatedLink(LinkProfile.IDEAL, SEED);

        assertThat(link.admit(65_000, 42)).isEqualTo(42);
        assertThat(link.admit(0, 43)).isEqualTo(43);
        assertThat(link.backlogBytes(43)).isZero();
        assertThat(link.packetsAdmitted()).isEqualTo(2);
        assertThat(link.bytesAdmitted()).isEqualTo(65_000);
    }

    @Test
    void shouldRoundTransmissionTimeUpToWholeNanoseconds() {
        // 100 bytes at 3 Mbps = 266 666.67 ns
        EmulatedLink link = new EmulatedLink(LinkProfile.IDEAL.withBandwidthBitsPerSec(3_000_000), SEED);

        assertThat(link.transmissionNs(100)).isEqualTo(266_667);
    }

    @Test
    void shouldNotOverflowWithExtremeValues() {
        EmulatedLink link = new EmulatedLink(new LinkProfile(Long.MAX_VALUE / 2, Long.MAX_VALUE, LossProfile.none(),
                1, Long.MAX_VALUE, false), SEED);

        long arrivalNs = link.admit(Integer.MAX_VALUE, Long.MAX_VALUE / 2);

        assertThat(arrivalNs).isGreaterThanOrEqualTo(Long.MAX_VALUE / 2);
        assertThat(link.backlogBytes(0)).isPositive();
    }

    @Test
    void shouldRejectNegativeSizeOrTime() {
        EmulatedLink link = new EmulatedLink(LinkProfile.IDEAL, SEED);

        assertThatThrownBy(() -> link.admit(-1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sizeBytes");
        assertThatThrownBy(() -> link.admit(1, -5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nowNs");
    }

    @Test
    void shouldDeriveDistinctStableSeedsPerDirection() {
        long ab = EmulatedLink.deriveSeed(42, "boston", "ottawa");

        assertThat(EmulatedLink.deriveSeed(42, "boston", "ottawa")).isEqualTo(ab);
        assertThat(EmulatedLink.deriveSeed(42, "ottawa", "boston")).isNotEqualTo(ab);
        assertThat(EmulatedLink.deriveSeed(43, "boston", "ottawa")).isNotEqualTo(ab);
        assertThat(EmulatedLink.deriveSeed(42, "boston", "ottawa2")).isNotEqualTo(ab);
    }

    private static double meanBurst(EmulatedLink link, int packets) {
        int lost = 0;
        int bursts = 0;
        boolean previousLost = false;
        for (int i = 0; i < packets; i++) {
            boolean isLost = link.admit(100, i) == EmulatedLink.DROPPED_LOSS;
            if (isLost) {
                lost++;
                bursts += previousLost ? 0 : 1;
            }
            previousLost = isLost;
        }
        return lost / (double) bursts;
    }

    private static List<Long> run(EmulatedLink link) {
        List<Long> results = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            results.add(link.admit(200 + (i % 7) * 100, i * 300 * US));
        }
        return results;
    }

    private static List<Long> arrivalsEvery(EmulatedLink link, long spacingNs, int packets) {
        List<Long> arrivals = new ArrayList<>();
        for (int i = 0; i < packets; i++) {
            arrivals.add(link.admit(500, i * spacingNs));
        }
        return arrivals;
    }
}
