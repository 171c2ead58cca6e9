package org.gcs;

import java.time.Duration;
import java.util.Set;

/**
 * The protocol's timers (keys {@code heartbeat.interval}, {@code site.timeout}, {@code tick.interval}): how often a
 * delegate announces its site, how long a silent site lasts, and the timer granularity. Immutable; each is checked
 * against its bounds as it is set, the heartbeat against the site timeout by {@link #check()}. The engine reads it
 * whole ({@link GcsConfig#timers()}), so a new timer is added here, in {@link ConfigKeys} and as a builder setter.
 *
 * @param heartbeatInterval how often a delegate announces its site
 * @param siteTimeout the silence after which a remote site is considered gone
 * @param tickInterval the protocol timer granularity
 */
public record ProtocolTimers(Duration heartbeatInterval, Duration siteTimeout, Duration tickInterval) {
    /** A heartbeat a second, sites gone after 5 s, a 5-ms tick. */
    public static final ProtocolTimers DEFAULTS = new ProtocolTimers(Duration.ofSeconds(1), Duration.ofSeconds(5),
            Duration.ofMillis(5));
    /** The properties keys of the timers. */
    public static final Set<String> KEYS = Set.of("heartbeat.interval", "site.timeout", "tick.interval");

    /** Checks each timer against its bounds. */
    public ProtocolTimers {
        ConfigChecks.duration("heartbeatInterval (heartbeat.interval)", heartbeatInterval, Duration.ofMillis(10),
                Duration.ofSeconds(60));
        ConfigChecks.duration("siteTimeout (site.timeout)", siteTimeout, Duration.ofMillis(50), Duration.ofMinutes(10));
        ConfigChecks.duration("tickInterval (tick.interval)", tickInterval, Duration.ofMillis(1),
                Duration.ofMillis(100));
    }

    /**
     * @param key one of {@link #KEYS}
     * @param value its value as written in a properties file, e.g. {@code 500ms}
     * @return these timers with that one changed
     * @throws GcsConfigException naming the key if the value is invalid
     */
    public ProtocolTimers with(String key, String value) {
        Duration d = SettingValues.duration(key, value);
        return switch (key) {
            case "heartbeat.interval" -> withHeartbeatInterval(d);
            case "site.timeout" -> withSiteTimeout(d);
            case "tick.interval" -> withTickInterval(d);
            default -> throw ConfigChecks.notOurs(key, KEYS);
        };
    }

    /**
     * @param interval 10 ms – 60 s
     * @return these timers with that heartbeat interval
     */
    public ProtocolTimers withHeartbeatInterval(Duration interval) {
        return new ProtocolTimers(interval, siteTimeout, tickInterval);
    }

    /**
     * @param timeout 50 ms – 10 min
     * @return these timers with that site timeout
     */
    public ProtocolTimers withSiteTimeout(Duration timeout) {
        return new ProtocolTimers(heartbeatInterval, timeout, tickInterval);
    }

    /**
     * @param interval 1 ms – 100 ms
     * @return these timers with that tick
     */
    public ProtocolTimers withTickInterval(Duration interval) {
        return new ProtocolTimers(heartbeatInterval, siteTimeout, interval);
    }

    /** @throws GcsConfigException if a single lost heartbeat would make a site count as gone */
    void check() {
        if (siteTimeout.compareTo(heartbeatInterval.multipliedBy(2)) < 0) {
            throw new GcsConfigException("siteTimeout (" + Quantities.format(siteTimeout) + ") must be at least twice"
                    + " heartbeatInterval (" + Quantities.format(heartbeatInterval) + "), or a single lost heartbeat"
                    + " would drop a site: raise siteTimeout to " + Quantities.format(heartbeatInterval.multipliedBy(2))
                    + " or more, or shorten heartbeatInterval");
        }
    }
}
