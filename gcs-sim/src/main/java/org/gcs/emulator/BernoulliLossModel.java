package org.gcs.emulator;

import java.util.random.RandomGenerator;

/** Independent loss: every packet is lost with the same probability, whatever happened before. */
final class BernoulliLossModel implements LossModel {

    private final double lossRate;

    BernoulliLossModel(double lossRate) {
        this.lossRate = lossRate;
    }

    @Override
    public boolean shouldDrop(RandomGenerator random) {
        return lossRate > 0.0 && random.nextDouble() < lossRate;
    }
}
