package org.gcs;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The congestion state of one site's traffic to one group, as the site's delegate sees it: which congestion
 * controller runs the flow, the aggregate rate it allows the site's senders, the receiving site that sets it, what
 * the controller knows of every receiving site, and the split of the aggregate among the site's senders. Rates are
 * bytes on the wire per second; {@code Double.POSITIVE_INFINITY} means unlimited.
 *
 * <p>The receiving sites' feedback is given by name, as each controller defines it: TFRC (seed 004) reports
 * {@code acceptableRateBytesPerSec} (Eq. 1), {@code receiveRateBytesPerSec}, {@code lossEventRate} and
 * {@code meanSegmentBytes} on every acknowledgement; ORMCC (seed 002) sends congestion indications with
 * {@code tracBytesPerSec} and {@code avgTracBytesPerSec}. Every entry also has {@code ageSec}, how long ago it came.
 *
 * @param site the sending site
 * @param group the group
 * @param controller the congestion controller's name, e.g. {@code tfrc}, {@code ormcc}, {@code none}
 * @param allowedRateBytesPerSec the aggregate rate the site may send to the group
 * @param limitingSite the receiving site that sets it, if any (TFRC: the slowest report; ORMCC: the congestion
 *     representative)
 * @param slowStart true while the rate grows exponentially because no receiving site limits it yet
 * @param congestionMeasure what {@link Receiver#congestion()} measures for this controller (TFRC:
 *     {@code lossEventRate}; ORMCC: {@code tracBytesPerSec}; empty for none)
 * @param receivers each receiving site, in name order
 * @param senders each local sender's demand and grant
 * @param extras the controller's own numbers (e.g. ORMCC's representative statistics), by name
 */
public record FlowStatus(String site, String group, String controller, double allowedRateBytesPerSec,
                         Optional<String> limitingSite, boolean slowStart, String congestionMeasure,
                         List<Receiver> receivers, List<Sender> senders, Map<String, Double> extras) {
    /** Makes the lists and the extras immutable. */
    public FlowStatus {
        receivers = List.copyOf(receivers);
        senders = List.copyOf(senders);
        extras = Collections.unmodifiableMap(new TreeMap<>(extras));
    }

    /**
     * One receiving site as the flow's congestion controller knows it.
     *
     * @param site the receiving site
     * @param rttMs the RTT to it as the controller uses it
     * @param congestion the controller's congestion measure for it ({@link FlowStatus#congestionMeasure()}), NaN if
     *     none yet
     * @param lastFeedback its latest feedback by name (see {@link FlowStatus}), empty if it sent none
     */
    public record Receiver(String site, double rttMs, double congestion, Map<String, Double> lastFeedback) {
        /** Makes the feedback immutable. */
        public Receiver {
            lastFeedback = Collections.unmodifiableMap(new TreeMap<>(lastFeedback));
        }

        /**
         * @param name a feedback field, e.g. {@code acceptableRateBytesPerSec}
         * @return its latest value, NaN if the site never sent it
         */
        public double feedback(String name) {
            return lastFeedback.getOrDefault(name, Double.NaN);
        }
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

    /** @return the limiting site's entry, if there is one */
    public Optional<Receiver> limitingReceiver() {
        return limitingSite.flatMap(name -> receivers.stream().filter(r -> r.site().equals(name)).findFirst());
    }

    /**
     * @param name an extra's name
     * @return its value, NaN if the controller has none of that name
     */
    public double extra(String name) {
        return extras.getOrDefault(name, Double.NaN);
    }
}
