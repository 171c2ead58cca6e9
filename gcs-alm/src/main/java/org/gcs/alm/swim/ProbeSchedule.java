package org.gcs.alm.swim;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The order in which this member probes the others (SWIM §4.3, "round-robin probe target selection"): a pass goes
 * through a random permutation of the members alive or suspect, and the list is shuffled again after each full
 * pass. Every member is probed once per pass, so two probes of the same target by this member are at most
 * (2n − 1) protocol periods apart (SWIM §4.3), where uniformly random targets give no bound at all.
 *
 * <p>A new member goes to a uniformly random position among those not yet probed in the current pass (the
 * member it displaces moves to the end, also still unvisited), so it is probed in this pass and the list stays a
 * uniform permutation of what is left; both cost O(1). Removal is O(n), and happens only when a member dies.
 */
final class ProbeSchedule {
    private final List<String> order = new ArrayList<>();
    /** The next position to probe; a pass ends when it reaches the end. */
    private int cursor;

    /**
     * Adds a member that is not in the schedule (a new or revived member).
     *
     * @param member the member id
     * @param random where the position comes from
     */
    void insert(String member, RandomGenerator random) {
        order.add(member);
        int last = order.size() - 1;
        int position = cursor + random.nextInt(last - cursor + 1);
        order.set(last, order.get(position));
        order.set(position, member);
    }

    /**
     * Takes a member out of the schedule (it died); does nothing if it is not in it.
     *
     * @param member the member id
     */
    void remove(String member) {
        int index = order.indexOf(member);
        if (index < 0) {
            return;
        }
        order.remove(index);
        if (index < cursor) {
            cursor--;
        }
    }

    /**
     * @param random where a new permutation comes from, at the end of a pass
     * @return the member to probe next, or null if there is none
     */
    String next(RandomGenerator random) {
        if (order.isEmpty()) {
            return null;
        }
        if (cursor >= order.size()) {
            shuffle(random);
            cursor = 0;
        }
        return order.get(cursor++);
    }

    /** @return how many members are scheduled */
    int size() {
        return order.size();
    }

    /** Fisher-Yates. */
    private void shuffle(RandomGenerator random) {
        for (int i = order.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            String swapped = order.get(i);
            order.set(i, order.get(j));
            order.set(j, swapped);
        }
    }
}
