package org.gcs.internal.node;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.LanOutgoing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The LAN-out path of a node: outgoing messages go to a {@link LanSender} ({@code gcs-lan-out-<member>}), which
 * performs the JGroups sends off the event loop (a send may block on JGroups flow control) and bundles what queued up
 * while it was busy ({@link org.gcs.internal.wire.LanBundle}).
 *
 * <p>At a light load that thread is a hand-off a message need not take: the messages of one loop turn are collected
 * and, when the turn ends, a turn of at most {@value #SEND_HERE_MAX_BYTES} bytes (or a single message) is sent by the
 * loop itself if the LAN-out thread is idle and JGroups' flow control has credits for it, so the send cannot block
 * (docs/architecture.md §6; docs/performance.md, "Fewer hand-offs at light load"). Larger turns, and any turn while
 * the thread is busy, go to the thread, which bundles them. The bytes queued but not yet sent are bounded by
 * watermarks: above {@value #HIGH_WATERMARK_BYTES} bytes the engine is told to hold back (a delegate stops receiving
 * from the WAN, so remote senders wait), below {@value #LOW_WATERMARK_BYTES} bytes it resumes. {@link #send} is called
 * on the loop only.
 */
final class LanOut {
    private static final Logger LOG = LoggerFactory.getLogger(LanOut.class);
    static final long HIGH_WATERMARK_BYTES = 8L << 20;
    static final long LOW_WATERMARK_BYTES = 2L << 20;
    /**
     * The largest JGroups message a bundle makes: under FRAG4's 60 000-byte fragments, so a bundle is never cut, and
     * room for 56 messages of 1000 bytes.
     */
    static final int MAX_BUNDLE_BYTES = 56 * 1024;
    /**
     * The most bytes of one loop turn the loop sends itself (a single message of any size too): a light load's
     * turn holds a message or two; a busy turn holds more and goes to the LAN-out thread, which bundles it.
     */
    static final int SEND_HERE_MAX_BYTES = 4 * 1024;

    /** Runs a task on the loop when the loop's current turn ends (after the tasks and I/O of this turn). */
    interface TurnEnd {
        void afterThisTurn(Runnable task);
    }

    /** Takes the back-pressure signal, on the loop. */
    interface Pressure {
        /** @param paused true when the queue went above the high watermark, false when it fell below the low one */
        void onLanBackPressure(boolean paused);
    }

    /** Counts what went out. */
    interface SendCounter {
        /** {@code messages} GCS messages left in {@code sends} JGroups messages. */
        void sent(int messages, int sends);
    }

    private final Executor loop;
    private final TurnEnd turnEnd;
    private final LongPredicate sendWouldNotBlock;
    private final Pressure pressure;
    private final BooleanSupplier closed;
    private final LanSender sender;
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);
    /** Written on the loop only. */
    private volatile boolean paused;
    /** The messages of the loop's current turn not yet passed on; loop only. */
    private List<LanOutgoing> turn = new ArrayList<>();
    private long turnBytes;
    private boolean turnEndScheduled;
    /** True once this turn's messages went to the LAN-out thread: the rest of the turn follows them; loop only. */
    private boolean turnHandedOff;

    /**
     * @param memberName names the thread
     * @param loop the event loop that hands the messages over (and hears the back-pressure signal)
     * @param turnEnd runs a task when the loop's current turn ends
     * @param sender performs one LAN send: on the LAN-out thread, or at once on the loop when that thread is idle
     * @param sendWouldNotBlock true if a LAN send of that many bytes cannot block now (JGroups' credits)
     * @param pressure takes the back-pressure signal, on the loop
     * @param closed true once the node is closing (failed sends are then expected and not logged)
     * @param counter counts messages and sends, on the LAN-out thread
     * @param maxBundleBytes the largest bundle ({@link #MAX_BUNDLE_BYTES} in a node)
     */
    LanOut(String memberName, Executor loop, TurnEnd turnEnd, LanSender.Transport sender,
           LongPredicate sendWouldNotBlock, Pressure pressure, BooleanSupplier closed, SendCounter counter, int maxBundleBytes) {
        this.loop = loop;
        this.turnEnd = turnEnd;
        this.sendWouldNotBlock = sendWouldNotBlock;
        this.pressure = pressure;
        this.closed = closed;
        this.sender = new LanSender("gcs-lan-out-" + memberName, sender, new LanSender.Listener() {
            @Override
            public void sent(int messages, int sends, long queuedBytesLeft) {
                counter.sent(messages, sends);
                if (paused && queuedBytesLeft <= LOW_WATERMARK_BYTES && !closed.getAsBoolean()) {
                    resumeOnLoop();
                }
            }

            @Override
            public void failed(Exception e) {
                if (!closed.getAsBoolean()) {
                    warnings.warn("lan-send-failed", System.nanoTime(), "LAN send of {} failed: {}", memberName,
                            e.toString());
                }
            }
        }, maxBundleBytes);
    }

    /**
     * Passes a message on to the LAN, on the loop: sent by the loop when its turn ends if the turn is light
     * and the LAN-out thread idle, else queued for that thread; past the high watermark the engine is held back.
     */
    void send(LanOutgoing message) {
        if (turnHandedOff) {
            queue(message);
            return;
        }
        turn.add(message);
        turnBytes += message.size();
        if (turnBytes > SEND_HERE_MAX_BYTES && turn.size() > 1) {
            // a busy turn: the thread takes it now (and bundles it), the rest of the turn follows
            List<LanOutgoing> messages = takeTurn();
            turnHandedOff = true;
            for (LanOutgoing queued : messages) {
                queue(queued);
            }
        }
        if (!turnEndScheduled) {
            turnEndScheduled = true;
            turnEnd.afterThisTurn(this::endTurn);
        }
    }

    /** When the loop's turn ends: a light turn is sent here if the LAN-out thread is idle, else queued for it. */
    private void endTurn() {
        turnEndScheduled = false;
        turnHandedOff = false;
        if (turn.isEmpty()) {
            return;
        }
        if (!sender.sendHereOrQueue(takeTurn(), sendWouldNotBlock)) {
            checkHighWatermark();
        }
    }

    private List<LanOutgoing> takeTurn() {
        List<LanOutgoing> messages = turn;
        turn = new ArrayList<>();
        turnBytes = 0;
        return messages;
    }

    private void queue(LanOutgoing message) {
        sender.add(message);
        checkHighWatermark();
    }

    private void checkHighWatermark() {
        if (!paused && sender.queuedBytes() > HIGH_WATERMARK_BYTES) {
            checkPressure();
        }
    }

    /** @return the bytes queued and not yet sent */
    long queuedBytes() {
        return sender.queuedBytes();
    }

    /** @return true while the engine is held back */
    boolean paused() {
        return paused;
    }

    private void resumeOnLoop() {
        try {
            loop.execute(() -> {
                try {
                    checkPressure();
                } catch (RuntimeException e) {
                    LOG.error("protocol task failed; continuing", e);
                }
            });
        } catch (RejectedExecutionException ignored) {
            // closing
        }
    }

    /** On the loop: tells the engine when the queue crosses a watermark (high to pause, low to resume). */
    private void checkPressure() {
        boolean pause = sender.queuedBytes() > (paused ? LOW_WATERMARK_BYTES : HIGH_WATERMARK_BYTES);
        if (pause != paused) {
            paused = pause;
            pressure.onLanBackPressure(pause);
        }
    }

    /**
     * Waits (at most 2 s) until the queue is empty: messages this delegate already acknowledged to a sending site
     * must reach its members before it leaves the LAN. Not on the loop.
     */
    void drain() {
        CountDownLatch loopPassed = new CountDownLatch(1);
        try {
            // behind the loop tasks already queued, which may still send to the LAN; this turn's messages go first
            loop.execute(() -> {
                try {
                    endTurn();
                } finally {
                    loopPassed.countDown();
                }
            });
        } catch (RejectedExecutionException e) {
            loopPassed.countDown();
        }
        try {
            if (loopPassed.await(2, TimeUnit.SECONDS)) {
                sender.flush(2, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the LAN-out thread at once; what it has not sent is dropped. */
    void shutdown() {
        sender.close();
    }
}
