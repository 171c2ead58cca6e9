package org.gcs;

import java.util.List;
import java.util.Optional;

/**
 * The congestion state of one site's traffic to one group, as the site's delegate sees it (seed 004 §2): the
 * aggregate rate allowed by the slowest receiving site, that site, every receiving site's report, and the split
 * of the aggregate among the site's senders. Rates are bytes per second; {@code Double.POSITIVE_INFINITY} means
 * unlimited (no receiving site has seen a loss event, or there is none).
 *
 * @param site the sending site
 * @param group the group
 * @param allowedRateBytesPerSec the aggregate rate the site may send to the group
 * @param limitingSite the receiving site whose acceptable rate sets it, if any
 * @param slowStart true while no receiving site has reported a loss event
 * @param receivers each receiving site's latest report
 * @param senders each local sender's demand and grant
 */
public record FlowStatus(String site, String group, double allowedRateBytesPerSec, Optional<String> limitingSite,
                         boolean slowStart, List<Receiver> receivers, List<Sender> senders) {
    /** Makes the lists immutable. */
    public FlowStatus {
        receivers = List.copyOf(receivers);
        senders = List.copyOf(senders);
    }

    /**
     * One receiving site's view of the flow.
     *
     * @param site the receiving site
     * @param acceptableRateBytesPerSec its acceptable rate by Eq. 1 (+∞ before its first loss event)
     * @param receiveRateBytesPerSec the rate at which it received the flow lately
     * @param rttMs the sending delegate's smoothed RTT to it
     * @param lossEventRate its loss event rate p
     */
    public record Receiver(String site, double acceptableRateBytesPerSec, double receiveRateBytesPerSec, double rttMs,
                           double lossEventRate) {
    }

    /**
     * One local sender's share.
     *
     * @param member the sending member
     * @param demandBytesPerSec the rate it asked for
     * @param grantBytesPerSec the rate it was granted (NaN before its first grant)
     */
    public record Sender(String member, double demandBytesPerSec, double grantBytesPerSec) {
    }

    /** @return the report of the limiting site, if there is one */
    public Optional<Receiver> limitingReceiver() {
        return limitingSite.flatMap(name -> receivers.stream().filter(r -> r.site().equals(name)).findFirst());
    }
}
