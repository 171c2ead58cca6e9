package org.gcs;

import java.time.Duration;

/**
 * The protocol's timers ({@link GcsConfigBuilder#heartbeatInterval} and its neighbours): how often a delegate
 * announces its site, how long a silent site lasts, and the timer granularity. Immutable; each is checked against its
 * bounds as it is set, the heartbeat against the site timeout by {@link #check()}.
 *
 * @param heartbeatInterval how often a delegate announces its site
 * @param siteTimeout the silence after which a remote site is considered gone
 * @param tickInterval the protocol timer granularity
 */
record ProtocolTimers(Duration heartbeatInterval, Duration siteTimeout, Duration tickInterval) {
    /** A heartbeat a second, sites gone after 5 s, a 5-ms tick. */
    static final ProtocolTimers DEFAULTS = new ProtocolTimers(Duration.ofSeconds(1), Duration.ofSeconds(5),
            Duration.ofMillis(5));

    /**
     * @param interval 10 ms – 60 s
     * @return these timers with that heartbeat interval
     */
    ProtocolTimers withHeartbeatInterval(Duration interval) {
        return new ProtocolTimers(ConfigChecks.duration("heartbeatInterval", interval, Duration.ofMillis(10),
                Duration.ofSeconds(60)), siteTimeout, tickInterval);
    }

    /**
     * @param timeout 50 ms – 10 min
     * @return these timers with that site timeout
     */
    ProtocolTimers withSiteTimeout(Duration timeout) {
        return new ProtocolTimers(heartbeatInterval, ConfigChecks.duration("siteTimeout", timeout,
                Duration.ofMillis(50), Duration.ofMinutes(10)), tickInterval);
    }

    /**
     * @param interval 1 ms – 100 ms
     * @return these timers with that tick
     */
    ProtocolTimers withTickInterval(Duration interval) {
        return new ProtocolTimers(heartbeatInterval, siteTimeout, ConfigChecks.duration("tickInterval", interval,
                Duration.ofMillis(1), Duration.ofMillis(100)));
    }

    /** @throws GcsConfigException if a single lost heartbeat would make a site count as gone */
    void check() {
        if (siteTimeout.compareTo(heartbeatInterval.multipliedBy(2)) < 0) {
            throw new GcsConfigException("siteTimeout (" + siteTimeout + ") must be at least twice heartbeatInterval ("
                    + heartbeatInterval + "), or a single lost heartbeat would drop a site");
        }
    }
}
