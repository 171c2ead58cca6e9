package org.gcs.internal.engine;

import java.util.List;
import java.util.Optional;

/**
 * A view of the site's LAN cluster, as the LAN layer installs it: the same ordered member list on every
 * member (the oldest member first).
 *
 * @param viewId increases with every view
 * @param members the members, oldest first
 * @param merged whether the view joins partitions of the cluster that had views of their own (a JGroups
 *     {@code MergeView}: after a split, or after a member that was hung or paused for longer than failure detection
 *     comes back); the members of each partition may have had a delegate of their own meanwhile
 */
public record LanView(long viewId, List<LanMember> members, boolean merged) {
    /** Makes the list immutable. */
    public LanView {
        members = List.copyOf(members);
    }

    /** A view that is not a merge. */
    public LanView(long viewId, List<LanMember> members) {
        this(viewId, members, false);
    }

    /** @return the delegate: the oldest member that is eligible for the role */
    public Optional<LanMember> delegate() {
        for (LanMember member : members) {
            if (member.delegateEligible()) {
                return Optional.of(member);
            }
        }
        return Optional.empty();
    }

    /** @return true if a member of that name and incarnation is in the view */
    public boolean contains(String name, long incarnation) {
        for (LanMember member : members) {
            if (member.name().equals(name) && member.incarnation() == incarnation) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return the oldest member of the view that is not the given one (by name and incarnation), if any
     */
    public Optional<LanMember> mostSeniorOtherThan(String name, long incarnation) {
        for (LanMember member : members) {
            if (!member.name().equals(name) || member.incarnation() != incarnation) {
                return Optional.of(member);
            }
        }
        return Optional.empty();
    }

    /**
     * One member of the LAN view.
     *
     * @param name member name
     * @param incarnation member incarnation
     * @param delegateEligible whether it may be the delegate
     */
    public record LanMember(String name, long incarnation, boolean delegateEligible) {
    }
}
