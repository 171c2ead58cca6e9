package org.gcs.sim.maxplus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Seed 001's (max,+) model against closed forms and against the re-run of spec Appendix A (whose 255-node table
 * {@code gcs lab overlay-scaling} reproduces; these runs are small enough for a unit test).
 */
class OneToManyTcpModelTest {
    private static double local(LossModel lossModel, int packets) {
        return OneToManyTcpModel.run(TreeModelParameters.paperTable(1, 1, 50, lossModel, packets, 7))
                .groupPacketsPerSec();
    }

    private static double group(LossModel lossModel, int outputBufferPackets, int packets) {
        return OneToManyTcpModel.run(TreeModelParameters.paperTable(4, 2, outputBufferPackets, lossModel, packets, 7))
                .groupPacketsPerSec();
    }

    /** One exponential router that is never starved: it serves at its rate, 1/mean = 100 packets/s. */
    @Test
    void shouldServeAtTheRouterRateWithOneRouterAndNoLoss() {
        TreeModelParameters p = new TreeModelParameters(1, 1, 1, 0.010, 0, 50, 50, 50, LossModel.SACK, 200_000, 3);
        assertThat(OneToManyTcpModel.run(p).groupPacketsPerSec()).isCloseTo(100, within(2.0));
    }

    /**
     * Without loss the window stays at W_max = 50 and a connection is a closed tandem of H = 10 identical
     * exponential stations with 50 customers: throughput μ·N/(N + K − 1) = 100 · 50/59 = 84.75 packets/s.
     */
    @Test
    void shouldMatchTheClosedTandemNetworkWithoutLoss() {
        TreeModelParameters p = new TreeModelParameters(1, 1, 10, 0.010, 0, 50, 50, 50, LossModel.SACK, 200_000, 3);
        TreeModelResult result = OneToManyTcpModel.run(p);
        assertThat(result.groupPacketsPerSec()).isCloseTo(100.0 * 50 / 59, within(1.7));
        assertThat(result.lossEvents()).isZero();
        assertThat(result.retransmissions()).isZero();
    }

    /** Appendix A's local throughputs: ECN (immediate halving) 57.24, SACK 51.12, RENO 47.10 packets/s. */
    @Test
    void shouldReproduceTheRerunsLocalThroughputs() {
        double ecn = local(LossModel.ECN_IMMEDIATE, 500_000);
        double sack = local(LossModel.SACK, 500_000); // 51.4-53.2 over seeds at 2·10⁵ packets, 51.6-52.2 at 10⁶
        double reno = local(LossModel.RENO, 500_000);
        assertThat(ecn).isCloseTo(57.24, within(57.24 * 0.03));
        assertThat(sack).isCloseTo(51.12, within(51.12 * 0.03));
        assertThat(reno).isCloseTo(47.10, within(47.10 * 0.03));
        assertThat(reno / sack).as("RENO / SACK, the paper's 'about 8 % less'").isBetween(0.89, 0.95);
    }

    /** The table's shape on a 31-node tree: each row grows with B_OUT, RENO never above SACK, a bounded loss. */
    @Test
    void shouldGrowWithTheOutputBufferAndKeepRenoBelowSack() {
        int packets = 60_000;
        double sackLocal = local(LossModel.SACK, packets);
        double renoLocal = local(LossModel.RENO, packets);
        double previousSack = 0;
        double previousReno = 0;
        for (int outputBuffer : new int[] {50, 100, 1000}) {
            double sack = group(LossModel.SACK, outputBuffer, packets);
            double reno = group(LossModel.RENO, outputBuffer, packets);
            assertThat(sack).as("SACK grows with B_OUT = %d", outputBuffer).isGreaterThan(previousSack);
            assertThat(reno).as("RENO grows with B_OUT = %d", outputBuffer).isGreaterThan(previousReno);
            assertThat(reno).as("RENO below SACK at B_OUT = %d", outputBuffer).isLessThan(sack);
            assertThat(sack / sackLocal).as("SACK ratio at B_OUT = %d", outputBuffer).isBetween(0.78, 1.0);
            assertThat(reno / renoLocal).as("RENO ratio at B_OUT = %d", outputBuffer).isBetween(0.78, 1.0);
            previousSack = sack;
            previousReno = reno;
        }
    }

    @Test
    void shouldRepeatExactlyForASeedAndDifferForAnother() {
        TreeModelParameters p = TreeModelParameters.paperTable(3, 2, 100, LossModel.RENO, 20_000, 11);
        TreeModelResult first = OneToManyTcpModel.run(p);
        assertThat(OneToManyTcpModel.run(p)).isEqualTo(first);
        TreeModelParameters other = TreeModelParameters.paperTable(3, 2, 100, LossModel.RENO, 20_000, 12);
        assertThat(OneToManyTcpModel.run(other).groupPacketsPerSec()).isNotEqualTo(first.groupPacketsPerSec());
        assertThat(first.lossEvents()).isPositive();
        assertThat(first.retransmissions()).isGreaterThanOrEqualTo(first.lossEvents());
    }

    @Test
    void shouldCountTheNodesOfTheCompleteTree() {
        assertThat(TreeModelParameters.paperTable(7, 2, 50, LossModel.SACK, 10, 1).nodes()).isEqualTo(255);
        assertThat(TreeModelParameters.paperTable(1, 1, 50, LossModel.SACK, 10, 1).nodes()).isEqualTo(2);
        assertThat(TreeModelParameters.paperTable(4, 1, 50, LossModel.SACK, 10, 1).nodes()).isEqualTo(5);
    }

    @Test
    void shouldRejectAWindowLargerThanEitherBuffer() {
        assertThatThrownBy(() -> new TreeModelParameters(2, 2, 10, 0.01, 0.01, 50, 40, 50, LossModel.SACK, 100, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxWindowPackets must be in [1, min(B_IN, B_OUT) = 40]");
        assertThatThrownBy(() -> new TreeModelParameters(0, 2, 10, 0.01, 0.01, 50, 50, 50, LossModel.SACK, 100, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("depth");
    }
}
