package org.gcs;

import java.time.Duration;
import java.util.Set;

/**
 * How WAN datagrams are protected (keys {@code wan.protection} and {@code wan.replay.max.age}; the keys themselves are
 * the cluster key ring's, {@link ClusterKeys}). Immutable; each value is checked as it is set.
 *
 * @param protection encrypted and authenticated ({@link WanProtection#AES_GCM}) or authenticated only
 * @param replayMaxAge the most a datagram's send time may differ from the receiver's clock, 1 s – 1 h: older ones are
 *     refused as replays, so the sites' clocks must agree within it
 */
public record WanSecurity(WanProtection protection, Duration replayMaxAge) {
    /** AES-GCM, replays refused after 60 s. */
    public static final WanSecurity DEFAULTS = new WanSecurity(WanProtection.AES_GCM, Duration.ofSeconds(60));
    /** The properties keys. */
    public static final Set<String> KEYS = Set.of("wan.protection", "wan.replay.max.age");

    /** Checks each value. */
    public WanSecurity {
        ConfigChecks.required("wanProtection", protection);
        ConfigChecks.duration("replayMaxAge (wan.replay.max.age)", replayMaxAge, Duration.ofSeconds(1),
                Duration.ofHours(1));
    }

    /**
     * @param key one of {@link #KEYS}
     * @param value its value as written in a properties file, e.g. {@code integrity} or {@code 30s}
     * @return these settings with that one changed
     * @throws GcsConfigException naming the key if the value is invalid
     */
    public WanSecurity with(String key, String value) {
        return switch (key) {
            case "wan.protection" -> new WanSecurity(WanProtection.parse(value), replayMaxAge);
            case "wan.replay.max.age" -> new WanSecurity(protection, SettingValues.duration(key, value));
            default -> throw ConfigChecks.notOurs(key, KEYS);
        };
    }
}
