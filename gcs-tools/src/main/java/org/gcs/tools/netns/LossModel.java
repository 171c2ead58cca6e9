package org.gcs.tools.netns;

import java.util.Locale;

/**
 * How a {@link DelayLine} drops packets, decided per packet on arrival with a seeded random generator: none, random
 * (Bernoulli) with a fixed probability, or Gilbert-Elliott (a good and a bad state; before each packet the state
 * changes with {@code pGoodToBad} or {@code pBadToGood}, then the packet is lost with the state's loss probability).
 * The delay line keeps one Gilbert-Elliott chain per destination address, as a {@code netem} qdisc on the router's
 * link towards each site would: a chain moves only with the packets it sees, so a burst on the path to one site
 * touches no packet to another (until 2026-12-01 one chain ran over the router's whole stream, both directions and
 * every site).
 *
 * @param kind none, random or gilbert-elliott
 * @param lossProbability random: the probability of losing a packet (0 otherwise)
 * @param pGoodToBad Gilbert-Elliott: the probability of going from good to bad before a packet
 * @param pBadToGood Gilbert-Elliott: the probability of going from bad to good before a packet
 * @param lossInBad Gilbert-Elliott: the loss probability in the bad state
 * @param lossInGood Gilbert-Elliott: the loss probability in the good state
 */
public record LossModel(Kind kind, double lossProbability, double pGoodToBad, double pBadToGood, double lossInBad,
                        double lossInGood) {
    /**
     * The bursty profile of the WAN scenarios: mean loss 1 % in bursts. The bad state lasts 4 packets (of one
     * destination) on average ({@code pBadToGood} 0.25) and loses half of them; the good state loses none; the chain
     * is in the bad state 2 % of the time ({@code pGoodToBad} = 0.02 × 0.25 / 0.98 ≈ 0.0051), so the mean loss is 2 % × 50 % = 1 %.
     */
    public static final LossModel GILBERT_ELLIOTT_1_PERCENT = gilbertElliott(0.02 * 0.25 / 0.98, 0.25, 0.5, 0.0);
    /** No loss. */
    public static final LossModel NONE = new LossModel(Kind.NONE, 0, 0, 0, 0, 0);

    /** The kinds of loss model. */
    public enum Kind {
        /** Nothing lost. */
        NONE,
        /** Each packet lost with one probability, independently. */
        RANDOM,
        /** Two-state Markov chain, losses in bursts. */
        GILBERT_ELLIOTT
    }

    /** Checks the probabilities. */
    public LossModel {
        for (double p : new double[] {lossProbability, pGoodToBad, pBadToGood, lossInBad, lossInGood}) {
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException("loss probabilities must be in 0..1, got " + p);
            }
        }
    }

    /**
     * @param probability the probability of losing each packet, 0..1
     * @return random loss (none for 0)
     */
    public static LossModel random(double probability) {
        return probability == 0 ? NONE : new LossModel(Kind.RANDOM, probability, 0, 0, 0, 0);
    }

    /**
     * @param pGoodToBad the probability of going from good to bad before a packet
     * @param pBadToGood the probability of going from bad to good before a packet
     * @param lossInBad the loss probability in the bad state
     * @param lossInGood the loss probability in the good state
     * @return a Gilbert-Elliott model
     */
    public static LossModel gilbertElliott(double pGoodToBad, double pBadToGood, double lossInBad,
                                           double lossInGood) {
        return new LossModel(Kind.GILBERT_ELLIOTT, 0, pGoodToBad, pBadToGood, lossInBad, lossInGood);
    }

    /** @return the long-run fraction of packets lost */
    public double meanLoss() {
        return switch (kind) {
            case NONE -> 0;
            case RANDOM -> lossProbability;
            case GILBERT_ELLIOTT -> {
                double bad = pGoodToBad / (pGoodToBad + pBadToGood);
                yield bad * lossInBad + (1 - bad) * lossInGood;
            }
        };
    }

    /**
     * The expected loss episodes per packet: how often the path starts to lose, which is what a loss-based congestion
     * control reacts to (RFC 5348 §5.2 and TCP's fast recovery count the losses of one round trip as one event).
     * Random loss: every lost packet is an episode of its own, so p. Gilbert-Elliott: the visits to the bad state
     * that lose at least one packet, and every loss in the good state:
     *
     * <pre>
     *   π_good = pBadToGood / (pGoodToBad + pBadToGood)                                 (time in the good state)
     *   q      = 1 − pBadToGood · (1 − lossInBad) / (1 − (1 − pBadToGood) · (1 − lossInBad))
     *            (a visit to the bad state lasts l ≥ 1 packets with probability pBadToGood · (1 − pBadToGood)^(l−1)
     *             and loses none of them with (1 − lossInBad)^l; q is 1 minus the sum of the products)
     *   rate   = π_good · (lossInGood + pGoodToBad · q)
     * </pre>
     *
     * For {@link #GILBERT_ELLIOTT_1_PERCENT}: q = 0.8 and the rate about 0.0040, an episode every 250 packets of one
     * destination, against 1 % of the packets lost.
     *
     * @return the expected loss episodes per packet, 0 without loss
     */
    public double lossEpisodesPerPacket() {
        return switch (kind) {
            case NONE -> 0;
            case RANDOM -> lossProbability;
            case GILBERT_ELLIOTT -> {
                if (pBadToGood == 0) {
                    yield pGoodToBad == 0 ? lossInGood : lossInBad; // the chain stays in one state: random loss
                }
                double good = pBadToGood / (pGoodToBad + pBadToGood);
                double visitLosesNone = pBadToGood * (1 - lossInBad) / (1 - (1 - pBadToGood) * (1 - lossInBad));
                yield good * (lossInGood + pGoodToBad * (1 - visitLosesNone));
            }
        };
    }

    /** @return the helper's argument: {@code none}, {@code random:P} or {@code ge:PGB:PBG:LB:LG} */
    String helperArgument() {
        return switch (kind) {
            case NONE -> "none";
            case RANDOM -> String.format(Locale.ROOT, "random:%.6f", lossProbability);
            case GILBERT_ELLIOTT -> String.format(Locale.ROOT, "ge:%.6f:%.6f:%.6f:%.6f", pGoodToBad, pBadToGood,
                    lossInBad, lossInGood);
        };
    }

    @Override
    public String toString() {
        return switch (kind) {
            case NONE -> "no loss";
            case RANDOM -> String.format(Locale.ROOT, "random loss %.2f %%", lossProbability * 100);
            case GILBERT_ELLIOTT -> String.format(Locale.ROOT, "Gilbert-Elliott loss (good->bad %.4f, bad->good"
                    + " %.2f, loss in bad %.0f %%, in good %.0f %%; mean %.2f %%)", pGoodToBad, pBadToGood,
                    lossInBad * 100, lossInGood * 100, meanLoss() * 100);
        };
    }
}
