package org.gcs;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The member stall policy's bounds ({@link GcsConfigBuilder#memberStallTimeout(Duration)}): how long this member's
 * listeners may hold a group back before the member is excluded from it, by default and for single groups. Immutable;
 * every bound is checked against {@link GcsConfigBuilder#MIN_MEMBER_STALL_TIMEOUT} and
 * {@link GcsConfigBuilder#MAX_MEMBER_STALL_TIMEOUT} as it is set.
 *
 * @param fallback the bound of every group without its own
 * @param byGroup the groups' own bounds, by group name
 */
record MemberStallTimeouts(Duration fallback, Map<String, Duration> byGroup) {
    /** The default bound for every group, none of its own. */
    static final MemberStallTimeouts DEFAULTS = new MemberStallTimeouts(GcsConfigBuilder.DEFAULT_MEMBER_STALL_TIMEOUT,
            Map.of());

    /** Makes the groups' bounds an immutable, sorted map. */
    MemberStallTimeouts {
        byGroup = Collections.unmodifiableMap(new TreeMap<>(byGroup));
    }

    /**
     * @param timeout the bound of every group without its own (key {@code member.stall.timeout})
     * @return these bounds with that default
     */
    MemberStallTimeouts withFallback(Duration timeout) {
        return new MemberStallTimeouts(check("member.stall.timeout", timeout), byGroup);
    }

    /**
     * @param group a group
     * @param timeout its own bound (key {@code member.stall.timeout.<group>})
     * @return these bounds with the group's
     */
    MemberStallTimeouts withGroup(String group, Duration timeout) {
        ConfigChecks.name("group", group);
        Map<String, Duration> groups = new TreeMap<>(byGroup);
        groups.put(group, check("member.stall.timeout." + group, timeout));
        return new MemberStallTimeouts(fallback, groups);
    }

    /**
     * @param group a group
     * @return its own bound if it has one, else the default
     */
    Duration forGroup(String group) {
        return byGroup.getOrDefault(group, fallback);
    }

    private static Duration check(String key, Duration timeout) {
        return ConfigChecks.duration(key, timeout, GcsConfigBuilder.MIN_MEMBER_STALL_TIMEOUT,
                GcsConfigBuilder.MAX_MEMBER_STALL_TIMEOUT);
    }
}
