package org.gcs.order;

import java.util.Collection;
import java.util.List;

/**
 * Whether a set of members may go on ordering for a view: the primary-component rule of a total-order group
 * (docs/architecture.md, "Partitions"). They must be more than half of the view's members, or exactly half
 * including its most senior member. Two disjoint sets can never both pass for one view, so at most one side of a
 * partition orders; the other blocks. Members count as the incarnations the view lists: a member that joined again
 * is a new member, and does not count for the view it left.
 */
final class Quorum {
    private Quorum() {
    }

    /**
     * @param present the members that may go on
     * @param view the view's members, the most senior first
     * @return true if {@code present} holds a majority of {@code view}, or exactly half with its most senior member
     */
    static boolean holds(Collection<Incarnation> present, List<Incarnation> view) {
        if (view.isEmpty()) {
            return true;
        }
        long inView = view.stream().filter(present::contains).count();
        if (2 * inView != view.size()) {
            return 2 * inView > view.size();
        }
        return present.contains(view.get(0));
    }
}
