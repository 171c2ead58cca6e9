package org.gcs;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a receiving delegate's congestion controller measures of one incoming flow (another site's traffic to a
 * group this site joined): TFRC's monitor has the loss event rate and the acceptable rate of Eq. 1; ORMCC's has its
 * average TRAC and how many congestion indications it sent, suppressed and cancelled.
 *
 * @param sourceSite the sending site
 * @param group the group
 * @param controller the congestion controller's name
 * @param values the monitor's numbers by name (lowerCamelCase, units in the names)
 */
public record ReceivingFlowStatus(String sourceSite, String group, String controller, Map<String, Double> values) {
    /** Makes the values immutable. */
    public ReceivingFlowStatus {
        values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /**
     * @param name a value's name
     * @return the value, NaN if the monitor has none of that name
     */
    public double value(String name) {
        return values.getOrDefault(name, Double.NaN);
    }
}
