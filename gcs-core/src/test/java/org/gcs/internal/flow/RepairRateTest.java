package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** {@link RepairRate}: repairs' bytes decayed with the RTT as time constant, read as a rate over that RTT. */
class RepairRateTest {
    private static final long MS = 1_000_000L;
    private static final long RTT_NS = 200 * MS;

    @Test
    void shouldReadASteadyStreamOfRepairsAsItsRate() {
        RepairRate rate = new RepairRate(0);
        long nowNs = 0;
        for (int i = 0; i < 2_000; i++) { // 1000 bytes every ms for 2 s: 1 MB/s, ten time constants
            nowNs += MS;
            rate.add(1000, nowNs, RTT_NS);
        }
        assertThat(rate.bytesPerSec(nowNs, RTT_NS)).isCloseTo(1_000_000, within(10_000.0));
    }

    @Test
    void shouldForgetABurstBy1OverEEveryTimeConstant() {
        RepairRate rate = new RepairRate(0);
        rate.add(100_000, 0, RTT_NS);
        assertThat(rate.bytesPerSec(0, RTT_NS)).isCloseTo(500_000, within(1e-6)); // 100 kB over 0.2 s
        assertThat(rate.bytesPerSec(RTT_NS, RTT_NS)).isCloseTo(500_000 / Math.E, within(1e-6));
        assertThat(rate.bytesPerSec(10 * RTT_NS, RTT_NS)).isLessThan(30);
    }

    @Test
    void shouldUseTheLeastTimeConstantForAReceiverWithoutAnRtt() {
        RepairRate rate = new RepairRate(0);
        rate.add(10_000, 0, 0);
        assertThat(rate.bytesPerSec(0, 0)).isCloseTo(10_000 * 1e9 / RepairRate.MIN_TIME_CONSTANT_NS, within(1e-6));
    }

    @Test
    void shouldNotGrowWhenTimeGoesBack() {
        RepairRate rate = new RepairRate(0);
        rate.add(10_000, 50 * MS, RTT_NS);
        double at50 = rate.bytesPerSec(50 * MS, RTT_NS);
        assertThat(rate.bytesPerSec(40 * MS, RTT_NS)).isEqualTo(at50);
    }
}
