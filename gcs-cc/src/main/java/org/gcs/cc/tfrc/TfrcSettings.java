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
 */
public record TfrcSettings(long reportTimeoutNs, boolean oscillationDamping) implements SchemeSettings {
    /** The defaults: 2 s report timeout, oscillation damping on. */
    public static final TfrcSettings DEFAULTS = new TfrcSettings(2_000_000_000L, true);

    /** Rejects a report timeout that is not positive. */
    public TfrcSettings {
        if (reportTimeoutNs <= 0) {
            throw new IllegalArgumentException("reportTimeoutNs must be positive, got " + reportTimeoutNs);
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
        return parameters;
    }

    /** @return a copy with another report timeout */
    public TfrcSettings withReportTimeoutNs(long newReportTimeoutNs) {
        return new TfrcSettings(newReportTimeoutNs, oscillationDamping);
    }

    /** @return a copy with oscillation damping on or off */
    public TfrcSettings withOscillationDamping(boolean damping) {
        return new TfrcSettings(reportTimeoutNs, damping);
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
                p.bool("oscillation.damping", DEFAULTS.oscillationDamping));
        p.rejectUnknown();
        return parsed;
    }
}
