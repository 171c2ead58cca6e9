package org.gcs.internal.node;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.gcs.internal.log.RateLimitedLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The LAN-out path of a node: encoded messages go to a {@link LanSender} ({@code gcs-lan-out-<member>}), which
 * performs the JGroups sends off the event loop (a send may block on JGroups flow control) and bundles what queued up
 * while it was busy ({@link org.gcs.internal.wire.LanBundle}). The bytes queued but not yet sent are bounded by
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
     * room for 30 messages of 1000 bytes.
     */
    static final int MAX_BUNDLE_BYTES = 32 * 1024;

    /** Sends one encoded message (or bundle) to the LAN; it may block. */
    interface Sender {
        void send(byte[] bytes) throws Exception;
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
    private final Pressure pressure;
    private final BooleanSupplier closed;
    private final LanSender sender;
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);
    /** Written on the loop only. */
    private volatile boolean paused;

    /**
     * @param memberName names the thread
     * @param loop the event loop that hands the messages over (and hears the back-pressure signal)
     * @param sender performs one LAN send, on the LAN-out thread
     * @param pressure takes the back-pressure signal, on the loop
     * @param closed true once the node is closing (failed sends are then expected and not logged)
     * @param counter counts messages and sends, on the LAN-out thread
     * @param maxBundleBytes the largest bundle ({@link #MAX_BUNDLE_BYTES} in a node)
     */
    LanOut(String memberName, Executor loop, Sender sender, Pressure pressure, BooleanSupplier closed,
           SendCounter counter, int maxBundleBytes) {
        this.loop = loop;
        this.pressure = pressure;
        this.closed = closed;
        this.sender = new LanSender("gcs-lan-out-" + memberName, sender::send, new LanSender.Listener() {
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

    /** Queues an encoded message for the LAN, on the loop; past the high watermark the engine is held back. */
    void send(byte[] bytes) {
        sender.add(bytes);
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
            // behind the loop tasks already queued, which may still send to the LAN
            loop.execute(loopPassed::countDown);
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
