package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gcs.internal.wire.LanMessage.Held;
import org.gcs.internal.wire.LanMessage.HeldMark;

/**
 * A member's side of {@link SiteHoldTracker}: remembers per origin the highest sequence number the delegate
 * handed it, and reports what changed (every origin once more to a new delegate).
 */
final class HeldReport {
    /** The most marks in one report; the rest follow in the next ones. */
    static final int MAX_MARKS = 1024;

    private final String member;
    private final long incarnation;
    private final Map<OriginKey, Long> highest = new HashMap<>();
    private final Set<OriginKey> changed = new LinkedHashSet<>();

    HeldReport(String member, long incarnation) {
        this.member = member;
        this.incarnation = incarnation;
    }

    /** The delegate handed this member a message (whether or not it delivers it). */
    void onReceived(OriginKey origin, long memberSeq) {
        highest.merge(origin, memberSeq, Math::max);
        changed.add(origin);
    }

    /** The site has a new delegate: it has heard nothing from this member yet. */
    void reportAllAgain() {
        changed.addAll(highest.keySet());
    }

    /** @return true if something changed since the last report (the next tick sends one) */
    boolean pending() {
        return !changed.isEmpty();
    }

    /** @return the next report, if anything changed since the last one */
    Optional<Held> next() {
        if (changed.isEmpty()) {
            return Optional.empty();
        }
        List<HeldMark> marks = new ArrayList<>(Math.min(changed.size(), MAX_MARKS));
        Iterator<OriginKey> it = changed.iterator();
        while (it.hasNext() && marks.size() < MAX_MARKS) {
            OriginKey origin = it.next();
            it.remove();
            marks.add(new HeldMark(origin.site(), origin.member(), origin.incarnation(), origin.group(),
                    highest.get(origin)));
        }
        return Optional.of(new Held(member, incarnation, marks));
    }
}
