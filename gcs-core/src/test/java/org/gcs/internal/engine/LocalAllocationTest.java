package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.gcs.internal.wire.LanMessage.Demand;
import org.junit.jupiter.api.Test;

/** {@link LocalAllocation#unusedBytesPerSec}: the rate the group's senders leave unused, which tail probes may use. */
class LocalAllocationTest {
    private static final long MS = 1_000_000L;

    @Test
    void applicationLimitedSendersLeaveTheRestOfTheAggregate() {
        LocalAllocation allocation = new LocalAllocation("g");
        assertThat(allocation.unusedBytesPerSec(50_000)).as("no sender yet").isEqualTo(50_000);
        allocation.onDemand(new Demand("m1", 1, "g", 20_000, false), 0);
        allocation.onDemand(new Demand("m2", 1, "g", 5_000, false), 0);
        assertThat(allocation.unusedBytesPerSec(50_000)).isEqualTo(25_000);
        allocation.onDemand(new Demand("m1", 1, "g", 10_000, false), 100 * MS);
        assertThat(allocation.unusedBytesPerSec(50_000)).as("the latest request counts").isEqualTo(35_000);
    }

    @Test
    void rateLimitedSendersLeaveNothing() {
        LocalAllocation allocation = new LocalAllocation("g");
        allocation.onDemand(new Demand("m1", 1, "g", 40_000, true), 0);
        allocation.onDemand(new Demand("m2", 1, "g", 30_000, true), 0);
        assertThat(allocation.unusedBytesPerSec(50_000)).isZero();
        allocation.onDemand(new Demand("m1", 1, "g", Long.MAX_VALUE, true), 0);
        assertThat(allocation.unusedBytesPerSec(50_000)).as("an unlimited request").isZero();
    }
}
