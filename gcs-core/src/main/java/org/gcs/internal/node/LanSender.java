package org.gcs.internal.node;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;
import org.gcs.internal.wire.LanBundle;
import org.gcs.internal.wire.LanOutgoing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends LAN messages on a thread of its own (a JGroups send may block on JGroups' flow control), bundling
 * what queued up while it was busy: the first message after an idle spell wakes the thread, and each round takes
 * everything queued so far and sends it as {@link LanBundle}s of at most {@code maxBundleBytes}, each message encoded
 * straight into its bundle ({@link LanOutgoing}). Under load a
 * JGroups message so carries tens of GCS messages; at low load a message leaves at once, alone, without waiting for
 * company (as JGroups' own bundler does).
 *
 * <p>{@link #sendHereOrQueue} saves the hand-off when the sender is idle: the caller performs the send itself if
 * nothing is queued, no round is under way and the send cannot block. At a light load a message so leaves on the
 * thread that produced it, without waking this one.
 *
 * <p>Order is kept: messages leave in the order {@link #add} (or {@link #sendHereOrQueue}) was called. The bytes
 * queued and not yet handed to JGroups are counted for the owner's back-pressure ({@link #queuedBytes});
 * {@link Listener#sent} reports each round.
 */
final class LanSender {
    private static final Logger LOG = LoggerFactory.getLogger(LanSender.class);
    /** The most bytes one round takes off the queue: bounds a round's memory and the time before the next check. */
    private static final long MAX_ROUND_BYTES = 1L << 20;

    /** Performs a JGroups multicast. */
    @FunctionalInterface
    interface Transport {
        /**
         * Multicasts the bytes to the site; may block while JGroups' flow control says so.
         *
         * @param bytes a bundle or a lone message
         * @param carried the messages the bytes carry, in order (for the sender's own copy; valid during the call)
         */
        void send(byte[] bytes, List<LanOutgoing> carried) throws Exception;

        /**
         * As {@link #send}, for a send made by {@link #sendHereOrQueue}'s caller while the sender was idle and the send
         * could not block: the transport may write it out at once on the calling thread rather than queue it for its
         * own bundler. By default as {@link #send}.
         */
        default void sendAtOnce(byte[] bytes, List<LanOutgoing> carried) throws Exception {
            send(bytes, carried);
        }
    }

    /** Hears what the sender did, on the thread that sent. */
    interface Listener {
        /**
         * @param messages GCS messages sent this round
         * @param sends JGroups messages they took
         * @param queuedBytesLeft bytes still queued after the round
         */
        void sent(int messages, int sends, long queuedBytesLeft);

        /**
         * A JGroups send failed, or a round could not be written (a bug); its messages are lost to this path (the
         * protocol repairs or times out).
         */
        void failed(Exception e);
    }

    private final Transport transport;
    private final Listener listener;
    private final int maxBundleBytes;
    private final ExecutorService thread;
    private final ConcurrentLinkedQueue<LanOutgoing> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicLong queuedBytes = new AtomicLong();
    private final AtomicLong messagesSent = new AtomicLong();
    private final AtomicLong sends = new AtomicLong();

    /**
     * @param threadName the name of the sending thread (a daemon)
     * @param transport performs the JGroups send
     * @param listener hears each round
     * @param maxBundleBytes the largest JGroups message a bundle may make
     */
    LanSender(String threadName, Transport transport, Listener listener, int maxBundleBytes) {
        this.transport = transport;
        this.listener = listener;
        this.maxBundleBytes = maxBundleBytes;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
    }

    /** Queues a message; any thread. Once closed, the message is dropped (and not counted as queued). */
    void add(LanOutgoing message) {
        queuedBytes.addAndGet(message.size());
        queue.add(message);
        if (draining.compareAndSet(false, true)) {
            startDrain();
        }
    }

    /**
     * Sends the messages on the calling thread when the sender is idle (nothing queued, no round under way) and
     * {@code sendWouldNotBlock} accepts their total size; otherwise queues them as {@link #add} does. While the caller
     * sends, the sender counts as busy, so messages added meanwhile by other threads queue behind these.
     *
     * @param messages the messages, in order
     * @param sendWouldNotBlock true if a JGroups send of that many bytes cannot block (flow-control credits)
     * @return true if they were sent here, false if they were queued
     */
    boolean sendHereOrQueue(List<LanOutgoing> messages, LongPredicate sendWouldNotBlock) {
        if (queue.isEmpty() && draining.compareAndSet(false, true)) {
            long bytes = 0;
            for (LanOutgoing message : messages) {
                bytes += message.size();
            }
            // this thread owns the sender now: no round runs and none can start until draining is reset
            if (!sendWouldNotBlock.test(bytes)) {
                queuedBytes.addAndGet(bytes);
                queue.addAll(messages);
                startDrain();
                return false;
            }
            int jgroupsSends = send(messages, true);
            listener.sent(messages.size(), jgroupsSends, queuedBytes.get());
            draining.set(false);
            if (!queue.isEmpty() && draining.compareAndSet(false, true)) {
                startDrain(); // another thread queued meanwhile and found the sender busy
            }
            return true;
        }
        for (LanOutgoing message : messages) {
            add(message);
        }
        return false;
    }

    private void startDrain() {
        try {
            thread.execute(this::drain);
        } catch (RejectedExecutionException e) {
            queue.clear();
            queuedBytes.set(0);
        }
    }

    /** @return bytes queued and not yet handed to JGroups */
    long queuedBytes() {
        return queuedBytes.get();
    }

    /** @return GCS messages handed to JGroups so far */
    long messagesSent() {
        return messagesSent.get();
    }

    /** @return JGroups sends so far (bundles and lone messages) */
    long sends() {
        return sends.get();
    }

    private void drain() {
        do {
            while (!queue.isEmpty()) {
                sendRound();
            }
            draining.set(false);
            // a message added after the last poll and before the reset found draining set and woke no one: take it
        } while (!queue.isEmpty() && draining.compareAndSet(false, true));
    }

    private void sendRound() {
        List<LanOutgoing> round = new ArrayList<>();
        long roundBytes = 0;
        LanOutgoing message;
        while (roundBytes < MAX_ROUND_BYTES && (message = queue.poll()) != null) {
            round.add(message);
            roundBytes += message.size();
        }
        int jgroupsSends = send(round, false);
        listener.sent(round.size(), jgroupsSends, queuedBytes.addAndGet(-roundBytes));
    }

    /**
     * Sends the messages as bundles, in order, on the calling thread, which owns the sender.
     *
     * @param atOnce true for a light send on an idle sender's caller ({@link Transport#sendAtOnce})
     * @return the JGroups sends they took
     */
    private int send(List<LanOutgoing> round, boolean atOnce) {
        int[] jgroupsSends = new int[1];
        try {
            LanBundle.pack(round, maxBundleBytes, (bytes, carried) -> {
                jgroupsSends[0]++;
                try {
                    if (atOnce) {
                        transport.sendAtOnce(bytes, carried);
                    } else {
                        transport.send(bytes, carried);
                    }
                } catch (Exception e) {
                    listener.failed(e);
                }
            });
        } catch (RuntimeException e) {
            // a message that could not be written (a bug: its size was checked when it was made); the rest of the
            // round is lost to this path like a failed send, and the sender goes on instead of stopping for good
            listener.failed(e);
        }
        messagesSent.addAndGet(round.size());
        sends.addAndGet(jgroupsSends[0]);
        return jgroupsSends[0];
    }

    /**
     * Waits until every message queued before the call was handed to JGroups.
     *
     * @return whether that happened within the timeout
     */
    boolean flush(long timeout, TimeUnit unit) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        try {
            // behind the drain task that owns every message queued so far (see drain)
            thread.execute(done::countDown);
        } catch (RejectedExecutionException e) {
            return queue.isEmpty();
        }
        return done.await(timeout, unit);
    }

    /** Stops the thread; what is still queued is dropped. */
    void close() {
        thread.shutdownNow();
        queue.clear();
        queuedBytes.set(0);
        LOG.debug("LAN sender closed after {} messages in {} sends", messagesSent.get(), sends.get());
    }
}
