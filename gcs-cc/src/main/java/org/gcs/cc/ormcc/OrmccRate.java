package org.gcs.cc.ormcc;

/**
 * ORMCC's rate λ, in bytes on the wire per second: slow start, the multiplicative decrease {@code CutRate()} and
 * the additive increase of thesis App. B.1 (§3.1.5), driven by the protocol tick (O11). The choice of the CR and
 * the timer are the caller's ({@link OrmccSource}).
 *
 * <ul>
 *   <li><b>Unlimited</b> while the flow has no receivers.</li>
 *   <li><b>Slow start</b> (O10; the thesis has none): from the initial rate, doubling at most once per RTT (the
 *       caller's), until the first accepted CI. Never re-entered, unless the flow becomes unlimited again.</li>
 *   <li><b>CutRate(μ)</b> (App. B.1): if λ was not cut within the most recent RTT_cr, λ ← max(floor,
 *       min(λ, β·μ)). The last-cut time is global to the flow, across CR switches (O17). Our reading of "cut":
 *       only a call that lowers λ is a cut (it starts the RTT_cr in which no cut and no increase may follow); a
 *       call that leaves λ as it is (β·μ ≥ λ, or λ at the floor) is not, so it neither blocks the increase nor
 *       the next cut (App. B.1's increase rule reads "no rate <i>reduction</i> within the recent RTT_cr").</li>
 *   <li><b>Additive increase</b> (App. B.1 "Event every RTT_cr"; §3.1.5; O11): at a tick, if
 *       {@code now − lastIncrease ≥ RTT} and {@code now − lastCut ≥ RTT_cr}: λ ← λ + s/RTT, where RTT is the one
 *       {@link IncreaseRtt} names (the caller's: the CR's acknowledgement RTT, or RTT_cr as in the thesis). Our
 *       choice: λ does not grow above max(initial rate, 2 × the rate the flow actually sent over the last TRAC
 *       window), so an application-limited flow does not build up a rate it never used (cf. RFC 5348 §4.3); a greedy
 *       flow sends at about λ and is never held by it. The cap only stops growth; it never lowers λ.</li>
 * </ul>
 *
 * s is the mean wire size of the first transmissions: the thesis's packets all have one size (1000 B, §3.3), GCS's
 * do not, so (our choice, as {@code TfrcMonitor}'s segment size) s is an EWMA with gain 1/16 that the first
 * transmission starts, and 1000 bytes before any.
 */
final class OrmccRate {
    /** The packet size s before the first transmission (thesis §3.3: 1000 B). */
    static final double DEFAULT_PACKET_BYTES = 1000;
    /** The gain of the EWMA of s. */
    static final double PACKET_GAIN = 1.0 / 16;

    /** What a {@link #cut} did. */
    enum Cut {
        /** λ was cut within the most recent RTT_cr: nothing happened (the CR checking timer keeps running). */
        SKIPPED,
        /** β·μ was not below λ (or λ is at the floor): λ is unchanged, but the CR checking timer stops. */
        NOT_LOWER,
        /** λ was lowered. */
        CUT
    }

    private enum Mode { UNLIMITED, SLOW_START, CONGESTION_AVOIDANCE }

    private final double initialRateBytesPerSec;
    private final double minRateBytesPerSec;
    private final double beta;
    private final TracMeter sent;
    private Mode mode = Mode.UNLIMITED;
    private double rateBytesPerSec = Double.POSITIVE_INFINITY;
    private double meanPacketBytes = DEFAULT_PACKET_BYTES;
    private boolean sentAny;
    private long lastDoublingNs;
    private long lastIncreaseNs;
    private boolean cutEver;
    private long lastCutNs;

    /**
     * @param initialRateBytesPerSec where slow start begins
     * @param minRateBytesPerSec the floor
     * @param beta the cut factor β
     * @param sentWindowNs the window over which the sent rate is measured (the TRAC window)
     */
    OrmccRate(double initialRateBytesPerSec, double minRateBytesPerSec, double beta, long sentWindowNs) {
        this.initialRateBytesPerSec = initialRateBytesPerSec;
        this.minRateBytesPerSec = minRateBytesPerSec;
        this.beta = beta;
        this.sent = new TracMeter(sentWindowNs);
    }

    /**
     * The first receiver joined: slow start from the initial rate (O10).
     *
     * @param nowNs the current time
     */
    void startSlowStart(long nowNs) {
        mode = Mode.SLOW_START;
        rateBytesPerSec = initialRateBytesPerSec;
        lastDoublingNs = nowNs;
        cutEver = false;
    }

