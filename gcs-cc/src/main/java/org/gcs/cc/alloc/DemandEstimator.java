package org.gcs.cc.alloc;

/**
 * A local sender's rate demand for one group, as it asks its sending delegate for a share of the aggregate rate
 * (seed 004 §4.3.1). Sans-IO: the sender reports bytes entering and leaving its sending window and asks for the
 * request with {@code nowNs}.
 *
 * <h2>Measuring</h2>
 * Time is cut into intervals of at least {@code intervalNs}, the first starting at the first call. An interval
 * closes at the first call after {@code intervalNs} that finds bytes put into the window during it; its <em>fill
 * rate</em> (those bytes divided by the interval's actual length) is a sample, smoothed with an exponentially
 * weighted moving average
 *
 * <pre>
 *   estimate ← w·estimate + (1 − w)·sample        (w = historyWeight &lt; 0.5)
 * </pre>
 *
 * so recent samples weigh more than the history (seed 004 §4.3.1: "the weight of the history must be lower than
 * that of more recent values"). The first sample is taken as is (no history). An interval in which nothing was put
 * into the window stays open, up to {@value #MAX_INTERVALS} × {@code intervalNs}: a steady sender whose messages
 * are further apart than {@code intervalNs} (one message every 0.7 s, say) then yields one sample per message
 * gap, each equal to its true rate, instead of a zero sample after every empty interval and a spike after every
 * full one, which made its request swing around its demand and cost it up to a third of its max-min share. After
 * {@value #MAX_INTERVALS} × {@code intervalNs} without a byte the interval closes as a zero sample, and every
 * further such stretch adds one ({@code estimate·w^m}), so an idle sender's demand decays. The drain rate (bytes
 * leaving the window) is smoothed with the same samples and kept for metrics; it does not drive the request,
 * because it is bounded by the granted rate and so cannot show a demand above the grant.
 *
 * <h2>Requesting</h2>
 * <ul>
 *   <li>Before the first interval closes, the request is the initial rate (seed 004 §4.3.1: a new sender "is
 *       always permitted to start sending at some predefined initial rate").
 *   <li>While the window is not full the application is not blocked, so the fill rate is its demand: the request
 *       is the estimate.
 *   <li>While the window is full the application is blocked and the fill rate only shows what the grant let
 *       through. If the last request was granted ({@code grant >= request}) the request doubles, at most once
 *       per {@code intervalNs}, repeating until the window opens (seed 004 §4.3.1). If it was not granted,
 *       asking for more is pointless under max-min fairness and the request stays. It is never below the
 *       estimate.
 * </ul>
 * The samples taken while the window is full still feed the estimate; since they track the granted rate, the
 * estimate approaches the rate at which the window opened, and the request falls back to it once the window is
 * no longer full.
 *
 * <p>Not thread-safe; one instance per (local sender, group).
 */
public final class DemandEstimator {
    private static final double NANOS_PER_SECOND = 1e9;
    /** Requests and grants cross the LAN as whole bytes per second. */
    private static final double WIRE_ROUNDING_BYTES_PER_SEC = 1.0;
    /** Longest interval, in units of {@code intervalNs}, before a stretch without new bytes counts as idle. */
    public static final int MAX_INTERVALS = 10;

    private final double initialRateBytesPerSec;
    private final long intervalNs;
    private final double historyWeight;

    private boolean started;
    private long intervalStartNs;
    private long fillBytes;
    private long drainBytes;
    private long backlogBytes;
    private boolean hasEstimate;
    private double fillEstimate;
    private double drainEstimate;
    private boolean hasRequest;
    private double lastRequest;
    private double lastGrant = Double.NaN;
    private boolean doubled;
    private long lastDoublingNs;

    /**
     * @param initialRateBytesPerSec the rate a new sender requests; finite and positive
     * @param intervalNs the measurement interval; positive
     * @param historyWeight w, the weight of the old estimate in the moving average; in [0, 0.5) so recent samples
     *     weigh more
     */
    public DemandEstimator(double initialRateBytesPerSec, long intervalNs, double historyWeight) {
        if (!Double.isFinite(initialRateBytesPerSec) || initialRateBytesPerSec <= 0) {
            throw new IllegalArgumentException(
                    "initialRateBytesPerSec must be finite and positive, got " + initialRateBytesPerSec);
        }
        if (intervalNs <= 0) {
            throw new IllegalArgumentException("intervalNs must be positive, got " + intervalNs);
        }
        if (!(historyWeight >= 0 && historyWeight < 0.5)) {
            throw new IllegalArgumentException("historyWeight must be in [0, 0.5), got " + historyWeight);
        }
        this.initialRateBytesPerSec = initialRateBytesPerSec;
        this.intervalNs = intervalNs;
        this.historyWeight = historyWeight;
    }

