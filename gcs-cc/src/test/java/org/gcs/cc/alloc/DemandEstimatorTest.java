package org.gcs.cc.alloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;

class DemandEstimatorTest {
    private static final long MS = 1_000_000L;
    private static final long INTERVAL = 100 * MS;
    private static final double INITIAL = 10_000;

    /** Enqueues (and dequeues) 1000-byte messages every 10 ms from fromNs (inclusive) to toNs (exclusive). */
    private static void fill(DemandEstimator d, long fromNs, long toNs, double rateBytesPerSec) {
        long stepNs = 10 * MS;
        int bytes = (int) Math.round(rateBytesPerSec * stepNs / 1e9);
        for (long t = fromNs; t < toNs; t += stepNs) {
            d.onEnqueued(bytes, t);
            d.onDequeued(bytes, t);
        }
    }

    @Test
    void shouldRequestTheInitialRateAsANewSender() {
        DemandEstimator d = new DemandEstimator(INITIAL, INTERVAL, 0.25);
        assertThat(d.requestBytesPerSec(0, false)).isEqualTo(INITIAL);
        d.onEnqueued(50_000, MS);
        assertThat(d.requestBytesPerSec(50 * MS, true)).isEqualTo(INITIAL); // no grant yet: no doubling
        assertThat(d.fillRateBytesPerSec()).isZero();
        assertThat(d.backlogBytes()).isEqualTo(50_000);
    }

    @Test
    void shouldConvergeToASteadyFillRate() {
        DemandEstimator d = new DemandEstimator(INITIAL, INTERVAL, 0.25);
        fill(d, 0, 2_000 * MS, 100_000);
        assertThat(d.requestBytesPerSec(2_000 * MS, false)).isCloseTo(100_000, withinPercentage(0.01));
        assertThat(d.drainRateBytesPerSec()).isCloseTo(100_000, withinPercentage(0.01));
        assertThat(d.backlogBytes()).isZero();
    }

    @Test
    void shouldFollowAStepChangeWithinAFewIntervals() {
        DemandEstimator d = new DemandEstimator(INITIAL, INTERVAL, 0.25);
        fill(d, 0, 1_000 * MS, 100_000);
        fill(d, 1_000 * MS, 1_300 * MS, 300_000);
        // after three intervals at the new rate: 300 000 - 200 000·0.25^3 = 296 875
        assertThat(d.requestBytesPerSec(1_300 * MS, false)).isCloseTo(296_875, within(1.0));
        fill(d, 1_300 * MS, 1_400 * MS, 300_000);
        assertThat(d.requestBytesPerSec(1_400 * MS, false)).isCloseTo(300_000, withinPercentage(1));
    }

    @Test
    void shouldDecayWhileIdle() {
        DemandEstimator d = new DemandEstimator(INITIAL, INTERVAL, 0.25);
        fill(d, 0, 1_000 * MS, 100_000);
        double before = d.requestBytesPerSec(1_000 * MS, false);
        // an empty stretch shorter than MAX_INTERVALS intervals may be the gap of a sparse sender: no change
        assertThat(d.requestBytesPerSec(1_300 * MS, false)).isEqualTo(before);
        // one whole idle stretch (10 intervals): one zero sample
        assertThat(d.requestBytesPerSec(2_000 * MS, false)).isCloseTo(before * 0.25, within(1e-6));
        // two more, seen in one step
        assertThat(d.requestBytesPerSec(4_000 * MS, false)).isCloseTo(before * Math.pow(0.25, 3), within(1e-6));
    }

    /**
     * A steady sender whose messages are further apart than the interval (one 1120-byte message every 670 ms,
     * 1 672 B/s; the lab's unequal-demand sender) must be estimated at its rate between messages as well, not
     * swing between zero after empty intervals and 11 200 B/s after full ones.
     */
    @Test
    void shouldEstimateASparseSteadySenderAtItsRate() {
        DemandEstimator d = new DemandEstimator(INITIAL, INTERVAL, 0.25);
        long gapNs = 670 * MS;
        double rate = 1120 / 0.670;
        double lowest = Double.MAX_VALUE;
        double highest = 0;
        for (int k = 0; k < 40; k++) {
            long t = k * gapNs;
            d.onEnqueued(1120, t);
            d.onDequeued(1120, t + MS);
            for (long probe = t + 50 * MS; probe < t + gapNs; probe += 50 * MS) {
                double request = d.requestBytesPerSec(probe, false);
                if (k >= 5) {
                    lowest = Math.min(lowest, request);
                    highest = Math.max(highest, request);
                }
            }
        }
        assertThat(lowest).isCloseTo(rate, withinPercentage(1));
        assertThat(highest).isCloseTo(rate, withinPercentage(1));
    }

