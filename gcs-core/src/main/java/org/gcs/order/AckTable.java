package org.gcs.order;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.MemberId;

/**
 * What each member of a total-order group last acknowledged: the epoch it follows and the position up to which it
 * holds the chain and every payload the chain names. From these, the commit frontier (what every member holds) and
 * the stable position (what may be forgotten).
 */
final class AckTable {
    private record Ack(long incarnation, Epoch epoch, long position, long delivered) {
    }

    private final Map<MemberId, Ack> latest = new HashMap<>();

    /** Records an acknowledgement if it is newer than the one kept for that member. */
    void record(MemberId member, long incarnation, Epoch epoch, long position, long delivered) {
        Ack kept = latest.get(member);
        if (kept == null || kept.incarnation != incarnation || epoch.compareTo(kept.epoch) > 0
                || epoch.equals(kept.epoch) && (position > kept.position || delivered > kept.delivered)) {
            long deliveredNow = kept != null && kept.incarnation == incarnation
                    ? Math.max(kept.delivered, delivered) : delivered;
            latest.put(member, new Ack(incarnation, epoch, Math.max(position,
                    kept != null && kept.incarnation == incarnation && epoch.equals(kept.epoch) ? kept.position : -1),
                    deliveredNow));
        }
    }

    /**
     * @return the lowest position delivered by the view's members (any epoch: what is delivered is the same
     *     everywhere), -1 if one has told nothing
     */
    long lowestDelivered(List<Incarnation> members) {
        long lowest = Long.MAX_VALUE;
        for (Incarnation member : members) {
            Ack kept = latest.get(member.member());
            lowest = Math.min(lowest, kept != null && kept.incarnation == member.number() ? kept.delivered : -1);
        }
        return lowest;
    }

    /** @return the position the incarnation acknowledged in the epoch, -1 if none */
    long position(Incarnation member, Epoch epoch) {
        Ack kept = latest.get(member.member());
        return kept != null && kept.incarnation == member.number() && kept.epoch.equals(epoch) ? kept.position : -1;
    }

    /** @return the lowest position acknowledged in the epoch by the view's members, -1 if one has none */
    long lowest(List<Incarnation> members, Epoch epoch) {
        long lowest = Long.MAX_VALUE;
        for (Incarnation member : members) {
            lowest = Math.min(lowest, position(member, epoch));
        }
        return lowest;
    }

    /**
     * The commit frontier: the highest position that every member of the view in effect there holds, under the
     * chain's epoch. A view entry held by all of its members commits everything before it too (its departed members
     * need not hold it).
     *
     * @param chain the chain
     * @param delivered the last position delivered here
     * @return the last position that may be delivered
     */
    long commitFrontier(OrderChain chain, long delivered) {
        long commit = delivered;
        long segmentStart = delivered + 1;
        if (segmentStart > chain.top()) {
            return commit;
        }
        ChainEntry.ViewChange view = chain.viewAt(segmentStart);
        for (ChainEntry.ViewChange next : chain.viewsAfter(segmentStart)) {
            commit = Math.max(commit, reach(view, chain.epoch(), segmentStart, next.first() - 1));
            segmentStart = next.first();
            view = next;
        }
        return Math.max(commit, reach(view, chain.epoch(), segmentStart, chain.top()));
    }

    private long reach(ChainEntry.ViewChange view, Epoch epoch, long from, long to) {
        if (view == null || from > to) {
            return -1;
        }
        long lowest = lowest(view.members(), epoch);
        return lowest >= from ? Math.min(lowest, to) : -1;
    }
}
