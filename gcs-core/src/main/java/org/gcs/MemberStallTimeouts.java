package org.gcs;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The member stall policy's bounds (keys {@code member.stall.timeout} and {@code member.stall.timeout.<group>},
 * {@link GcsConfigBuilder#memberStallTimeout(Duration)}): how long this member's listeners may hold a group back before
 * the member is excluded from it, by default and for single groups. Immutable; every bound is checked against
 * {@link #MIN} and {@link #MAX} as it is set.
 *
 * @param fallback the bound of every group without its own
 * @param byGroup the groups' own bounds, by group name
 */
public record MemberStallTimeouts(Duration fallback, Map<String, Duration> byGroup) {
    /** The default bound: 10 s. */
    public static final Duration DEFAULT = Duration.ofSeconds(10);
    /** The shortest bound: shorter would exclude members for a garbage-collection pause. */
    public static final Duration MIN = Duration.ofMillis(500);
    /** The longest bound: a group is never held back for ever. */
    public static final Duration MAX = Duration.ofHours(1);
    /** The key of the default bound. */
    public static final String KEY = "member.stall.timeout";
    /** The prefix of a group's own bound, {@code member.stall.timeout.<group>}. */
    public static final String GROUP_PREFIX = KEY + ".";
    /** The default bound for every group, none of its own. */
    public static final MemberStallTimeouts DEFAULTS = new MemberStallTimeouts(DEFAULT, Map.of());

    /** Checks every bound and makes the groups' bounds an immutable, sorted map. */
    public MemberStallTimeouts {
        check(KEY, fallback);
        byGroup = Collections.unmodifiableMap(new TreeMap<>(byGroup));
        byGroup.forEach((group, timeout) -> check(GROUP_PREFIX + ConfigChecks.name("group", group), timeout));
    }

    /**
     * @param key {@link #KEY} or {@code member.stall.timeout.<group>}
     * @return true if this record reads the key
     */
    public static boolean owns(String key) {
        return key.equals(KEY) || key.startsWith(GROUP_PREFIX) && key.length() > GROUP_PREFIX.length();
    }

    /**
     * @param key {@link #KEY} or {@code member.stall.timeout.<group>}
     * @param value a duration as written in a properties file, e.g. {@code 30s}
     * @return these bounds with that one set
     * @throws GcsConfigException naming the key if the value is invalid
     */
    public MemberStallTimeouts with(String key, String value) {
        Duration timeout = SettingValues.duration(key, value);
        if (key.equals(KEY)) {
            return withFallback(timeout);
        }
        if (!owns(key)) {
            throw ConfigChecks.notOurs(key, java.util.List.of(KEY, GROUP_PREFIX + "<group>"));
        }
        return withGroup(key.substring(GROUP_PREFIX.length()), timeout);
    }

    /**
     * @param timeout the bound of every group without its own (key {@code member.stall.timeout})
     * @return these bounds with that default
     */
    public MemberStallTimeouts withFallback(Duration timeout) {
        return new MemberStallTimeouts(timeout, byGroup);
    }

    /**
     * @param group a group
     * @param timeout its own bound (key {@code member.stall.timeout.<group>})
     * @return these bounds with the group's
     */
    public MemberStallTimeouts withGroup(String group, Duration timeout) {
        ConfigChecks.name("group", group);
        Map<String, Duration> groups = new TreeMap<>(byGroup);
        groups.put(group, timeout);
        return new MemberStallTimeouts(fallback, groups);
    }

    /**
     * @param group a group
     * @return its own bound if it has one, else the default
     */
    public Duration forGroup(String group) {
        return byGroup.getOrDefault(group, fallback);
    }

    private static Duration check(String key, Duration timeout) {
        return ConfigChecks.duration(key, timeout, MIN, MAX);
    }
}
