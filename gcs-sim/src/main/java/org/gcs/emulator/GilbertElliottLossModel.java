package org.gcs.emulator;

import java.util.random.RandomGenerator;

/**
 * Bursty loss: a two-state Markov chain (Good, Bad) that moves once per packet; a packet is lost exactly
 * when the chain is in the Bad state. The first packet draws its state from the stationary distribution,
 * so the long-run loss rate holds from the first packet on.
 */
final class GilbertElliottLossModel implements LossModel {

    private final double lossRate;
    private final double goodToBad;
    private final double badToGood;
    private boolean started;
    private boolean bad;

    GilbertElliottLossModel(double lossRate, double goodToBad, double badToGood) {
        this.lossRate = lossRate;
        this.goodToBad = goodToBad;
        this.badToGood = badToGood;
    }

    @Override
    public boolean shouldDrop(RandomGenerator random) {
        if (!started) {
            started = true;
            bad = random.nextDouble() < lossRate;
        } else if (bad) {
            bad = random.nextDouble() >= badToGood;
        } else {
            bad = random.nextDouble() < goodToBad;
        }
        return bad;
    }
}
