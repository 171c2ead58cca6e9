package org.gcs.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a total-order group's agreed order that a member still keeps: the entries from the first position
 * not yet both delivered here and held by every member, to the last one it knows, under the epoch (sequencer) it
 * follows. Positions count every message and view of the group from 1.
 */
final class OrderChain {
    /**
     * The most positions one message entry covers when consecutive messages of a sender are appended one by one and
     * merged (the sequencer appends as they arrive): orders then carry one entry per run of a sender instead of one
     * per message, and the members keep and search fewer entries.
     */
    static final long MAX_MERGED_POSITIONS = 1024;

    private Epoch epoch;
    private final List<ChainEntry> entries = new ArrayList<>();
    /** The first position kept (the next position to append when nothing is kept). */
    private long start;
    /** The view in effect just before {@link #start}; null when the first kept entry is the member's own view. */
    private ChainEntry.ViewChange baseView;
    /** Each incarnation's last ordered message number in the discarded prefix. */
    private final Map<Incarnation, Long> orderedBefore = new HashMap<>();
    /** Each incarnation's last ordered message number, prefix and kept entries together. */
    private final Map<Incarnation, Long> lastOrdered = new HashMap<>();
    /** The kept view entries by position, so that finding a view costs no scan of the messages. */
    private final java.util.TreeMap<Long, ChainEntry.ViewChange> views = new java.util.TreeMap<>();
    /** Incarnations that a view of this chain left out after an earlier one listed them: never admitted again. */
    private final java.util.Set<Incarnation> departed = new java.util.HashSet<>();

    /**
     * A chain that starts with a member's own admission.
     *
     * @param epoch the epoch of the order that admitted it
     * @param admission the view that admitted it
     */
    OrderChain(Epoch epoch, ChainEntry.ViewChange admission) {
        this.epoch = epoch;
        this.start = admission.first();
        entries.add(admission);
        views.put(admission.first(), admission);
    }

    Epoch epoch() {
        return epoch;
    }

    void epoch(Epoch newEpoch) {
        epoch = newEpoch;
    }

    /** @return the first position kept */
    long start() {
        return start;
    }

    /** @return the last position known, {@code start - 1} when nothing is kept */
    long top() {
        return entries.isEmpty() ? start - 1 : entries.get(entries.size() - 1).end() - 1;
    }

