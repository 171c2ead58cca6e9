package org.gcs.internal.node;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The member stall policy of one node ({@code member.stall.timeout}, per group): a member whose listeners do not keep
 * up first holds its site back (its delivery backlog is full, so the JGroups receive thread waits and the LAN's flow
 * control blocks every sender); once that has lasted longer than a group's bound, the member is excluded from that
 * group if the group has messages waiting for its listeners. Pure: time comes in as {@code nowNs}.
 */
final class MemberStallPolicy {
    private final ToLongFunction<String> timeoutNsOfGroup;

    /** @param timeoutNsOfGroup the bound of each group, in nanoseconds */
    MemberStallPolicy(ToLongFunction<String> timeoutNsOfGroup) {
        this.timeoutNsOfGroup = timeoutNsOfGroup;
    }

    /**
     * @param fullSinceNs since when the backlog is full ({@link DeliveryPermits#fullSinceNs()}), 0 if it is not
     * @param waitingGroups the groups with messages waiting for the listeners
     * @param nowNs the clock
     * @return the groups this member must leave now, in the order given
     */
    List<String> groupsToExclude(long fullSinceNs, Collection<String> waitingGroups, long nowNs) {
        List<String> due = new ArrayList<>();
        if (fullSinceNs == 0) {
            return due;
        }
        long heldNs = nowNs - fullSinceNs;
        for (String group : waitingGroups) {
            if (heldNs >= timeoutNsOfGroup.applyAsLong(group)) {
                due.add(group);
            }
        }
        return due;
    }

    /** @return the bound of a group, in nanoseconds */
    long timeoutNs(String group) {
        return timeoutNsOfGroup.applyAsLong(group);
    }
}
