package org.gcs.cc.ormcc;

import org.gcs.cc.api.ControlHeader;

/**
 * What the sending delegate puts on its flow's first transmissions (thesis App. B.1, "Send packet"; O4, O5): the
 * congestion representative (CR) and its TRAC statistics when they are valid, invalid statistics otherwise (which
 * lets every receiver send CIs, thesis §3.1.4), and the window T of the receivers' random CI delay.
 *
 * <p>The thesis carries only E(μ^cr) and μσ^cr, "real" or "invalid" (App. B.1). The CR's name is our addition from
 * O4: the CR must know it is the CR to send its CIs at once and unsuppressed (§3 intro: "only the CR and those
 * receivers with average TRAC lower …"). T is our addition from O5: the thesis never says how receivers learn
 * RTT_max (§3.1.4: T = 2·RTT_max).
 *
 * @param crSite the CR, or {@code ""} when there is no valid CR; at most 64 characters from
 *     {@code A-Z a-z 0-9 . _ -} to go on the wire
 * @param statsValid whether the statistics are real (App. B.1's cr_valid)
 * @param avgTracCrBytesPerSec E(μ^cr), the CR's average TRAC; meaningless when invalid (the source sends 0)
 * @param devTracCrBytesPerSec μσ^cr, the deviation of the CR's TRAC; meaningless when invalid (the source sends 0)
 * @param feedbackWindowNs T, the window of the non-CR receivers' random CI delay (T = 2·RTT_max by default)
 * @param rttCrNs RTT_cr, the source's RTT to the CR (our addition): the CR groups its losses into loss events of this
 *     length ({@link OrmccSettings#lossEvents()}); 0 when unknown
 * @param slowStart whether the source is in slow start (our addition, O10): the receivers then report a loss at
 *     once, without the random delay, so that slow start ends one RTT after the first loss instead of up to
 *     2·RTT_max later, by which time the doubling rate would have overshot many times over
 */
public record OrmccHeader(String crSite, boolean statsValid, double avgTracCrBytesPerSec, double devTracCrBytesPerSec,
                          long feedbackWindowNs, long rttCrNs, boolean slowStart) implements ControlHeader {
    /** Rejects a missing name, negative or NaN statistics and a negative window. */
    public OrmccHeader {
        if (crSite == null) {
            throw new IllegalArgumentException("crSite must not be null; use \"\" for none");
        }
        if (!(avgTracCrBytesPerSec >= 0) || !(devTracCrBytesPerSec >= 0)) {
            throw new IllegalArgumentException("the CR statistics must not be negative or NaN, got "
                    + avgTracCrBytesPerSec + " and " + devTracCrBytesPerSec);
        }
        if (feedbackWindowNs < 0 || rttCrNs < 0) {
            throw new IllegalArgumentException("feedbackWindowNs and rttCrNs must not be negative, got "
                    + feedbackWindowNs + " and " + rttCrNs);
        }
    }

    /**
     * A header outside slow start.
     *
     * @param crSite the CR, or {@code ""}
     * @param statsValid whether the statistics are real
     * @param avgTracCrBytesPerSec E(μ^cr)
     * @param devTracCrBytesPerSec μσ^cr
     * @param feedbackWindowNs T
     */
    public OrmccHeader(String crSite, boolean statsValid, double avgTracCrBytesPerSec, double devTracCrBytesPerSec,
                       long feedbackWindowNs) {
        this(crSite, statsValid, avgTracCrBytesPerSec, devTracCrBytesPerSec, feedbackWindowNs, 0, false);
    }

    /**
     * @param site a receiving site
     * @return true if this header names {@code site} as the CR
     */
    public boolean namesRepresentative(String site) {
        return !crSite.isEmpty() && crSite.equals(site);
    }

    /**
     * The receivers' suppression test (thesis §3.1.4, App. B.2, footnote 12): with valid statistics a non-CR
     * receiver sends a CI only if E(μ) &lt; E(μ^cr) − μσ^cr.
     *
     * @param avgTracBytesPerSec the receiver's average TRAC E(μ)
     * @return true if valid statistics suppress a CI of a receiver with that average
     */
    public boolean suppresses(double avgTracBytesPerSec) {
        return statsValid && !(avgTracBytesPerSec < avgTracCrBytesPerSec - devTracCrBytesPerSec);
    }
}
