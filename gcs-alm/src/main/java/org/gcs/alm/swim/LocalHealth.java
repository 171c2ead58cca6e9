package org.gcs.alm.swim;

/**
 * Lifeguard's Local Health Multiplier (Lifeguard §IV-A): a saturating counter S in [0, Smax] of the evidence that
 * this member itself is slow or badly connected (it misses Acks and Nacks that healthy peers would have sent, or
 * others suspect it). A member in poor health probes less often and waits longer for answers, so that it raises
 * fewer false suspicions about others.
 *
 * <p>Events (Lifeguard §IV-A): a successful probe lowers S by one; a failed probe, a probe that missed
 * expected Nacks, and a refuted suspicion about oneself raise it by one.
 */
final class LocalHealth {
    private final int maxScore;
    private int score;

    /** @param maxScore Smax; 0 keeps S at 0 (no scaling) */
    LocalHealth(int maxScore) {
        if (maxScore < 0) {
            throw new IllegalArgumentException("maxScore must not be negative, got " + maxScore);
        }
        this.maxScore = maxScore;
    }

    /** Raises S by one, up to Smax: a failed probe, missed Nacks, or a refutation. */
    void worse() {
        score = Math.min(maxScore, score + 1);
    }

    /** Lowers S by one, down to 0: a successful probe. */
    void better() {
        score = Math.max(0, score - 1);
    }

    /** @return S, in [0, Smax] */
    int score() {
        return score;
    }

    /**
     * Lifeguard §IV-A: the probe interval and the probe timeout are multiplied by (S + 1).
     *
     * @param baseNs a duration from the settings
     * @return {@code baseNs · (S + 1)}
     */
    long scale(long baseNs) {
        return baseNs * (score + 1L);
    }
}
