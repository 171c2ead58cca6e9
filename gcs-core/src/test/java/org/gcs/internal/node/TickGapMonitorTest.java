package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TickGapMonitorTest {
    private static final long MS = 1_000_000L;

    @Test
    void reportsOnlyGapsOfAtLeastTheThreshold() {
        TickGapMonitor monitor = new TickGapMonitor(2_000 * MS);
        assertThat(monitor.onTick(-5_000 * MS)).as("first tick").isEmpty();
        assertThat(monitor.onTick(-4_995 * MS)).isEmpty();
        assertThat(monitor.onTick(-3_000 * MS)).as("1995 ms").isEmpty();
        assertThat(monitor.onTick(-1_000 * MS)).as("exactly 2 s").hasValue(2_000 * MS);
        assertThat(monitor.onTick(6_500 * MS)).as("a 7.5 s SIGSTOP").hasValue(7_500 * MS);
        assertThat(monitor.onTick(6_505 * MS)).as("back to normal").isEmpty();
    }

    @Test
    void refusesANonPositiveThreshold() {
        assertThatThrownBy(() -> new TickGapMonitor(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("thresholdNs");
    }
}
