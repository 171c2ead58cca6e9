package org.gcs.order;

import java.util.Collection;
import java.util.List;
import org.gcs.MemberId;

/**
 * Whether a set of members may go on ordering for a view: the primary-component rule of a total-order group
 * (docs/architecture.md, "Partitions"). They must be more than half of the view's members, or exactly half
 * including its most senior member. Two disjoint sets can never both pass for one view, so at most one side of a
 * partition orders; the other blocks.
 */
final class Quorum {
    private Quorum() {
    }

    /**
     * @param present the members that may go on (by identity)
     * @param view the view's members, the most senior first
     * @return true if {@code present} holds a majority of {@code view}, or exactly half with its most senior member
     */
    static boolean holds(Collection<MemberId> present, List<Incarnation> view) {
        if (view.isEmpty()) {
            return true;
        }
        long inView = view.stream().filter(member -> present.contains(member.member())).count();
        if (2 * inView != view.size()) {
            return 2 * inView > view.size();
        }
        return present.contains(view.get(0).member());
    }
}
