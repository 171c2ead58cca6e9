package org.gcs.cc.api;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An immutable view of a {@link SourceController}: what it allows, what limits it, and what it knows of each
 * receiving site. Status ({@code GcsNode.flows()}), meters (with a {@code controller} tag) and the lab are built
 * from it, so they stay the same whatever the scheme.
 *
 * @param controller the scheme's name, e.g. {@code tfrc}
 * @param allowedRateBytesPerSec the aggregate rate the site's senders share; {@link Double#POSITIVE_INFINITY} if
 *     unlimited
 * @param limitingSite the receiving site that sets the rate, or null
 * @param slowStart true while the rate grows exponentially because no receiver limits it yet
 * @param congestionMeasure the name of {@link ReceiverState#congestion()} for this scheme, e.g.
 *     {@code lossEventRate} (TFRC) or {@code tracBytesPerSec} (ORMCC)
 * @param receivers one entry per receiving site, in site-name order
 * @param extras scheme-specific numbers (e.g. ORMCC's representative statistics and indication counts), sorted by
 *     name; keys are lowerCamelCase and carry their unit
 */
public record CcSnapshot(String controller, double allowedRateBytesPerSec, String limitingSite, boolean slowStart,
                         String congestionMeasure, List<ReceiverState> receivers, Map<String, Double> extras) {
    /** Makes the receiver list and the extras immutable (extras sorted by name). */
    public CcSnapshot {
        receivers = List.copyOf(receivers);
        extras = Collections.unmodifiableMap(new TreeMap<>(extras));
    }

    /**
     * What the controller knows of one receiving site.
     *
     * @param site the receiving site
     * @param rttNs the RTT to it as the controller uses it (0 if unknown)
     * @param congestion the scheme's congestion measure for the site (see {@link CcSnapshot#congestionMeasure()}),
     *     NaN if none
     * @param lastFeedback the fields of the site's latest feedback ({@link Feedback#fields()}, plus
     *     {@code ageSec}, how long ago it came), empty if it sent none
     */
    public record ReceiverState(String site, long rttNs, double congestion, Map<String, Double> lastFeedback) {
        /** Makes the feedback fields immutable, sorted by name. */
        public ReceiverState {
            lastFeedback = Collections.unmodifiableMap(new TreeMap<>(lastFeedback));
        }
    }
}
