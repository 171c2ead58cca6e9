package org.gcs.examples.whiteboard;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.gcs.order.StateProvider;
import org.gcs.order.StateReceiver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The board's state transfer: a member gives a newcomer its strokes as of a point of the group's order (a count,
 * then each stroke in {@link StrokeCodec}'s form with its length), and a newcomer puts them on its empty board before
 * the strokes drawn after that point. The board is replaced only once the whole state was read, so a transfer that
 * starts over with another member leaves nothing half drawn.
 */
final class BoardState implements StateProvider, StateReceiver {
    private static final Logger LOG = LoggerFactory.getLogger(BoardState.class);

    private final Board board;
    private volatile boolean complete;

    /** @param board the member's board */
    BoardState(Board board) {
        this.board = board;
    }

    @Override
    public Snapshot snapshot(String group, long position) {
        List<Stroke> strokes = board.strokes(); // a copy, taken between two deliveries
        return out -> {
            DataOutputStream data = new DataOutputStream(new BufferedOutputStream(out));
            data.writeInt(strokes.size());
            for (Stroke stroke : strokes) {
                byte[] bytes = StrokeCodec.encode(stroke);
                data.writeInt(bytes.length);
                data.write(bytes);
            }
            data.flush();
        };
    }

    @Override
    public void readState(String group, long position, InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(new BufferedInputStream(in));
        int count = data.readInt();
        if (count < 0 || count > Board.DEFAULT_MAX_STROKES * 10) {
            throw new IOException("a board state of " + count + " strokes");
        }
        List<Stroke> strokes = new ArrayList<>(Math.min(count, Board.DEFAULT_MAX_STROKES));
        for (int i = 0; i < count; i++) {
            int length = data.readInt();
            if (length < 0 || length > 1 << 20) {
                throw new IOException("a stroke of " + length + " bytes in the board state");
            }
            byte[] bytes = data.readNBytes(length);
            if (bytes.length != length || !(StrokeCodec.decode(bytes) instanceof Stroke stroke)) {
                throw new IOException("stroke " + i + " of the board state is cut short or not a stroke");
            }
            strokes.add(stroke);
        }
        board.clear();
        strokes.forEach(board::add);
        complete = true;
        LOG.info("board of group '{}' received: {} stroke(s) as of position {}", group, count, position);
    }

    @Override
    public void onFirstMember(String group) {
        complete = true;
    }

    /**
     * @return true once the board holds every stroke of the group: received from another member, or this member
     *     was the group's first (until then, strokes are held, and a message counted by the members that gave the
     *     board may be in it instead of delivered here)
     */
    boolean complete() {
        return complete;
    }

    @Override
    public void onStateFailed(String group, String reason) {
        LOG.error("the board of group '{}' could not be received ({}); this whiteboard left the group: restart it",
                group, reason);
    }
}
