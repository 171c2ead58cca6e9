package org.gcs.internal.node;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The LAN-out thread ({@code gcs-lan-out-<member>}): performs the LAN sends in order, off the event loop, since a
 * send may block on JGroups flow control. The loop hands encoded messages over in batches ({@link HandOffBatcher}).
 * The bytes handed over but not yet sent are bounded by watermarks: above {@value #HIGH_WATERMARK_BYTES} bytes the
 * engine is told to hold back (a delegate stops receiving from the WAN, so remote senders wait), below
 * {@value #LOW_WATERMARK_BYTES} bytes it resumes. {@link #send} and {@link #flush} are called on the loop only.
 */
final class LanOut {
    private static final Logger LOG = LoggerFactory.getLogger(LanOut.class);
    static final long HIGH_WATERMARK_BYTES = 8L << 20;
    static final long LOW_WATERMARK_BYTES = 2L << 20;

    /** Sends one encoded message to the LAN; it may block. */
    interface Sender {
        void send(byte[] bytes) throws Exception;
    }

    /** Takes the back-pressure signal, on the loop. */
    interface Pressure {
        /** @param paused true when the queue went above the high watermark, false when it fell below the low one */
        void onLanBackPressure(boolean paused);
    }

    private final Executor loop;
    private final Sender sender;
    private final Pressure pressure;
    private final BooleanSupplier closed;
    private final ExecutorService executor;
    private final HandOffBatcher<byte[]> batcher;
    private final AtomicLong queuedBytes = new AtomicLong();
    /** Written on the loop only. */
    private volatile boolean paused;

    /**
     * @param memberName names the thread
     * @param loop the event loop that hands the messages over (and hears the back-pressure signal)
     * @param sender performs one LAN send, on the LAN-out thread
     * @param pressure takes the back-pressure signal, on the loop
     * @param closed true once the node is closing (failed sends are then expected and not logged)
     */
    LanOut(String memberName, Executor loop, Sender sender, Pressure pressure, BooleanSupplier closed) {
        this.loop = loop;
        this.sender = sender;
        this.pressure = pressure;
        this.closed = closed;
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gcs-lan-out-" + memberName);
            t.setDaemon(true);
            return t;
        });
        this.batcher = new HandOffBatcher<>(loop, executor, this::sendToLan,
                batch -> batch.forEach(bytes -> queuedBytes.addAndGet(-bytes.length)));
    }

    /** Queues an encoded message for the LAN, on the loop; past the high watermark the engine is held back. */
    void send(byte[] bytes) {
        queuedBytes.addAndGet(bytes.length);
        batcher.add(bytes);
        if (!paused && queuedBytes.get() > HIGH_WATERMARK_BYTES) {
            checkPressure();
        }
    }

    /** @return the bytes queued and not yet sent */
    long queuedBytes() {
        return queuedBytes.get();
    }

    /** @return true while the engine is held back */
    boolean paused() {
        return paused;
    }

    /** Sends a batch of encoded messages to the LAN, in order, on the LAN-out thread. */
    private void sendToLan(List<byte[]> batch) {
        for (byte[] bytes : batch) {
            try {
                sender.send(bytes);
            } catch (Exception e) {
                if (!closed.getAsBoolean()) {
                    LOG.warn("LAN send failed: {}", e.toString());
                }
            } finally {
                long left = queuedBytes.addAndGet(-bytes.length);
                if (paused && left <= LOW_WATERMARK_BYTES && !closed.getAsBoolean()) {
                    resumeOnLoop();
                }
            }
        }
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
        boolean pause = queuedBytes.get() > (paused ? LOW_WATERMARK_BYTES : HIGH_WATERMARK_BYTES);
        if (pause != paused) {
            paused = pause;
            pressure.onLanBackPressure(pause);
        }
    }

    /** Hands what the loop queued so far to the LAN-out thread now; on the loop. */
    void flush() {
        batcher.flush();
    }

    /**
     * Waits (at most 2 s) until the queue is empty: messages this delegate already acknowledged to a sending site
     * must reach its members before it leaves the LAN. Not on the loop.
     */
    void drain() {
        CountDownLatch drained = new CountDownLatch(1);
        Runnable marker = () -> {
            try {
                executor.execute(drained::countDown);
            } catch (RejectedExecutionException e) {
                drained.countDown(); // never started
            }
        };
        try {
            // on the loop, so the marker queues behind the messages the loop has not handed over yet
            loop.execute(() -> {
                batcher.flush();
                marker.run();
            });
        } catch (RejectedExecutionException e) {
            marker.run();
        }
        try {
            drained.await(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the LAN-out thread at once; what it has not sent is dropped. */
    void shutdown() {
        executor.shutdownNow();
    }
}
