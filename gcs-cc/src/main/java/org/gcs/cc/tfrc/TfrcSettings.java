package org.gcs.cc.tfrc;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.SchemeParameters;
import org.gcs.cc.api.SchemeSettings;

/**
 * TFRC's own settings ({@code cc.tfrc.*}); the rate limits shared by every scheme are in {@link CcSettings}.
 *
 * @param reportTimeoutNs {@code cc.tfrc.report.timeout}, default 2 s: a receiving site's report stays fresh this long;
 *     after it the site holds the rate, and when every site is silent the rate halves once per timeout (RFC 5348
 *     §4.4's no-feedback timer; seed 004 is silent)
 * @param oscillationDamping {@code cc.tfrc.oscillation.damping}, default true: scale the rate by the limiting site's
 *     {@code R_sqmean / sqrt(R_sample)} (RFC 5348 §4.5, {@link OscillationDamper}; seed 004 is silent)
 * @param segmentBytes {@code cc.tfrc.segment.bytes}, default 1400 (the default {@code max.datagram.bytes}): the
 *     smallest segment size s that Eq. 1 uses; a receiving delegate takes {@code s = max(mean datagram bytes,
 *     segmentBytes)}, RFC 5348 §4.1's "use the maximum segment size" for data whose datagram size varies
 *     ({@link TfrcEquation} explains why: a TCP on the same path sends full-size segments)
 * @param lossAverage {@code cc.tfrc.loss.average}, default {@code rfc5348}: how a receiving delegate averages loss
 *     intervals into p, RFC 5348 §5.4's eight weighted intervals or seed 004's Eq. 2 ({@code xpand}, whose
 *     two-interval memory made the rate swing and sit low on WAN paths; docs/congestion-control.md §3.1)
 */
public record TfrcSettings(long reportTimeoutNs, boolean oscillationDamping, int segmentBytes,
                           LossAverage lossAverage) implements SchemeSettings {
    /** Smallest {@code cc.tfrc.segment.bytes}: 1 byte, i.e. always the mean datagram (the paper's s as such). */
    public static final int MIN_SEGMENT_BYTES = 1;
    /** Largest {@code cc.tfrc.segment.bytes}: the largest datagram GCS may be configured with. */
    public static final int MAX_SEGMENT_BYTES = 65_000;
    /**
     * The defaults: 2 s report timeout, oscillation damping on, segment size at least 1400 bytes, RFC 5348's loss
     * average.
     */
    public static final TfrcSettings DEFAULTS = new TfrcSettings(2_000_000_000L, true, 1400, LossAverage.RFC5348);

    /** Rejects a report timeout that is not positive, a segment size out of range and a missing loss average. */
    public TfrcSettings {
        if (lossAverage == null) {
            throw new IllegalArgumentException("lossAverage must not be null");
        }
        if (reportTimeoutNs <= 0) {
            throw new IllegalArgumentException("reportTimeoutNs must be positive, got " + reportTimeoutNs);
        }
        if (segmentBytes < MIN_SEGMENT_BYTES || segmentBytes > MAX_SEGMENT_BYTES) {
            throw new IllegalArgumentException("segmentBytes must be in [" + MIN_SEGMENT_BYTES + ", "
                    + MAX_SEGMENT_BYTES + "] bytes, got " + segmentBytes);
        }
    }

    @Override
    public String scheme() {
        return TfrcControl.NAME;
    }

    @Override
    public Map<String, String> toParameters() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("report.timeout", reportTimeoutNs + "ns");
        parameters.put("oscillation.damping", Boolean.toString(oscillationDamping));
        parameters.put("segment.bytes", Integer.toString(segmentBytes));
        parameters.put("loss.average", SchemeParameters.choiceName(lossAverage));
        return parameters;
    }

    /** @return a copy with another report timeout */
    public TfrcSettings withReportTimeoutNs(long newReportTimeoutNs) {
        return new TfrcSettings(newReportTimeoutNs, oscillationDamping, segmentBytes, lossAverage);
    }

    /** @return a copy with oscillation damping on or off */
    public TfrcSettings withOscillationDamping(boolean damping) {
        return new TfrcSettings(reportTimeoutNs, damping, segmentBytes, lossAverage);
    }

    /** @return a copy with another least segment size for Eq. 1, in bytes */
    public TfrcSettings withSegmentBytes(int newSegmentBytes) {
        return new TfrcSettings(reportTimeoutNs, oscillationDamping, newSegmentBytes, lossAverage);
    }

    /** @return a copy with another loss average */
    public TfrcSettings withLossAverage(LossAverage newLossAverage) {
        return new TfrcSettings(reportTimeoutNs, oscillationDamping, segmentBytes, newLossAverage);
    }

    /**
     * @param settings the node's settings
     * @return TFRC's settings from the {@code cc.tfrc.*} parameters, defaults for those not given
     * @throws IllegalArgumentException if a parameter is unknown or invalid (the message names it)
     */
    public static TfrcSettings from(CcSettings settings) {
        SchemeParameters p = SchemeParameters.of(settings, TfrcControl.NAME);
        TfrcSettings parsed = new TfrcSettings(
                p.durationNs("report.timeout", DEFAULTS.reportTimeoutNs, 10_000_000L, 600_000_000_000L),
                p.bool("oscillation.damping", DEFAULTS.oscillationDamping),
                (int) Math.round(p.number("segment.bytes", DEFAULTS.segmentBytes, MIN_SEGMENT_BYTES,
                        MAX_SEGMENT_BYTES)),
                p.choice("loss.average", DEFAULTS.lossAverage));
        p.rejectUnknown();
        return parsed;
    }
}
