package org.gcs.internal.node;

import java.util.concurrent.Semaphore;

/**
 * Bounds the payload bytes received but not yet handed to listeners. The JGroups receive thread acquires
 * before a message enters the engine and blocks while the backlog is full, which stops JGroups from taking
 * more from that sender (its flow control then slows the sender). Permits are counted in KiB.
 */
final class DeliveryPermits {
    private final Semaphore permits;
    private final int capacityKiB;
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
        try {
            while (!closed) {
                if (permits.tryAcquire(kib, 100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    return true;
                }
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
        }
    }

    private int kib(long bytes) {
        return bytes <= 0 ? 0 : (int) Math.min(capacityKiB, (bytes + 1023) >> 10);
    }

    void close() {
        closed = true;
    }
}
