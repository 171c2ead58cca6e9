package org.gcs.examples.cli;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongFunction;
import org.gcs.GcsClosedException;
import org.gcs.GcsNode;

/**
 * Sends payloads (by default stamped ones, see {@link Payloads}) to one group at a fixed rate with the blocking
 * {@link GcsNode#send}, on the thread that runs it, until a deadline, a number of messages or {@link #stop()}.
 * When the send window blocks, the sender falls behind its schedule; it catches up at most
 * {@link #MAX_CATCH_UP_NS} worth of missed messages, so the achieved rate is lower rather than bursty.
 */
final class PacedSender implements Runnable {
    /** The largest lag behind the schedule that is made up by sending back to back. */
    static final long MAX_CATCH_UP_NS = TimeUnit.SECONDS.toNanos(1);

    private final GcsNode node;
    private final String group;
    private final LongFunction<byte[]> payloadOfSequence;
    private final long intervalNs;
    private final long endNs;
    private final long maxMessages;
    private final AtomicLong sent = new AtomicLong();
    private volatile boolean stopped;
    private volatile Throwable failure;

    /**
     * @param node the sending node (it has joined the group)
     * @param group the group
     * @param messageBytes payload size
     * @param ratePerSec messages per second, positive
     * @param endNs {@link System#nanoTime()} at which to stop
     */
    PacedSender(GcsNode node, String group, int messageBytes, double ratePerSec, long endNs) {
        this(node, group, sequence -> Payloads.stamped(messageBytes, Payloads.nowMicros()), ratePerSec, endNs,
                Long.MAX_VALUE);
    }

    /**
     * @param node the sending node (it has joined the group)
     * @param group the group
     * @param payloadOfSequence makes the payload of the n-th message, n = 1, 2, 3...
     * @param ratePerSec messages per second, positive
     * @param endNs {@link System#nanoTime()} at which to stop
     * @param maxMessages how many messages to send at most, positive
     */
    PacedSender(GcsNode node, String group, LongFunction<byte[]> payloadOfSequence, double ratePerSec, long endNs,
            long maxMessages) {
        this.node = node;
        this.group = group;
        this.payloadOfSequence = payloadOfSequence;
        this.intervalNs = Math.max(1, Math.round(1e9 / ratePerSec));
        this.endNs = endNs;
        this.maxMessages = maxMessages;
    }

    @Override
    public void run() {
        long next = System.nanoTime();
        try {
            while (!stopped && sent.get() < maxMessages) {
                long now = System.nanoTime();
                if (now - endNs >= 0) {
                    return;
                }
                if (next - now > 0) {
                    LockSupport.parkNanos(Math.min(next - now, endNs - now));
                    continue;
                }
                node.send(group, payloadOfSequence.apply(sent.get() + 1));
                sent.incrementAndGet();
                next += intervalNs;
                long lag = System.nanoTime() - next;
                if (lag > MAX_CATCH_UP_NS) {
                    next += lag - MAX_CATCH_UP_NS;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (GcsClosedException e) {
            if (!stopped) {
                failure = e;
            }
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    /** Stops after the current send. */
    void stop() {
        stopped = true;
    }

    /** @return messages admitted so far */
    long sent() {
        return sent.get();
    }

    /** @return true once all of the {@code maxMessages} given at construction were admitted */
    boolean sentAll() {
        return sent.get() == maxMessages;
    }

    /** @return what ended the sending early, if anything */
    Throwable failure() {
        return failure;
    }
}
