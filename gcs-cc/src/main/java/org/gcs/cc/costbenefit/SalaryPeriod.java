package org.gcs.cc.costbenefit;

/**
 * A sender's salary period T and its adaptation, seed 000 §IV-B.7 ("non-intrusive bandwidth estimation"), applied
 * at every salary as the paper says, or once per T_update by default ({@link AdaptationClock}; decision A7):
 * <ul>
 *   <li>the sender was not blocked during the last period: T stays;</li>
 *   <li>it was blocked and the dearest packet it bought cost at most H: Eq. 10,
 *       {@code T_new = T_old · T_update / (T_old + T_update)}, i.e. {@code 1/T_new = 1/T_old + 1/T_update} (the
 *       paper's "cwnd += 1");</li>
 *   <li>it was blocked and that packet cost more than H: Eq. 11, {@code T_new = 2 · T_old} ("cwnd /= 2").</li>
 * </ul>
 * The paper leaves {@code == H} open; it shrinks here (only "above the threshold" doubles; decision A5). T stays
 * within [min.period, max.period] (the paper has no bounds; decision A8). With {@code increase.once.per} set, Eq. 10
 * runs at most once per that interval (decision A7; off by default).
 */
final class SalaryPeriod {
    private final CostBenefitSettings settings;
    private long periodNs;
    private long lastIncreaseNs = Long.MIN_VALUE / 2;
    private long increases;
    private long decreases;

    SalaryPeriod(CostBenefitSettings settings) {
        this.settings = settings;
        this.periodNs = settings.initialPeriodNs();
    }

    /** @return T, nanoseconds */
    long periodNs() {
        return periodNs;
    }

    /**
     * Adapts T.
     *
     * @param blocked whether the sender could not afford a packet since the last adaptation
     * @param dearestDollars the dearest packet it bought since then (or, having bought none, the price of the
     *     packet it was blocked on)
     * @param nowNs the current time
     */
    void adapt(boolean blocked, double dearestDollars, long nowNs) {
        if (!blocked) {
            return;
        }
        if (dearestDollars > settings.thresholdDollars()) {
            periodNs = Math.min(settings.maxPeriodNs(), 2 * periodNs); // Eq. 11
            decreases++;
        } else if (settings.increaseOncePerNs() == 0 || nowNs - lastIncreaseNs >= settings.increaseOncePerNs()) {
            long updateNs = settings.updateIntervalNs();
            periodNs = Math.max(settings.minPeriodNs(), Math.round((double) periodNs * updateNs / (periodNs + updateNs)));
            lastIncreaseNs = nowNs; // Eq. 10
            increases++;
        }
    }

    /** @return how many times Eq. 10 shortened the period */
    long increases() {
        return increases;
    }

    /** @return how many times Eq. 11 doubled it */
    long decreases() {
        return decreases;
    }
}
