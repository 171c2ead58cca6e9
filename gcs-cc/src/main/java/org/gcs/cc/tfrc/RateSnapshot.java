package org.gcs.cc.tfrc;

import java.util.List;

/**
 * An immutable view of a {@link SenderRateController} for metrics and logs.
 *
 * @param allowedRateBytesPerSec the aggregate rate the sending delegate's LAN may use for the group;
 *     {@link Double#POSITIVE_INFINITY} with no remote receivers
 * @param limitingSite the receiving site whose report sets the rate, or null (slow start, no receivers, or no
 *     fresh finite report)
 * @param slowStart true while the rate doubles per RTT because no receiver has reported a finite rate
 * @param atNs the latest time the controller was told, at which the report ages below are taken
 * @param receivers one entry per remote receiving site, in site-name order
 */
public record RateSnapshot(
        double allowedRateBytesPerSec,
        String limitingSite,
        boolean slowStart,
        long atNs,
        List<Receiver> receivers) {

    /**
     * Makes the receiver list immutable.
     *
     * @param allowedRateBytesPerSec the aggregate rate, bytes/s
     * @param limitingSite the limiting site, or null
     * @param slowStart true during slow start
     * @param atNs the time of the snapshot
     * @param receivers the receiving sites; copied
     * @throws NullPointerException if {@code receivers} is null
     */
    public RateSnapshot {
        receivers = List.copyOf(receivers);
    }

    /**
     * What the sending delegate last heard from one receiving delegate.
     *
     * @param site the receiving site
     * @param reported false while the site has never reported; the rates are then NaN, the RTT 0 and the age -1
     * @param acceptableRateBytesPerSec the last acceptable rate (seed 004, Eq. 1 at the receiver); may be +∞
     * @param receiveRateBytesPerSec the last rate at which the receiver saw data arrive
     * @param rttNs the RTT the receiver last echoed, in nanoseconds
     * @param reportAgeNs {@code atNs} minus the time of the last report, or -1 if none
     * @param fresh true if the report is no older than the controller's report timeout
     */
    public record Receiver(
            String site,
            boolean reported,
            double acceptableRateBytesPerSec,
            double receiveRateBytesPerSec,
            long rttNs,
            long reportAgeNs,
            boolean fresh) {
    }
}
