package org.gcs;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.gcs.cc.CongestionControls;
import org.gcs.cc.api.CcSettings;

/**
 * The congestion-control settings (keys {@code congestion.control}, {@code cc.<scheme>.<parameter>},
 * {@code initial.send.rate}, {@code min.send.rate}; {@link GcsConfigBuilder#congestionControl(String)} and its
 * neighbours): the scheme, its parameters and the senders' initial and lowest rates. Immutable; each value is checked as it is set
 * (the rates when the settings are made), the scheme with its parameters and the WAN transport by {@link #check}.
 *
 * @param controller the scheme's name or class name; null for the transport's default
 * @param parameters the schemes' parameters by full key ({@code cc.<scheme>.<parameter>})
 * @param initialSendRateBytesPerSec a sender's rate before its first grant, at least 1 KiB/s
 * @param minSendRateBytesPerSec the lowest aggregate rate of a site for a group, at least 128 bytes/s
 */
public record CongestionSettings(String controller, Map<String, String> parameters, long initialSendRateBytesPerSec,
                                 long minSendRateBytesPerSec) {
    /** The transport's default scheme, no parameters, 128 KiB/s initially and at least 2 KiB/s. */
    public static final CongestionSettings DEFAULTS = new CongestionSettings(null, Map.of(), 128 * 1024, 2 * 1024);
    /** The single properties keys (the schemes' parameters are {@link #PARAMETER_PREFIX}{@code <scheme>.<parameter>}). */
    public static final java.util.Set<String> KEYS = java.util.Set.of("congestion.control", "initial.send.rate",
            "min.send.rate");
    /** The prefix of a scheme's parameters: {@code cc.<scheme>.<parameter>}. */
    public static final String PARAMETER_PREFIX = "cc.";
    /** The depth of the senders' token buckets. */
    public static final long BURST_BYTES = 64 * 1024;

    /** Checks the rates against their bounds and makes the parameters an immutable, sorted map. */
    public CongestionSettings {
        ConfigChecks.atLeast("initialSendRate", initialSendRateBytesPerSec, 1024, " bytes/s");
        ConfigChecks.atLeast("minSendRate", minSendRateBytesPerSec, 128, " bytes/s");
        parameters = Collections.unmodifiableMap(new TreeMap<>(parameters));
    }

    /**
     * @param key a properties key
     * @return true if these settings read it: one of {@link #KEYS} or a scheme's parameter
     */
    public static boolean owns(String key) {
        return KEYS.contains(key) || key.startsWith(PARAMETER_PREFIX);
    }

    /**
     * @param key one of {@link #KEYS} or {@code cc.<scheme>.<parameter>}
     * @param value its value as written in a properties file, e.g. {@code ormcc} or {@code 1MB}
     * @return these settings with that one changed
     * @throws GcsConfigException naming the key if the value is invalid
     */
    public CongestionSettings with(String key, String value) {
        return switch (key) {
            case "congestion.control" -> withController(value);
            case "initial.send.rate" -> withInitialSendRate(SettingValues.bytes(key, value));
            case "min.send.rate" -> withMinSendRate(SettingValues.bytes(key, value));
            default -> {
                if (!key.startsWith(PARAMETER_PREFIX)) {
                    throw ConfigChecks.notOurs(key, KEYS);
                }
                yield withParameter(key, value);
            }
        };
    }

    /**
     * @param name a built-in scheme or the class name of an {@code org.gcs.cc.api.CongestionControl}
     * @return these settings with that scheme
     */
    public CongestionSettings withController(String name) {
        if (name == null || name.isBlank()) {
            throw new GcsConfigException("congestionControl must not be blank: use one of "
                    + CongestionControls.builtInNames() + " or a class name");
        }
        String stripped = name.strip();
        if (!CongestionControls.builtInNames().contains(stripped)) {
            ConfigChecks.translated("congestionControl: ",
                    () -> CongestionControls.create(stripped, CcSettings.DEFAULTS));
        }
        return new CongestionSettings(stripped, parameters, initialSendRateBytesPerSec, minSendRateBytesPerSec);
    }

    /**
     * @param key {@code cc.<scheme>.<parameter>}
     * @param value its value
     * @return these settings with that parameter
     */
    public CongestionSettings withParameter(String key, String value) {
        if (key == null || !key.matches("cc\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9._-]+")) {
            throw new GcsConfigException("a congestion-control parameter is written cc.<scheme>.<parameter>, e.g."
                    + " cc.ormcc.beta; got '" + key + "'");
        }
        ConfigChecks.notBlank(key, value);
        Map<String, String> changed = new TreeMap<>(parameters);
        changed.put(key, value.strip());
        return new CongestionSettings(controller, changed, initialSendRateBytesPerSec, minSendRateBytesPerSec);
    }

    /** @return these settings with a sender's rate before its first grant, in bytes/s */
    public CongestionSettings withInitialSendRate(long bytesPerSec) {
        return new CongestionSettings(controller, parameters, bytesPerSec, minSendRateBytesPerSec);
    }

    /** @return these settings with the lowest aggregate rate of a site for a group, in bytes/s */
    public CongestionSettings withMinSendRate(long bytesPerSec) {
        return new CongestionSettings(controller, parameters, initialSendRateBytesPerSec, bytesPerSec);
    }

    /**
     * @param transport the WAN transport
     * @return the scheme that runs on it: the one set, else the transport's default
     */
    public String controller(TransportSettings transport) {
        return controller != null ? controller : transport.builtInControllers().get(0);
    }

    /**
     * Checks the combination: the rates, the scheme on the transport, and the scheme with its parameters.
     *
     * @param transport the WAN transport
     * @throws GcsConfigException if they contradict each other or the scheme refuses a parameter
     */
    void check(TransportSettings transport) {
        if (minSendRateBytesPerSec > initialSendRateBytesPerSec) {
            throw new GcsConfigException("minSendRate (" + minSendRateBytesPerSec
                    + ") must not exceed initialSendRate (" + initialSendRateBytesPerSec + "): lower minSendRate or"
                    + " raise initialSendRate");
        }
        String scheme = controller(transport);
        ConfigChecks.translated("", () -> {
            transport.requireController(scheme);
            return scheme;
        });
        ConfigChecks.translated("congestion control '" + scheme + "': ",
                () -> CongestionControls.create(scheme, ccSettings(300_000_000L)));
    }

    /**
     * @param initialRttNs the RTT the node assumes before measuring one
     * @return the settings the scheme is built from, with token buckets {@value #BURST_BYTES} bytes deep
     */
    public CcSettings ccSettings(long initialRttNs) {
        return new CcSettings(initialSendRateBytesPerSec, minSendRateBytesPerSec, BURST_BYTES, initialRttNs,
                parameters);
    }
}
