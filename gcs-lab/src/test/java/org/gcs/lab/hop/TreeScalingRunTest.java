package org.gcs.lab.hop;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code transport-scaling}'s run on the smallest tree (8 sites, 10 s of sending, virtual time): both transports
 * deliver to every member, and on lossy edges the hop-by-hop tree, which repairs each loss on its edge, carries more
 * than end-to-end TFRC, whose rate follows the loss of the worst path.
 */
class TreeScalingRunTest {

    @Test
    void hopByHopCarriesMoreThanEndToEndOnALossyTree() {
        TreeScalingRun.Outcome endToEnd = new TreeScalingRun(8, "end-to-end", 10_000_000_000L, 1).run();
        TreeScalingRun.Outcome hopByHop = new TreeScalingRun(8, "hop-by-hop", 10_000_000_000L, 1).run();

        assertThat(endToEnd.problem()).isNull();
        assertThat(hopByHop.problem()).isNull();
        assertThat(endToEnd.throughputBytesPerSec()).as("the slowest member gets data end to end").isPositive();
        assertThat(hopByHop.throughputBytesPerSec()).isGreaterThan(endToEnd.throughputBytesPerSec());
        assertThat(hopByHop.throughputBytesPerSec()).as("below the 4 Mb/s edges").isLessThan(500_000);
    }
}
