package org.gcs.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LossProfileTest {

    @Test
    void shouldNeverDropWithNone() {
        LossModel model = LossProfile.none().newModel();
        SplittableRandom random = new SplittableRandom(1);

        for (int i = 0; i < 10_000; i++) {
            assertThat(model.shouldDrop(random)).isFalse();
        }
        assertThat(LossProfile.none().lossRate()).isZero();
        assertThat(LossProfile.none()).isEqualTo(new LossProfile.None());
    }

    @Test
    void shouldDeriveGilbertElliottTransitionProbabilities() {
        LossProfile.GilbertElliott profile = new LossProfile.GilbertElliott(0.2, 4);

        assertThat(profile.badToGoodProbability()).isEqualTo(0.25);
        assertThat(profile.goodToBadProbability()).isCloseTo(0.2 * 0.25 / 0.8, within(1e-15));
        double stationaryBad = profile.goodToBadProbability()
                / (profile.goodToBadProbability() + profile.badToGoodProbability());
        assertThat(stationaryBad).isCloseTo(0.2, within(1e-12));
    }

    @Test
    void shouldCreateIndependentModels() {
        LossProfile profile = LossProfile.bursty(0.3, 10);
        LossModel first = profile.newModel();
        LossModel second = profile.newModel();

        assertThat(first).isNotSameAs(second);
    }

    @Test
    void shouldRejectLossRatesOutsideZeroToOne() {
        for (double bad : new double[] {-0.1, 1.0, 1.5, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> LossProfile.bernoulli(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("lossRate").hasMessageContaining("[0, 1)");
            assertThatThrownBy(() -> LossProfile.bursty(bad, 2)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("lossRate").hasMessageContaining("[0, 1)");
        }
    }

    @Test
    void shouldRejectBurstLengthsBelowOneOrNotFinite() {
        for (double bad : new double[] {0.0, 0.99, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> LossProfile.bursty(0.01, bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("meanBurstLength").hasMessageContaining(">= 1");
        }
    }

    @Test
    void shouldRejectBurstsTooShortForTheLossRate() {
        // with 90 % loss, bursts must average at least 0.9 / 0.1 = 9 packets
        assertThatThrownBy(() -> LossProfile.bursty(0.9, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("meanBurstLength").hasMessageContaining("lossRate / (1 - lossRate)");
        assertThat(LossProfile.bursty(0.9, 9).lossRate()).isEqualTo(0.9);
    }
}
