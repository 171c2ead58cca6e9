package org.gcs.examples.whiteboard;

import java.util.concurrent.atomic.AtomicLong;
import org.gcs.GroupMessage;
import org.gcs.MessageListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the strokes and clears delivered in the whiteboard's group on the board, in the group's agreed order. A message that is
 * not a valid whiteboard message, or a stroke or clear whose author is not its sender, is counted
 * ({@link #malformed()}), logged at WARN and dropped: it never stops delivery. Messages of other groups are ignored.
 */
final class BoardDelivery implements MessageListener {
    private static final Logger LOG = LoggerFactory.getLogger(BoardDelivery.class);

    private final String group;
    private final Board board;
    private final AtomicLong malformed = new AtomicLong();

    /**
     * @param group the whiteboard's group
     * @param board where delivered strokes go
     */
    BoardDelivery(String group, Board board) {
        this.group = group;
        this.board = board;
    }

    @Override
    public void onMessage(GroupMessage message) {
        if (!group.equals(message.group())) {
            return;
        }
        BoardEvent event;
        try {
            event = StrokeCodec.decode(message.payload());
            if (!event.author().equals(message.sender().toString())) {
                throw new IllegalArgumentException("author " + event.author() + " is not the sender");
            }
        } catch (RuntimeException e) {
            long count = malformed.incrementAndGet();
            LOG.warn("dropped malformed whiteboard message #{} of {} bytes from {}: {}", count,
                    message.payload().length, message.sender(), e.getMessage());
            return;
        }
        if (event instanceof Stroke stroke) {
            board.add(stroke);
        } else {
            board.clear();
        }
    }

    /** @return the malformed messages dropped so far */
    long malformed() {
        return malformed.get();
    }
}
