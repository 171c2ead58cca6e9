package org.gcs.cc.api;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The settings every scheme gets: the rate limits shared by all schemes, and the scheme-specific parameters by
 * their configuration keys ({@code cc.<scheme>.<parameter>}, e.g. {@code cc.ormcc.beta}); each scheme parses and
 * checks its own when it is built.
 *
 * @param initialRateBytesPerSec a sender's rate before its first grant, and where slow start begins; positive
 * @param minRateBytesPerSec the lowest aggregate rate of a site for a group; positive, at most the initial rate
 * @param burstBytes the depth of the senders' token buckets; positive
 * @param initialRttNs the RTT assumed before the first measurement; positive
 * @param parameters scheme parameters by full key; copied, sorted
 */
public record CcSettings(double initialRateBytesPerSec, double minRateBytesPerSec, long burstBytes, long initialRttNs,
                         Map<String, String> parameters) {
    /** GCS's defaults: 128 KiB/s initial rate, 2 KiB/s floor, 64 KiB buckets, 300 ms initial RTT, no parameters. */
    public static final CcSettings DEFAULTS = new CcSettings(128 * 1024, 2 * 1024, 64 * 1024, 300_000_000L, Map.of());

    /** Checks the limits and copies the parameters. */
    public CcSettings {
        if (!(initialRateBytesPerSec > 0) || Double.isInfinite(initialRateBytesPerSec)) {
            throw new IllegalArgumentException("initialRateBytesPerSec must be positive and finite, got "
                    + initialRateBytesPerSec);
        }
        if (!(minRateBytesPerSec > 0) || minRateBytesPerSec > initialRateBytesPerSec) {
            throw new IllegalArgumentException("minRateBytesPerSec must be positive and at most initialRateBytesPerSec ("
                    + initialRateBytesPerSec + "), got " + minRateBytesPerSec);
        }
        if (burstBytes <= 0) {
            throw new IllegalArgumentException("burstBytes must be positive, got " + burstBytes);
        }
        if (initialRttNs <= 0) {
            throw new IllegalArgumentException("initialRttNs must be positive, got " + initialRttNs);
        }
        parameters = Collections.unmodifiableMap(new TreeMap<>(parameters));
    }

    /**
     * The parameters of one scheme, without their {@code cc.<scheme>.} prefix.
     *
     * @param scheme the scheme's name, e.g. {@code ormcc}
     * @return e.g. {@code {beta=0.65}} for {@code cc.ormcc.beta=0.65}
     */
    public Map<String, String> parametersOf(String scheme) {
        String prefix = "cc." + scheme + ".";
        Map<String, String> own = new TreeMap<>();
        parameters.forEach((key, value) -> {
            if (key.startsWith(prefix)) {
                own.put(key.substring(prefix.length()), value);
            }
        });
        return Collections.unmodifiableMap(own);
    }

    /**
     * @param newParameters scheme parameters by full key
     * @return a copy with these parameters instead
     */
    public CcSettings withParameters(Map<String, String> newParameters) {
        return new CcSettings(initialRateBytesPerSec, minRateBytesPerSec, burstBytes, initialRttNs, newParameters);
    }
}