    @Test
    void shouldDoubleOncePerIntervalWhileFullAndGranted() {
        DemandEstimator d = new DemandEstimator(INITIAL, INTERVAL, 0.25);
        assertThat(d.requestBytesPerSec(0, true)).isEqualTo(INITIAL);
        double expected = INITIAL;
        for (int k = 1; k <= 5; k++) {
            d.onGrant(expected);
            long t = k * INTERVAL + 5 * MS;
            // the window is full: the application fills only at the granted rate
            d.onEnqueued((int) (expected / 10), t - 5 * MS);
            expected *= 2;
            assertThat(d.requestBytesPerSec(t, true)).as("interval %d", k).isEqualTo(expected);
            d.onGrant(expected); // granted at once ...
            assertThat(d.requestBytesPerSec(t + MS, true)).isEqualTo(expected); // ... but once per interval
        }
        // the window opens: back to the measured fill rate
        double request = d.requestBytesPerSec(6 * INTERVAL, false);
        assertThat(request).isEqualTo(d.fillRateBytesPerSec()).isLessThan(expected);
    }

    @Test
    void shouldTakeAGrantRoundedToWholeBytesPerSecondAsGranted() {
        DemandEstimator d = new DemandEstimator(INITIAL, INTERVAL, 0.25);
        fill(d, 0, 1_000 * MS, 100_000);
        d.onEnqueued(3, 950 * MS); // 30 B/s more in the last interval: the estimate is not a whole number
        double request = d.requestBytesPerSec(1_000 * MS, true);
        assertThat(request).isNotEqualTo(Math.rint(request));
        d.onGrant(Math.floor(request)); // the grant as it travels back: whole bytes per second
        fill(d, 1_000 * MS, 1_100 * MS, 100_000);
        assertThat(d.requestBytesPerSec(1_100 * MS, true)).isEqualTo(2 * request);
    }

    @Test
    void shouldNotDoubleWhenTheLastRequestWasNotGranted() {
        DemandEstimator d = new DemandEstimator(INITIAL, INTERVAL, 0.25);
        assertThat(d.requestBytesPerSec(0, true)).isEqualTo(INITIAL);
        d.onGrant(INITIAL / 2);
        for (int k = 1; k <= 5; k++) {
            d.onEnqueued(500, k * INTERVAL);
            assertThat(d.requestBytesPerSec(k * INTERVAL + MS, true)).isEqualTo(INITIAL);
        }
        assertThat(d.lastGrantBytesPerSec()).isEqualTo(INITIAL / 2);
        assertThat(d.lastRequestBytesPerSec()).isEqualTo(INITIAL);
    }

    @Test
    void shouldRejectInvalidArguments() {
        assertThatThrownBy(() -> new DemandEstimator(0, INTERVAL, 0.25)).hasMessageContaining("initialRateBytesPerSec");
        assertThatThrownBy(() -> new DemandEstimator(Double.POSITIVE_INFINITY, INTERVAL, 0.25))
                .hasMessageContaining("initialRateBytesPerSec");
        assertThatThrownBy(() -> new DemandEstimator(INITIAL, 0, 0.25)).hasMessageContaining("intervalNs");
        assertThatThrownBy(() -> new DemandEstimator(INITIAL, INTERVAL, 0.5)).hasMessageContaining("historyWeight");
        assertThatThrownBy(() -> new DemandEstimator(INITIAL, INTERVAL, -0.1)).hasMessageContaining("historyWeight");
        assertThatThrownBy(() -> new DemandEstimator(INITIAL, INTERVAL, Double.NaN))
                .hasMessageContaining("historyWeight");
        DemandEstimator d = new DemandEstimator(INITIAL, INTERVAL, 0.25);
        assertThatThrownBy(() -> d.onEnqueued(-1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bytes");
        assertThatThrownBy(() -> d.onDequeued(-1, 0)).hasMessageContaining("bytes");
        assertThatThrownBy(() -> d.onGrant(Double.NaN)).hasMessageContaining("grantedBytesPerSec");
        assertThatThrownBy(() -> d.onGrant(-1)).hasMessageContaining("grantedBytesPerSec");
    }
}
