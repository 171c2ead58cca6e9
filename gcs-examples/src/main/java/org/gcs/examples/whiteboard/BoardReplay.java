package org.gcs.examples.whiteboard;

import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.gcs.GcsException;
import org.gcs.GcsNode;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.ViewListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.gcs.tools.threads.Threads;

/**
 * A simple state transfer: when a view of the whiteboard's group brings new members, the first (smallest) member
 * that was already in the previous view sends every stroke of its board to the group again as
 * {@link ReplayedStroke}s; boards that hold a stroke already ignore it, so only the newcomers draw them. When two
 * sides merge, each side's first member replays its board, so both sides get the other's strokes.
 *
 * <p>Best effort: strokes drawn while the replay is under way arrive at the newcomers live and may be drawn below
 * replayed ones; a clear sent during a replay by another member may be followed by replayed strokes at some sites.
 * Replays are sent on a thread of their own with the blocking send, so the delivery thread never waits.
 */
final class BoardReplay implements ViewListener, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BoardReplay.class);

    private final GcsNode node;
    private final String group;
    private final Board board;
    private final ExecutorService sender = Executors.newSingleThreadExecutor(
            Threads.daemons("gcs-whiteboard-replay"));
    /** The members of the last view of the group this node saw; touched on the delivery thread only. */
    private Set<MemberId> previous = Set.of();

    /**
     * @param node the node, a member of the group
     * @param group the whiteboard's group
     * @param board the node's board, replayed when new members arrive
     */
    BoardReplay(GcsNode node, String group, Board board) {
        this.node = node;
        this.group = group;
        this.board = board;
    }

    @Override
    public void onView(GroupView view) {
        if (!view.group().equals(group)) {
            return;
        }
        Set<MemberId> before = previous;
        previous = Set.copyOf(view.members());
        if (!replays(node.self(), before, view.members())) {
            return;
        }
        List<Stroke> strokes = board.strokes();
        if (strokes.isEmpty()) {
            return;
        }
        LOG.info("replaying {} stroke(s) for the new members of view #{} of {}", strokes.size(), view.viewId(), group);
        sender.execute(() -> replay(strokes));
    }

    /**
     * @param self this member
     * @param before the members of the previous view (empty before the first)
     * @param now the members of the new view
     * @return true if this member must replay its board: the view brings new members, this member was in the
     *         previous view, and it is the smallest of those that stay
     */
    static boolean replays(MemberId self, Set<MemberId> before, List<MemberId> now) {
        if (before.isEmpty() || before.containsAll(now)) {
            return false;
        }
        Set<MemberId> stayed = new HashSet<>(now);
        stayed.retainAll(before);
        return !stayed.isEmpty() && Collections.min(stayed).equals(self);
    }

    private void replay(List<Stroke> strokes) {
        try {
            for (Stroke stroke : strokes) {
                node.send(group, StrokeCodec.encode(new ReplayedStroke(stroke)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (GcsException e) {
            LOG.warn("replay of the board stopped: {}", e.toString());
        }
    }

    /** Stops a replay under way. */
    @Override
    public void close() {
        sender.shutdownNow();
    }
}
