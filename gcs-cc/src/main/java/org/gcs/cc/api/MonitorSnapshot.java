package org.gcs.cc.api;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * An immutable view of a {@link ReceiverMonitor}, for status, meters and the lab.
 *
 * @param controller the scheme's name
 * @param values named numbers (TFRC: the loss event rate and the receive rate; ORMCC: the average TRAC and the
 *     indications sent, suppressed and cancelled), sorted by name; keys are lowerCamelCase and carry their unit
 */
public record MonitorSnapshot(String controller, Map<String, Double> values) {
    /** Makes the values immutable, sorted by name. */
    public MonitorSnapshot {
        values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /**
     * @param key a value's name
     * @return the value, NaN if the monitor has none of that name
     */
    public double value(String key) {
        return values.getOrDefault(key, Double.NaN);
    }
}
