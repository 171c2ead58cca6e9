package org.gcs.cc.ormcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TracMeterTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    @Test
    void shouldCountTheBytesOfTheLastWindowOverTheWindow() {
        TracMeter m = new TracMeter(S);
        for (long t = 0; t <= 3_000; t += 10) { // 1000 B every 10 ms: 100 kB/s
            m.add(1000, t * MS);
        }
        // (2 s, 3 s] holds the arrivals at 2010 .. 3000 ms: 100 packets
        assertThat(m.rateBytesPerSec(3_000 * MS)).isEqualTo(100_000);
        // (2.005 s, 3.005 s]: the same 100 packets
        assertThat(m.rateBytesPerSec(3_005 * MS)).isEqualTo(100_000);
        // (2.01 s, 3.01 s]: the packet at 2010 ms has left
        assertThat(m.rateBytesPerSec(3_010 * MS)).isEqualTo(99_000);
        assertThat(m.rateBytesPerSec(5_000 * MS)).isZero();
        assertThat(m.entries()).isZero();
    }

    @Test
    void shouldDivideAYoungFlowByItsAgeButAtLeast100Ms() {
        TracMeter m = new TracMeter(S);
        assertThat(m.rateBytesPerSec(0)).isZero();
        m.add(1000, 10 * MS);
        assertThat(m.rateBytesPerSec(10 * MS)).isEqualTo(10_000); // 1000 B / 100 ms
        m.add(1000, 60 * MS);
        assertThat(m.rateBytesPerSec(60 * MS)).isEqualTo(20_000); // 2000 B / 100 ms (50 ms elapsed)
        m.add(1000, 410 * MS);
        assertThat(m.rateBytesPerSec(410 * MS)).isCloseTo(7_500, within(1e-9)); // 3000 B / 400 ms
        assertThat(m.rateBytesPerSec(1_010 * MS)).isEqualTo(2_000); // a full window: (10, 1010] holds two
    }

    @Test
    void shouldMergeArrivalsAtTheSameTimeAndGrowPastItsInitialCapacity() {
        TracMeter m = new TracMeter(S);
        for (int i = 0; i < 10; i++) {
            m.add(100, 5 * MS);
        }
        assertThat(m.entries()).isEqualTo(1);
        for (long t = 6; t < 1_000; t++) {
            m.add(100, t * MS);
        }
        assertThat(m.entries()).isEqualTo(995);
        assertThat(m.rateBytesPerSec(999 * MS)).isCloseTo((1000 + 994 * 100) / 0.994, within(1e-6));
        assertThat(m.rateBytesPerSec(1_005 * MS)).isCloseTo(994 * 100, within(1e-9)); // (5, 1005]
    }
}