    /** @return the entry covering a kept position, or null */
    ChainEntry entryAt(long position) {
        int low = 0;
        int high = entries.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            ChainEntry entry = entries.get(mid);
            if (position < entry.first()) {
                high = mid - 1;
            } else if (position >= entry.end()) {
                low = mid + 1;
            } else {
                return entry;
            }
        }
        return null;
    }

    /** @return the view in effect at a kept position (a view entry is in effect at its own position) */
    ChainEntry.ViewChange viewAt(long position) {
        var floor = views.floorEntry(position);
        return floor != null ? floor.getValue() : baseView;
    }

    /** @return the view in effect at the last known position */
    ChainEntry.ViewChange topView() {
        return views.isEmpty() ? baseView : views.lastEntry().getValue();
    }

    /** @return the views that take effect after {@code position}, in order */
    List<ChainEntry.ViewChange> viewsAfter(long position) {
        return new ArrayList<>(views.tailMap(position, false).values());
    }

    /** @return the last message number of an incarnation that the chain orders, 0 if none */
    long lastOrderedSeq(Incarnation sender) {
        return lastOrdered.getOrDefault(sender, 0L);
    }

    /**
     * Appends an entry at the next position.
     *
     * @throws IllegalStateException if it does not start right after the last known position
     */
    void append(ChainEntry entry) {
        if (entry.first() != top() + 1) {
            throw new IllegalStateException("entry at " + entry.first() + " after " + top());
        }
        ChainEntry.ViewChange previous = entries.isEmpty() ? null : topView();
        if (entry instanceof ChainEntry.ViewChange v && previous != null) {
            for (Incarnation member : previous.members()) {
                if (!v.members().contains(member)) {
                    departed.add(member);
                }
            }
        }
        if (entry instanceof ChainEntry.Messages m && extendsLast(m)) {
            ChainEntry.Messages last = (ChainEntry.Messages) entries.get(entries.size() - 1);
            entries.set(entries.size() - 1, new ChainEntry.Messages(last.first(), m.sender(), last.fromSeq(),
                    m.toSeq()));
        } else {
            entries.add(entry);
        }
        if (entry instanceof ChainEntry.Messages m) {
            lastOrdered.merge(m.sender(), m.toSeq(), Math::max);
        } else {
            views.put(entry.first(), (ChainEntry.ViewChange) entry);
        }
    }

    /**
     * @return true if a message entry goes on the last one: same sender, the next numbers, and the two together within
     *     {@value #MAX_MERGED_POSITIONS} positions (an entry is forgotten only whole: {@link #discardThrough})
     */
    private boolean extendsLast(ChainEntry.Messages m) {
        return !entries.isEmpty() && entries.get(entries.size() - 1) instanceof ChainEntry.Messages last
                && last.sender().equals(m.sender()) && last.toSeq() + 1 == m.fromSeq()
                && last.size() + m.size() <= MAX_MERGED_POSITIONS;
    }

    /** @return true if a view of this chain left the incarnation out after listing it */
    boolean departed(Incarnation member) {
        return departed.contains(member);
    }

    /** Forgets every entry from a position on (a message range that straddles it keeps its earlier part). */
    void truncateFrom(long position) {
        views.tailMap(position, true).clear();
        while (!entries.isEmpty() && entries.get(entries.size() - 1).first() >= position) {
            entries.remove(entries.size() - 1);
        }
        if (!entries.isEmpty() && entries.get(entries.size() - 1).end() > position) {
            ChainEntry.Messages cut = (ChainEntry.Messages) entries.remove(entries.size() - 1);
            entries.add(new ChainEntry.Messages(cut.first(), cut.sender(), cut.fromSeq(), cut.seqAt(position - 1)));
        }
        lastOrdered.clear();
        lastOrdered.putAll(orderedBefore);
        for (ChainEntry entry : entries) {
            if (entry instanceof ChainEntry.Messages m) {
                lastOrdered.merge(m.sender(), m.toSeq(), Math::max);
            }
        }
    }

    /** @return the kept entries from {@code from} to {@code to} (inclusive), cut to fit */
    List<ChainEntry> entriesBetween(long from, long to) {
        List<ChainEntry> result = new ArrayList<>();
        for (int i = firstEndingAfter(from); i < entries.size() && entries.get(i).first() <= to; i++) {
            ChainEntry entry = entries.get(i);
            result.add(clip(entry, Math.max(from, entry.first()), Math.min(to, entry.end() - 1)));
        }
        return result;
    }

    /** @return the index of the first kept entry that covers a position at or after {@code position} */
    private int firstEndingAfter(long position) {
        int low = 0;
        int high = entries.size();
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (entries.get(mid).end() <= position) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /**
     * Cuts an entry down to the positions {@code from..to}, which it covers.
     *
     * @return the entry itself when nothing is cut
     */
    static ChainEntry clip(ChainEntry entry, long from, long to) {
        if (from == entry.first() && to == entry.end() - 1) {
            return entry;
        }
        ChainEntry.Messages m = (ChainEntry.Messages) entry;
        return new ChainEntry.Messages(from, m.sender(), m.seqAt(from), m.seqAt(to));
    }

    /**
     * Forgets the entries that end at or before a position (delivered here and held everywhere), keeping the view in
     * effect there.
     *
     * @return the message entries forgotten, whose payloads may go
     */
    List<ChainEntry.Messages> discardThrough(long position) {
        List<ChainEntry.Messages> gone = new ArrayList<>();
        int count = 0;
        while (count < entries.size() && entries.get(count).end() - 1 <= position) {
            ChainEntry entry = entries.get(count++);
            if (entry instanceof ChainEntry.ViewChange v) {
                baseView = v;
                views.remove(v.first());
            } else {
                ChainEntry.Messages m = (ChainEntry.Messages) entry;
                orderedBefore.merge(m.sender(), m.toSeq(), Math::max);
                gone.add(m);
            }
            start = entry.end();
        }
        entries.subList(0, count).clear();
        return gone;
    }

}
