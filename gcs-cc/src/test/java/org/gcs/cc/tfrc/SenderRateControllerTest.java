package org.gcs.cc.tfrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SenderRateControllerTest {
    private static final long MS = 1_000_000L;
    private static final double INF = Double.POSITIVE_INFINITY;
    private static final double INITIAL = 10_000;
    private static final double FLOOR = 2_000;
    private static final long TIMEOUT = 1_000 * MS;

    private static SenderRateController controller() {
        return new SenderRateController(INITIAL, FLOOR, TIMEOUT);
    }

    @Test
    void shouldBeUnlimitedWithoutReceivers() {
        SenderRateController c = controller();
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(INF);
        assertThat(c.limitingSite()).isEmpty();
        assertThat(c.inSlowStart()).isFalse();
        c.addReceiver("A", 0);
        c.onReport("A", 50_000, 10_000, 50 * MS, 10 * MS);
        c.removeReceiver("A");
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(INF);
        assertThat(c.limitingSite()).isEmpty();
    }

    @Test
    void shouldSlowStartFromTheInitialRateDoublingOncePerDefaultRtt() {
        SenderRateController c = controller();
        c.addReceiver("A", 0);
        assertThat(c.inSlowStart()).isTrue();
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(INITIAL);
        c.onTick(99 * MS);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(INITIAL);
        c.onTick(100 * MS); // no report yet: 100 ms
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(2 * INITIAL);
        c.onTick(150 * MS);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(2 * INITIAL);
        c.onTick(200 * MS);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(4 * INITIAL);
        c.onTick(1_000 * MS); // a late tick doubles once, not eight times
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(8 * INITIAL);
        assertThat(c.limitingSite()).isEmpty();
    }

    @Test
    void shouldSlowStartPerLargestReportedRttAndRespectTwiceTheReceiveRate() {
        SenderRateController c = controller();
        c.addReceiver("A", 0);
        c.addReceiver("B", 0);
        c.onReport("A", INF, 0, 20 * MS, 0);
        c.onReport("B", INF, 0, 50 * MS, 0); // largest RTT: 50 ms
        c.onTick(49 * MS);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(INITIAL);
        c.onTick(50 * MS);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(20_000);
        c.onReport("A", INF, 18_000, 20 * MS, 60 * MS); // smallest positive receive rate 18 000: cap 36 000
        c.onReport("B", INF, 30_000, 50 * MS, 60 * MS);
        c.onTick(100 * MS);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(36_000);
        c.onTick(150 * MS);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(36_000);
        c.onReport("A", INF, 9_000, 20 * MS, 160 * MS); // cap 18 000 < rate: growth stops, the rate is kept
        c.onTick(200 * MS);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(36_000);
        assertThat(c.inSlowStart()).isTrue();
    }

    @Test
    void shouldTakeTheFirstFiniteReportAtOnce() {
        SenderRateController c = controller();
        c.addReceiver("A", 0);
        c.addReceiver("B", 0);
        c.onReport("A", 123_456, 10_000, 40 * MS, 5 * MS); // above the slow-start rate: taken as is
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(123_456);
        assertThat(c.limitingSite()).contains("A");
        assertThat(c.inSlowStart()).isFalse();
    }

    @Test
    void shouldUseTheMinimumOverReceiversAndBreakTiesByName() {
        SenderRateController c = controller();
        for (String site : new String[] {"C", "A", "B", "D"}) {
            c.addReceiver(site, 0);
        }
        c.onReport("A", 30_000, 1, 40 * MS, 1);
        c.onReport("B", 20_000, 1, 40 * MS, 1);
        c.onReport("C", INF, 1, 40 * MS, 1);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(20_000);
        assertThat(c.limitingSite()).contains("B");
        c.onReport("D", 20_000, 1, 40 * MS, 2);
        assertThat(c.limitingSite()).contains("B");
        c.onReport("A", 20_000, 1, 40 * MS, 3);
        assertThat(c.limitingSite()).contains("A");
    }

    @Test
    void shouldApplyALowerReportAtOnceAndAHigherOneToo() {
        SenderRateController c = controller();
        c.addReceiver("A", 0);
        c.onReport("A", 50_000, 1, 40 * MS, 1);
        c.onReport("A", 12_000, 1, 40 * MS, 2);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(12_000);
        c.onReport("A", 60_000, 1, 40 * MS, 3);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(60_000);
    }

    @Test
    void shouldSwitchTheLimitWhenTheLimitingReceiverLeaves() {
        SenderRateController c = controller();
        c.addReceiver("A", 0);
        c.addReceiver("B", 0);
        c.addReceiver("C", 0);
        c.onReport("A", 30_000, 1, 40 * MS, 1);
        c.onReport("B", 20_000, 1, 40 * MS, 1);
        c.onReport("C", INF, 0, 40 * MS, 1); // receive rate unknown: no slow-start cap
        c.removeReceiver("B");
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(30_000);
        assertThat(c.limitingSite()).contains("A");
        c.removeReceiver("A"); // only an infinite report left: slow start from the current rate
        assertThat(c.limitingSite()).isEmpty();
        assertThat(c.inSlowStart()).isTrue();
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(30_000);
        c.onTick(41 * MS);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(60_000);
        c.removeReceiver("unknown");
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(60_000);
    }

    @Test
    void shouldNotGrowWhileAReceiverIsStale() {
        SenderRateController c = controller();
        c.addReceiver("A", 0);
        c.addReceiver("B", 0);
        c.onReport("A", 30_000, 1, 40 * MS, 0);
        c.onReport("B", 20_000, 1, 40 * MS, 0);
        c.onReport("A", 40_000, 1, 40 * MS, 900 * MS);
        c.onTick(TIMEOUT); // B's report is exactly one timeout old: still fresh
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(20_000);
        assertThat(c.snapshot().receivers().get(1).fresh()).isTrue();
        c.onTick(TIMEOUT + 1); // B aged out: A's 40 000 is the only fresh finite report, but no growth
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(20_000);
        assertThat(c.limitingSite()).contains("A");
        c.onReport("A", 15_000, 1, 40 * MS, 1_100 * MS); // lower still applies at once
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(15_000);
        c.onReport("A", 40_000, 1, 40 * MS, 1_200 * MS);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(15_000);
        c.onReport("B", 35_000, 1, 40 * MS, 1_300 * MS); // B fresh again: the minimum rules
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(35_000);
        assertThat(c.limitingSite()).contains("B");
    }

    @Test
    void shouldHoldSlowStartWhileANewReceiverNeverReports() {
        SenderRateController c = controller();
        c.addReceiver("A", 0);
        c.addReceiver("B", 0);
        for (long t = 100 * MS; t <= 3_000 * MS; t += 100 * MS) {
            c.onReport("A", INF, 0, 100 * MS, t);
        }
        // B counted as new for one timeout (doubling at 100..1000 ms), then stale: the rate holds
        assertThat(c.inSlowStart()).isFalse();
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(INITIAL * (1 << 10));
        assertThat(c.snapshot().receivers().get(1).reported()).isFalse();
    }

    @Test
    void shouldHalveOncePerTimeoutWithoutAnyFeedbackDownToTheFloor() {
        SenderRateController c = controller();
        c.addReceiver("A", 0);
        c.onReport("A", 40_000, 1, 40 * MS, 0);
        c.onTick(TIMEOUT);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(40_000);
        c.onTick(TIMEOUT + 1);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(20_000);
        assertThat(c.limitingSite()).isEmpty();
        c.onTick(2 * TIMEOUT - 1);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(20_000);
        c.onTick(2 * TIMEOUT);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(10_000);
        c.onTick(10 * TIMEOUT); // 40 000 / 2^10 is below the floor
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(FLOOR);
        c.onReport("A", 50_000, 1, 40 * MS, 10 * TIMEOUT + 1);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(50_000);
        c.onTick(11 * TIMEOUT + 2); // silence again, counted from the new report
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(25_000);
    }

    @Test
    void shouldNeverGoBelowTheFloor() {
        SenderRateController c = controller();
        c.addReceiver("A", 0);
        c.onReport("A", 100, 1, 40 * MS, 1);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(FLOOR);
        c.onReport("A", 0, 0, 40 * MS, 2);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(FLOOR);
        assertThat(c.limitingSite()).contains("A");
    }

    @Test
    void shouldIgnoreReportsFromUnknownSites() {
        SenderRateController c = controller();
        c.addReceiver("A", 0);
        c.onReport("Z", 1_000, 1, 40 * MS, 1);
        assertThat(c.allowedRateBytesPerSec()).isEqualTo(INITIAL);
        assertThat(c.snapshot().receivers()).hasSize(1);
    }

    @Test
    void shouldDescribeItselfInASnapshot() {
        SenderRateController c = controller();
        c.addReceiver("B", 0);
        c.addReceiver("A", 0);
        c.onReport("A", 25_000, 11_000, 40 * MS, 100 * MS);
        c.onTick(300 * MS);
        RateSnapshot s = c.snapshot();
        assertThat(s.allowedRateBytesPerSec()).isEqualTo(25_000);
        assertThat(s.limitingSite()).isEqualTo("A");
        assertThat(s.slowStart()).isFalse();
        assertThat(s.atNs()).isEqualTo(300 * MS);
        assertThat(s.receivers()).containsExactly(
                new RateSnapshot.Receiver("A", true, 25_000, 11_000, 40 * MS, 200 * MS, true),
                new RateSnapshot.Receiver("B", false, Double.NaN, Double.NaN, 0, -1, false));
        assertThatThrownBy(() -> s.receivers().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void shouldRejectInvalidArguments() {
        assertThatThrownBy(() -> new SenderRateController(INITIAL, 0, TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("minRateBytesPerSec");
        assertThatThrownBy(() -> new SenderRateController(FLOOR / 2, FLOOR, TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("initialRateBytesPerSec");
        assertThatThrownBy(() -> new SenderRateController(INF, FLOOR, TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("initialRateBytesPerSec");
        assertThatThrownBy(() -> new SenderRateController(INITIAL, FLOOR, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reportTimeoutNs");
        SenderRateController c = controller();
        assertThatThrownBy(() -> c.addReceiver(null, 0)).hasMessageContaining("site");
        c.addReceiver("A", 0);
        assertThatThrownBy(() -> c.onReport("A", -1, 0, MS, 1)).hasMessageContaining("acceptableRateBytesPerSec");
        assertThatThrownBy(() -> c.onReport("A", Double.NaN, 0, MS, 1))
                .hasMessageContaining("acceptableRateBytesPerSec");
        assertThatThrownBy(() -> c.onReport("A", 1, INF, MS, 1)).hasMessageContaining("receiveRateBytesPerSec");
        assertThatThrownBy(() -> c.onReport("A", 1, 0, 0, 1)).hasMessageContaining("rttNs");
    }
}
