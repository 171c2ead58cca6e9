package org.gcs.internal.node;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.gcs.SendQueueFullException;

/**
 * Bounds the payload bytes of sends that wait for the send window ({@code maxPendingSendBytes}): blocking
 * sends wait for room, asynchronous sends are refused when there is none. A single send larger than the limit
 * is let through when nothing else waits, so every legal message can be sent. Thread-safe.
 */
final class PendingSends {
    private final long limitBytes;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition room = lock.newCondition();
    private long pendingBytes;
    private boolean closed;

    PendingSends(long limitBytes) {
        this.limitBytes = limitBytes;
    }

    /**
     * Reserves room, waiting until there is some or the deadline passes.
     *
     * @return false on timeout
     */
    boolean reserve(long bytes, long deadlineNs) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (!closed && pendingBytes > 0 && pendingBytes + bytes > limitBytes) {
                long leftNs = deadlineNs - System.nanoTime();
                if (leftNs <= 0) {
                    return false;
                }
                room.awaitNanos(leftNs);
            }
            pendingBytes += bytes;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Reserves room without waiting.
     *
     * @throws SendQueueFullException if there is none
     */
    void reserveNow(long bytes) {
        lock.lock();
        try {
            if (!closed && pendingBytes > 0 && pendingBytes + bytes > limitBytes) {
                throw new SendQueueFullException(pendingBytes, limitBytes);
            }
            pendingBytes += bytes;
        } finally {
            lock.unlock();
        }
    }

    /** Gives room back (a send was admitted, cancelled or failed). */
    void release(long bytes) {
        lock.lock();
        try {
            pendingBytes -= bytes;
            room.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Wakes every waiter; the node is closing. */
    void close() {
        lock.lock();
        try {
            closed = true;
            room.signalAll();
        } finally {
            lock.unlock();
        }
    }

    static long deadline(long timeout, TimeUnit unit) {
        long now = System.nanoTime();
        long nanos = unit.toNanos(timeout);
        return nanos >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + nanos;
    }
}
