package org.gcs.examples.whiteboard;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The strokes one node delivered, in delivery order, each numbered with a sequence number ({@code seq}, 1, 2, 3...
 * on this node) so a page can ask for what is new. Bounded: beyond {@code maxStrokes} strokes or {@code maxPoints}
 * points in all, the oldest strokes are dropped. A stroke it holds already (same author and id: a replay for late
 * joiners) is not added again. A clear takes a sequence number too and empties the board; a page that asks from
 * before it is told to start again ({@link Page#reset()}). Thread-safe.
 */
public final class Board {
    /** The default bound on strokes kept. */
    public static final int DEFAULT_MAX_STROKES = 10_000;
    /** The default bound on the points of all strokes kept (about 50 bytes each in memory). */
    public static final long DEFAULT_MAX_POINTS = 500_000;

    /**
     * A stroke on the board.
     *
     * @param seq its place on this node's board
     * @param stroke the stroke
     */
    public record Entry(long seq, Stroke stroke) {
    }

    /**
     * An answer to {@link #since(long, int)}.
     *
     * @param next the sequence number to ask from next time
     * @param reset true if the page must wipe its canvas first (a clear happened since, or it asked from the future,
     *              that is from before a restart of this node)
     * @param strokes the strokes, oldest first
     * @param more true if more strokes are waiting: ask again from {@code next} at once
     */
    public record Page(long next, boolean reset, List<Entry> strokes, boolean more) {
    }

    private final int maxStrokes;
    private final long maxPoints;
    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    /** Author and id of every stroke in {@link #entries}. */
    private final Set<String> held = new HashSet<>();
    private long points;
    private long lastSeq;
    private long clearSeq;
    private long dropped;

    /**
     * @param maxStrokes the most strokes kept (at least 1)
     * @param maxPoints the most points kept over all strokes (at least {@link Stroke#MAX_POINTS})
     */
    public Board(int maxStrokes, long maxPoints) {
        if (maxStrokes < 1 || maxPoints < Stroke.MAX_POINTS) {
            throw new IllegalArgumentException("a board keeps at least 1 stroke and " + Stroke.MAX_POINTS
                    + " points, got " + maxStrokes + " and " + maxPoints);
        }
        this.maxStrokes = maxStrokes;
        this.maxPoints = maxPoints;
    }

    /** @return a board with the default bounds */
    public static Board withDefaultBounds() {
        return new Board(DEFAULT_MAX_STROKES, DEFAULT_MAX_POINTS);
    }

    /**
     * @param stroke a delivered stroke
     * @return its sequence number, or 0 if the board holds it already
     */
    public synchronized long add(Stroke stroke) {
        if (!held.add(key(stroke))) {
            return 0;
        }
        entries.addLast(new Entry(++lastSeq, stroke));
        points += stroke.points().size();
        while (entries.size() > maxStrokes || points > maxPoints) {
            Stroke oldest = entries.removeFirst().stroke();
            held.remove(key(oldest));
            points -= oldest.points().size();
            dropped++;
        }
        return lastSeq;
    }

    private static String key(Stroke stroke) {
        return stroke.author() + "#" + stroke.id();
    }

    /** @return the strokes on the board now, oldest first */
    public synchronized List<Stroke> strokes() {
        List<Stroke> strokes = new ArrayList<>(entries.size());
        entries.forEach(entry -> strokes.add(entry.stroke()));
        return strokes;
    }

    /** Empties the board (a delivered clear). */
    public synchronized void clear() {
        entries.clear();
        held.clear();
        points = 0;
        clearSeq = ++lastSeq;
    }

    /**
     * @param since the sequence number the page has seen up to (0 at first)
     * @param maxStrokes the most strokes to answer with (at least 1)
     * @return the strokes after {@code since}, or all strokes when the page must start again
     */
    public synchronized Page since(long since, int maxStrokes) {
        boolean reset = since < clearSeq || since > lastSeq;
        long from = reset ? clearSeq : since;
        List<Entry> page = new ArrayList<>();
        boolean more = false;
        for (Entry entry : entries) {
            if (entry.seq() > from) {
                if (page.size() == maxStrokes) {
                    more = true;
                    break;
                }
                page.add(entry);
            }
        }
        long next = more ? page.get(page.size() - 1).seq() : lastSeq;
        return new Page(next, reset, List.copyOf(page), more);
    }

    /** @return the strokes on the board now */
    public synchronized int size() {
        return entries.size();
    }

    /** @return the strokes dropped so far to keep within the bounds */
    public synchronized long dropped() {
        return dropped;
    }
}
