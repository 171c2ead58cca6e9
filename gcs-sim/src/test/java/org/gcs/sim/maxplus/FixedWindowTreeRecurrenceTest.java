package org.gcs.sim.maxplus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FixedWindowTreeRecurrenceTest {

    private static double[][][] constant(int nodes, int routers, int packets, double sigma) {
        double[][][] service = new double[nodes][][];
        for (int v = 1; v < nodes; v++) {
            service[v] = new double[routers][packets];
            for (double[] router : service[v]) {
                Arrays.fill(router, sigma);
            }
        }
        return service;
    }

    @Test
    void shouldSendOnePacketPerRoundTripWithAWindowOfOne() {
        double[][] end = FixedWindowTreeRecurrence.copyOutTimes(new int[] {-1, 0}, 100, 100, 1,
                constant(2, 3, 10, 1.0), 10);
        for (int m = 0; m < 10; m++) {
            assertThat(end[1][m]).as("packet %d: 3 routers of 1 each, one at a time", m).isEqualTo(3.0 * (m + 1));
        }
    }

    @Test
    void shouldPipelineAtTheRoutersRateWhenTheWindowCoversThePath() {
        double[][] end = FixedWindowTreeRecurrence.copyOutTimes(new int[] {-1, 0}, 100, 100, 3,
                constant(2, 3, 10, 1.0), 10);
        for (int m = 0; m < 10; m++) {
            assertThat(end[1][m]).isEqualTo(m + 3.0);
        }
    }

    @Test
    void shouldHoldTheRootBackByTheSlowestDaughtersOutputBuffer() {
        double[][][] service = constant(3, 1, 20, 1.0);
        Arrays.fill(service[2][0], 4.0); // the second daughter's connection is four times slower
        double[][] end = FixedWindowTreeRecurrence.copyOutTimes(new int[] {-1, 0, 0}, 100, 2, 2, service, 20);
        assertThat(end[0][19] - end[0][18]).as("the root copies out at the slow daughter's pace").isEqualTo(4.0);
        assertThat(end[1][19] - end[1][18]).as("and so the fast daughter receives at it too").isEqualTo(4.0);
    }

    @Test
    void shouldRejectANodeBeforeItsMother() {
        assertThatThrownBy(() -> FixedWindowTreeRecurrence.copyOutTimes(new int[] {-1, 2, 0}, 5, 5, 1,
                constant(3, 1, 1, 1.0), 1)).hasMessageContaining("node 1");
    }
}