    /**
     * The application put bytes into the sending window (fill).
     *
     * @param bytes not negative
     * @param nowNs the current time
     */
    public void onEnqueued(int bytes, long nowNs) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative, got " + bytes);
        }
        advance(nowNs);
        fillBytes += bytes;
        backlogBytes += bytes;
    }

    /**
     * Bytes left the sending window (drain). The backlog does not go below zero.
     *
     * @param bytes not negative
     * @param nowNs the current time
     */
    public void onDequeued(int bytes, long nowNs) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative, got " + bytes);
        }
        advance(nowNs);
        drainBytes += bytes;
        backlogBytes = Math.max(0, backlogBytes - bytes);
    }

    /**
     * The sending delegate granted a rate (the max-min allocation answering the last request).
     *
     * @param grantedBytesPerSec not negative or NaN; may be +∞
     */
    public void onGrant(double grantedBytesPerSec) {
        if (!(grantedBytesPerSec >= 0)) {
            throw new IllegalArgumentException(
                    "grantedBytesPerSec must not be negative or NaN, got " + grantedBytesPerSec);
        }
        lastGrant = grantedBytesPerSec;
    }

    /**
     * Closes the finished intervals and returns the rate to request from the sending delegate (see the class
     * documentation for the rules).
     *
     * @param nowNs the current time
     * @param windowFull true if the sending window is full (the application is blocked)
     * @return the requested rate in bytes/s
     */
    public double requestBytesPerSec(long nowNs, boolean windowFull) {
        advance(nowNs);
        double base = hasEstimate ? fillEstimate : initialRateBytesPerSec;
        double request = base;
        if (windowFull && hasRequest) {
            // false while no grant arrived (NaN); requests and grants travel as whole bytes per second, so a
            // grant that matches the request up to that rounding is a full grant
            boolean granted = lastGrant >= lastRequest - WIRE_ROUNDING_BYTES_PER_SEC;
            if (granted && (!doubled || nowNs - lastDoublingNs >= intervalNs)) {
                request = Math.max(base, 2 * lastRequest); // seed 004 §4.3.1: granted and still full: double
                doubled = true;
                lastDoublingNs = nowNs;
            } else {
                request = Math.max(base, lastRequest);
            }
        }
        hasRequest = true;
        lastRequest = request;
        return request;
    }

    /** @return the smoothed fill rate in bytes/s, or 0 before the first interval closed */
    public double fillRateBytesPerSec() {
        return hasEstimate ? fillEstimate : 0.0;
    }

    /** @return the smoothed drain rate in bytes/s, or 0 before the first interval closed */
    public double drainRateBytesPerSec() {
        return hasEstimate ? drainEstimate : 0.0;
    }

    /** @return bytes enqueued and not yet dequeued */
    public long backlogBytes() {
        return backlogBytes;
    }

    /** @return the last value {@link #requestBytesPerSec} returned, or NaN before the first request */
    public double lastRequestBytesPerSec() {
        return hasRequest ? lastRequest : Double.NaN;
    }

    /** @return the last grant, or NaN before the first */
    public double lastGrantBytesPerSec() {
        return lastGrant;
    }

    /** Closes every interval that ended by nowNs; the first call starts the first interval. */
    private void advance(long nowNs) {
        if (!started) {
            started = true;
            intervalStartNs = nowNs;
            return;
        }
        long elapsedNs = nowNs - intervalStartNs;
        if (elapsedNs < intervalNs) {
            return;
        }
        long maxIntervalNs = MAX_INTERVALS * intervalNs;
        if (fillBytes > 0) {
            double seconds = elapsedNs / NANOS_PER_SECOND;
            smooth(fillBytes / seconds, drainBytes / seconds);
            intervalStartNs = nowNs;
        } else if (elapsedNs >= maxIntervalNs) {
            long idle = elapsedNs / maxIntervalNs; // whole idle stretches: zero fill samples
            smooth(0, drainBytes / (maxIntervalNs / NANOS_PER_SECOND));
            if (idle > 1) {
                double decay = Math.pow(historyWeight, idle - 1); // estimate·w^m
                fillEstimate *= decay;
                drainEstimate *= decay;
            }
            intervalStartNs += idle * maxIntervalNs;
        } else {
            return; // a sparse sender between two messages: wait for the next one
        }
        fillBytes = 0;
        drainBytes = 0;
    }

    private void smooth(double fillSample, double drainSample) {
        if (!hasEstimate) {
            hasEstimate = true;
            fillEstimate = fillSample;
            drainEstimate = drainSample;
            return;
        }
        fillEstimate = historyWeight * fillEstimate + (1 - historyWeight) * fillSample;
        drainEstimate = historyWeight * drainEstimate + (1 - historyWeight) * drainSample;
    }
}
