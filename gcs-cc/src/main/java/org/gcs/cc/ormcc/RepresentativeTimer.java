package org.gcs.cc.ormcc;

/**
 * The CR checking timer and the statistics of the CR response time T^cr (thesis §3.1.3, Fig. 3.2, App. B.1): when
 * the rate reaches "bottleneck fully loaded" at t, the timer starts with length E(T^cr) + k·T_σ^cr (k = 8,
 * footnote 11); the first CI from the CR after t gives a sample Δ = now − t of T^cr; if none comes before the timer
 * expires, the CR is deemed absent.
 *
 * <p>Before any sample, E(T^cr) = max(1 s, 2·RTT_max) and T_σ^cr = E(T^cr)/2 (O9; the thesis gives no initial
 * values), so the first timer runs 5·max(1 s, 2·RTT_max) by default. Our choice: the first sample continues the
 * EWMA from that prior (taken with the RTT_max of the moment) rather than replacing it, so one early, short
 * response does not make the next timer hair-trigger.
 *
 * <p>Our choice: a timer started when "fully loaded" was not yet a measurement (the caller says so, see
 * {@link OrmccSource}) runs and expires as any other, but the CR's answer to it is not a sample of T^cr. Such a
 * timer starts before the bottleneck is full, so the answer also holds the climb to full load (3.6–5.1 s in the lab's
 * star, where answers to a measured mark take 0.2–1.2 s); mixing both kinds made T_σ^cr about 1.3 s and the timer
 * E(T^cr) + 8·T_σ^cr about 12.5 s (docs/congestion-control.md §4.3, row 8c).
 */
final class RepresentativeTimer {
    /** The smallest prior E(T^cr) (O9). */
    static final long MIN_PRIOR_RESPONSE_NS = 1_000_000_000L;

    private final MeanDeviation response;
    private final double timeoutDeviations;
    private boolean running;
    private boolean sampling;
    private long startNs;
    private long expiryNs;

    /**
     * @param responseGain the EWMA gain of E(T^cr), T_σ^cr
     * @param timeoutDeviations k in E(T^cr) + k·T_σ^cr
     */
    RepresentativeTimer(double responseGain, double timeoutDeviations) {
        this.response = new MeanDeviation(responseGain);
        this.timeoutDeviations = timeoutDeviations;
    }

    /**
     * @param rttMaxNs RTT_max now
     * @return E(T^cr) in nanoseconds: the average of the samples, or the prior max(1 s, 2·RTT_max) before any (O9)
     */
    double meanResponseNs(double rttMaxNs) {
        return response.isEmpty() ? prior(rttMaxNs) : response.mean();
    }

    /**
     * @param rttMaxNs RTT_max now
     * @return T_σ^cr in nanoseconds: the deviation of the samples, or half the prior before any (O9)
     */
    double devResponseNs(double rttMaxNs) {
        return response.isEmpty() ? prior(rttMaxNs) / 2 : response.deviation();
    }

    /**
     * Starts the timer (App. B.1: "Start CR checking timer with time length E(T^cr) + 8T_σ^cr; t ← now").
     *
     * @param nowNs t
     * @param rttMaxNs RTT_max now (for the prior)
     * @param atMeasuredFullLoad whether "fully loaded" was a measurement (the CR's answer is then a sample of T^cr)
     */
    void start(long nowNs, double rttMaxNs, boolean atMeasuredFullLoad) {
        sampling = atMeasuredFullLoad;
        double lengthNs = meanResponseNs(rttMaxNs) + timeoutDeviations * devResponseNs(rttMaxNs);
        running = true;
        startNs = nowNs;
        expiryNs = nowNs + (long) Math.min(Long.MAX_VALUE / 4, Math.ceil(lengthNs));
    }

    /**
     * A CI from the CR arrived: if the timer runs and was started at a measured full load, Δ = now − t is a sample
     * of T^cr (App. B.1). It does not stop the timer; the caller does ({@link #stop}).
     *
     * @param nowNs the arrival time
     * @param rttMaxNs RTT_max now (for the prior)
     */
    void onRepresentativeIndication(long nowNs, double rttMaxNs) {
        if (!running || !sampling) {
            return;
        }
        if (response.isEmpty()) {
            double prior = prior(rttMaxNs);
            response.seed(prior, prior / 2);
        }
        response.update(nowNs - startNs);
    }

    /** Stops the timer (App. B.1: a CR CI, or a rate cut). */
    void stop() {
        running = false;
    }

    /**
     * @param nowNs the current time
     * @return true if the timer ran and has expired by now (it is then stopped)
     */
    boolean expire(long nowNs) {
        if (running && nowNs >= expiryNs) {
            running = false;
            return true;
        }
        return false;
    }

    /** @return whether the timer runs */
    boolean running() {
        return running;
    }

    /** @return when a running timer expires */
    long expiryNs() {
        return expiryNs;
    }

    private static double prior(double rttMaxNs) {
        return Math.max(MIN_PRIOR_RESPONSE_NS, 2 * rttMaxNs);
    }
}
