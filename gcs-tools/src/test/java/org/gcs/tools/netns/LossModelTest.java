package org.gcs.tools.netns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link LossModel#lossEpisodesPerPacket()} by hand for the bursty profile, and against a simulated chain that moves
 * as the delay line's does (the state changes before each packet, then the packet is lost with the state's
 * probability), counting a visit to the bad state that loses something, and every loss in the good state, as one
 * episode.
 */
class LossModelTest {
    private static final int STEPS = 4_000_000;

    @Test
    void theBurstyProfileStartsAnEpisodeEvery250PacketsOfADestination() {
        LossModel ge = LossModel.GILBERT_ELLIOTT_1_PERCENT;
        // q = 1 − 0.25·0.5 / (1 − 0.75·0.5) = 0.8; π_good = 0.98
        assertThat(ge.lossEpisodesPerPacket()).isCloseTo(0.98 * ge.pGoodToBad() * 0.8, within(1e-12));
        assertThat(1 / ge.lossEpisodesPerPacket()).isCloseTo(250, within(0.5));
    }

    @Test
    void gilbertElliottMatchesASimulatedChain() {
        for (LossModel model : new LossModel[] {LossModel.GILBERT_ELLIOTT_1_PERCENT,
                LossModel.gilbertElliott(0.01, 0.1, 0.3, 0.001), LossModel.gilbertElliott(0.05, 0.5, 1.0, 0.0)}) {
            double simulated = simulatedEpisodesPerPacket(model, 7);
            assertThat(model.lossEpisodesPerPacket()).as(model.toString())
                    .isCloseTo(simulated, within(0.03 * simulated));
        }
    }

    @Test
    void randomLossMakesEveryLossAnEpisodeAndNoLossNone() {
        assertThat(LossModel.random(0.005).lossEpisodesPerPacket()).isEqualTo(0.005);
        assertThat(LossModel.NONE.lossEpisodesPerPacket()).isZero();
    }

    @Test
    void aChainThatCannotLeaveAStateIsRandomLossInIt() {
        assertThat(LossModel.gilbertElliott(0, 0, 0.5, 0.01).lossEpisodesPerPacket()).isEqualTo(0.01);
        assertThat(LossModel.gilbertElliott(0.1, 0, 0.5, 0.01).lossEpisodesPerPacket()).isEqualTo(0.5);
    }

    private static double simulatedEpisodesPerPacket(LossModel model, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        boolean bad = false;
        boolean visitLost = false;
        long episodes = 0;
        for (int i = 0; i < STEPS; i++) {
            boolean wasBad = bad;
            bad = bad ? random.nextDouble() >= model.pBadToGood() : random.nextDouble() < model.pGoodToBad();
            if (wasBad && !bad && visitLost) {
                episodes++;
            }
            if (bad && !wasBad) {
                visitLost = false;
            }
            boolean lost = random.nextDouble() < (bad ? model.lossInBad() : model.lossInGood());
            if (lost && bad) {
                visitLost = true;
            } else if (lost) {
                episodes++;
            }
        }
        return (double) episodes / STEPS;
    }
}
