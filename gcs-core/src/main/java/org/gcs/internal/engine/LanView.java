package org.gcs.internal.engine;

import java.util.List;
import java.util.Optional;

/**
 * A view of the site's LAN cluster, as the LAN layer installs it: the same ordered member list on every
 * member (the oldest member first).
 *
 * @param viewId increases with every view
 * @param members the members, oldest first
 */
public record LanView(long viewId, List<LanMember> members) {
    /** Makes the list immutable. */
    public LanView {
        members = List.copyOf(members);
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
     * One member of the LAN view.
     *
     * @param name member name
     * @param incarnation member incarnation
     * @param delegateEligible whether it may be the delegate
     */
    public record LanMember(String name, long incarnation, boolean delegateEligible) {
    }
}
