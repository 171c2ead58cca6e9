package org.gcs.internal.node;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds the payload bytes received but not yet handed to listeners. The JGroups receive thread acquires
 * before a message enters the engine and blocks while the backlog is full, which stops JGroups from taking
 * more from that sender (its flow control then slows the sender). Permits are counted in KiB.
 *
 * <p>It also tells since when this member <em>holds its site back</em> ({@link #fullSinceNs()}): from the first
 * time the receive thread had to wait for room until the backlog drains to half its capacity again. A listener
 * that keeps up empties the backlog between bursts; one that is stuck or slower than the senders keeps it full,
 * and every sender of the site (and, through the delegate's acknowledgements, of every site) waits for it. The
 * member stall policy ({@code member.stall.timeout}) reads this.
 */
final class DeliveryPermits {
    private final Semaphore permits;
    private final int capacityKiB;
    /** {@link System#nanoTime()} when the backlog became full, 0 while it is not. */
    private final AtomicLong fullSinceNs = new AtomicLong();
    private volatile boolean closed;

    DeliveryPermits(long capacityBytes) {
        this.capacityKiB = (int) Math.min(Integer.MAX_VALUE, Math.max(1, capacityBytes >> 10));
        this.permits = new Semaphore(capacityKiB);
    }

    /**
     * Waits for room for {@code bytes} (a message larger than the whole backlog takes all of it).
     *
     * @return false if the node closed while waiting
     */
    boolean acquire(long bytes) {
        int kib = kib(bytes);
        if (kib == 0) {
            return !closed;
        }
        if (permits.tryAcquire(kib)) {
            return true;
        }
        markFull();
        try {
            while (!closed) {
                if (permits.tryAcquire(kib, 100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    return true;
                }
                markFull(); // still waiting: a release in between may have cleared the mark
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Takes room for {@code bytes} if there is some now, without waiting.
     *
     * @return false if there is not enough room (nothing is taken)
     */
    boolean tryAcquire(long bytes) {
        int kib = kib(bytes);
        return kib == 0 || permits.tryAcquire(kib);
    }

    /** Gives back the room taken for {@code bytes}. */
    void release(long bytes) {
        int kib = kib(bytes);
        if (kib > 0) {
            permits.release(kib);
            if (fullSinceNs.get() != 0 && permits.availablePermits() * 2L >= capacityKiB) {
                fullSinceNs.set(0);
            }
        }
    }

    private void markFull() {
        long now = System.nanoTime();
        fullSinceNs.compareAndSet(0, now == 0 ? 1 : now);
    }

    /**
     * @return {@link System#nanoTime()} at which the receive thread first waited for room since the backlog was last
     *     at most half full, or 0 if it is not holding the site back now
     */
    long fullSinceNs() {
        return fullSinceNs.get();
    }

    /** @return the bytes (rounded to KiB) waiting for listeners */
    long backlogBytes() {
        return (long) (capacityKiB - permits.availablePermits()) << 10;
    }

    private int kib(long bytes) {
        return bytes <= 0 ? 0 : (int) Math.min(capacityKiB, (bytes + 1023) >> 10);
    }

    void close() {
        closed = true;
    }
}
