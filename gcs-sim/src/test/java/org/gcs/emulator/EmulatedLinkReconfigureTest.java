package org.gcs.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EmulatedLinkReconfigureTest {

    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final long SEED = 20_040_004L;

    /** 1 Mb/s: a 1000-byte packet takes 8 ms. */
    private static final LinkProfile ONE_MBPS = LinkProfile.IDEAL.withBandwidthBitsPerSec(1_000_000)
            .withQueueBytes(100_000);

    @Test
    void shouldDrainTheQueuedBytesAtTheNewRate() {
        // reordering allowed: otherwise the next packet would wait for the arrival given to the last one at 80 ms
        EmulatedLink link = new EmulatedLink(ONE_MBPS.withAllowReorder(true), SEED);
        for (int i = 0; i < 10; i++) {
            link.admit(1000, 0);
        }
        assertThat(link.backlogBytes(40 * MS)).isEqualTo(5000);

        link.reconfigure(ONE_MBPS.withBandwidthBitsPerSec(2_000_000).withAllowReorder(true), 40 * MS);

        // the 5000 bytes left take 20 ms at 2 Mb/s; the next packet (4 ms) follows them
        assertThat(link.busyUntilNs()).isEqualTo(60 * MS);
        assertThat(link.backlogBytes(50 * MS)).isEqualTo(2500);
        assertThat(link.admit(1000, 40 * MS)).isEqualTo(64 * MS);
        assertThat(link.profile().bandwidthBitsPerSec()).isEqualTo(2_000_000);
        assertThat(link.packetsAdmitted()).as("counters carry on").isEqualTo(11);
    }

    @Test
    void shouldKeepTheBacklogEvenAboveASmallerQueueLimit() {
        EmulatedLink link = new EmulatedLink(ONE_MBPS, SEED);
        for (int i = 0; i < 10; i++) {
            link.admit(1000, 0);
        }

        link.reconfigure(ONE_MBPS.withBandwidthBitsPerSec(500_000).withQueueBytes(3000), 40 * MS);

        assertThat(link.backlogBytes(40 * MS)).isEqualTo(5000);
        assertThat(link.admit(100, 40 * MS)).isEqualTo(EmulatedLink.DROPPED_QUEUE);
        // 5000 bytes at 0.5 Mb/s take 80 ms; at 100 ms 1250 bytes are left and 1000 more fit
        assertThat(link.admit(1000, 100 * MS)).isEqualTo(120 * MS + 16 * MS);
    }

    @Test
    void shouldForgetTheQueueOnAnUnlimitedLinkAndStartEmptyWhenLimitedAgain() {
        EmulatedLink link = new EmulatedLink(ONE_MBPS.withAllowReorder(true), SEED);
        link.admit(1000, 0);
        link.admit(1000, 0);

        link.reconfigure(LinkProfile.IDEAL.withAllowReorder(true), 4 * MS);
        assertThat(link.backlogBytes(4 * MS)).isZero();
        assertThat(link.busyUntilNs()).isZero();
        assertThat(link.admit(1000, 5 * MS)).isEqualTo(5 * MS);

        link.reconfigure(ONE_MBPS, 6 * MS);
        assertThat(link.admit(1000, 6 * MS)).as("reordering forbidden again: not before 16 ms").isEqualTo(16 * MS);
        assertThat(link.admit(1000, 6 * MS)).as("the queue started empty at 6 ms").isEqualTo(22 * MS);
    }

    @Test
    void shouldApplyTheNewDelayWithoutReorderingEarlierPackets() {
        EmulatedLink link = new EmulatedLink(LinkProfile.IDEAL.withOneWayDelayNs(100 * MS), SEED);
        assertThat(link.admit(100, 0)).isEqualTo(100 * MS);

        link.reconfigure(LinkProfile.IDEAL.withOneWayDelayNs(10 * MS), MS);

        assertThat(link.admit(100, MS)).as("not before the packet sent earlier").isEqualTo(100 * MS);
        assertThat(link.admit(100, 200 * MS)).isEqualTo(210 * MS);
    }

    @Test
    void shouldKeepTheLossModelStateUnlessTheLossChanges() {
        LinkProfile bursty = LinkProfile.IDEAL.withLoss(LossProfile.bursty(0.2, 5));
        EmulatedLink unchanged = new EmulatedLink(bursty, SEED);
        EmulatedLink sameLoss = new EmulatedLink(bursty, SEED);
        EmulatedLink otherLoss = new EmulatedLink(bursty, SEED);

        List<Boolean> reference = losses(unchanged, 0, 2_000);
        assertThat(losses(sameLoss, 0, 1_000)).isEqualTo(reference.subList(0, 1_000));
        assertThat(losses(otherLoss, 0, 1_000)).isEqualTo(reference.subList(0, 1_000));
        sameLoss.reconfigure(bursty.withOneWayDelayNs(MS).withBandwidthBitsPerSec(1_000_000_000), 1_000);
        otherLoss.reconfigure(bursty.withLoss(LossProfile.bursty(0.2, 6)), 1_000);

        assertThat(losses(sameLoss, 1_000, 2_000)).isEqualTo(reference.subList(1_000, 2_000));
        assertThat(losses(otherLoss, 1_000, 2_000)).isNotEqualTo(reference.subList(1_000, 2_000));
    }

    @Test
    void shouldKeepCrossTrafficAcrossAChange() {
        CrossTraffic cbr = new CrossTraffic("a", "b", 500_000, S, 0, 1000, true); // every 16 ms
        EmulatedLink link = new EmulatedLink(ONE_MBPS, SEED, List.of(cbr));

        // the cross packet of 0 ms is offered at the old rate; at 4 ms 500 bytes are left, 2 ms at 2 Mb/s
        link.reconfigure(ONE_MBPS.withBandwidthBitsPerSec(2_000_000), 4 * MS);
        assertThat(link.busyUntilNs()).isEqualTo(6 * MS);
        assertThat(link.admit(1000, 16 * MS)).as("behind the cross packet of 16 ms, 4 ms each")
                .isEqualTo(24 * MS);
        assertThat(link.crossPacketsAdmitted()).isEqualTo(2);
        assertThat(link.crossTraffic()).containsExactly(cbr);
    }

    @Test
    void shouldRejectANegativeTime() {
        EmulatedLink link = new EmulatedLink(ONE_MBPS, SEED);

        assertThatThrownBy(() -> link.reconfigure(ONE_MBPS, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nowNs");
    }

    private static List<Boolean> losses(EmulatedLink link, int from, int to) {
        List<Boolean> lost = new ArrayList<>();
        for (int i = from; i < to; i++) {
            lost.add(link.admit(100, i) == EmulatedLink.DROPPED_LOSS);
        }
        return lost;
    }
}
