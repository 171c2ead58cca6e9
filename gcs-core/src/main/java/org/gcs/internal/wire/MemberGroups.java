package org.gcs.internal.wire;

import java.util.List;

/**
 * One member and the groups it has joined.
 *
 * @param name member name
 * @param incarnation member incarnation
 * @param groups joined groups
 */
public record MemberGroups(String name, long incarnation, List<String> groups) {
    /** Makes the list immutable. */
    public MemberGroups {
        groups = List.copyOf(groups);
    }
}