    /** The last receiver left: unlimited, and the next receiver starts over with slow start. */
    void becomeUnlimited() {
        mode = Mode.UNLIMITED;
        rateBytesPerSec = Double.POSITIVE_INFINITY;
        cutEver = false;
    }

    /**
     * The flow sent a packet for the first time: s ← s + (size − s)/16, and the sent-rate meter counts it.
     *
     * @param wireBytes its size on the wire
     * @param nowNs the current time
     */
    void onFirstTransmission(int wireBytes, long nowNs) {
        int size = Math.max(0, wireBytes);
        meanPacketBytes = sentAny ? meanPacketBytes + (size - meanPacketBytes) * PACKET_GAIN : size;
        sentAny = true;
        sent.add(size, nowNs);
    }

    /**
     * Slow start: doubles λ if a whole RTT passed since the last doubling (once, however late the tick).
     *
     * @param nowNs the current time
     * @param rttNs the RTT that paces the doubling
     */
    void onTickSlowStart(long nowNs, long rttNs) {
        if (mode == Mode.SLOW_START && nowNs - lastDoublingNs >= rttNs) {
            rateBytesPerSec = 2 * rateBytesPerSec;
            lastDoublingNs = nowNs;
        }
    }

    /**
     * The first accepted CI ends slow start, whether or not it cuts; the additive increase counts its RTT_cr from
     * now.
     *
     * @param nowNs the current time
     */
    void endSlowStart(long nowNs) {
        if (mode == Mode.SLOW_START) {
            mode = Mode.CONGESTION_AVOIDANCE;
            lastIncreaseNs = nowNs;
        }
    }

    /**
     * {@code CutRate()} of App. B.1 with the TRAC μ of an accepted CI: λ ← max(floor, min(λ, β·μ)), at most once per
     * RTT_cr (O17: across CR switches).
     *
     * @param tracBytesPerSec μ
     * @param rttCrNs RTT_cr after the CI's update
     * @param nowNs the current time
     * @return what happened
     */
    Cut cut(double tracBytesPerSec, double rttCrNs, long nowNs) {
        if (mode == Mode.UNLIMITED || (cutEver && nowNs - lastCutNs < rttCrNs)) {
            return Cut.SKIPPED;
        }
        double target = Math.max(minRateBytesPerSec, Math.min(rateBytesPerSec, beta * tracBytesPerSec));
        if (!(target < rateBytesPerSec)) {
            return Cut.NOT_LOWER;
        }
        rateBytesPerSec = target;
        cutEver = true;
        lastCutNs = nowNs;
        return Cut.CUT;
    }

    /**
     * The additive increase of App. B.1, tick-driven (O11): if a whole increase RTT passed since the last increase
     * and a whole RTT_cr since the last cut, λ ← λ + s/RTT, held below max(initial rate, 2 × the sent rate) (see the
     * class comment).
     *
     * @param nowNs the current time
     * @param increaseRttNs the RTT that paces the increase ({@link IncreaseRtt}); positive
     * @param rttCrNs RTT_cr, which a cut holds the increase for; positive
     * @return true if the increase event happened (then the caller checks whether the bottleneck is fully loaded)
     */
    boolean increase(long nowNs, double increaseRttNs, double rttCrNs) {
        if (mode != Mode.CONGESTION_AVOIDANCE || nowNs - lastIncreaseNs < increaseRttNs
                || (cutEver && nowNs - lastCutNs < rttCrNs)) {
            return false;
        }
        double increased = rateBytesPerSec + meanPacketBytes * 1e9 / increaseRttNs;
        double cap = Math.max(initialRateBytesPerSec, 2 * sent.rateBytesPerSec(nowNs));
        rateBytesPerSec = Math.max(rateBytesPerSec, Math.min(increased, cap));
        lastIncreaseNs = nowNs;
        return true;
    }

    /** @return λ, bytes on the wire per second; +∞ while unlimited */
    double rateBytesPerSec() {
        return rateBytesPerSec;
    }

    /** @return true in slow start */
    boolean slowStart() {
        return mode == Mode.SLOW_START;
    }

    /** @return true while the flow has no receivers */
    boolean unlimited() {
        return mode == Mode.UNLIMITED;
    }

    /** @return s, the mean wire size of the first transmissions */
    double meanPacketBytes() {
        return meanPacketBytes;
    }

    /**
     * @param nowNs the current time
     * @return the rate the flow sent over the last TRAC window
     */
    double sentRateBytesPerSec(long nowNs) {
        return sent.rateBytesPerSec(nowNs);
    }
}
