package org.gcs.bench;

import java.util.Arrays;

/**
 * A receiver's side of {@code wan-outage}: from {@link #start()} (the moment the bench cut a site's link) it keeps
 * the send and receive time of every message the receiver delivers, so that once the bench says when it restored
 * the link it can tell when the receiver had the backlog: the receive time of the last message sent before the
 * restoration ({@link #clearedMicros}). Started before the restoration, it misses no delivery, however soon after
 * the restoration the backlog arrives. Thread-safe.
 */
final class BacklogWatch {
    /** The most deliveries kept: far more than an outage run sends (its offered load is paced). */
    static final int MAX_DELIVERIES = 1 << 20;

    private long[] sentMicros = new long[1024];
    private long[] receivedMicros = new long[1024];
    private int size;
    private boolean watching;

    /** Starts keeping deliveries. */
    synchronized void start() {
        watching = true;
    }

    /**
     * Keeps one delivery, once started.
     *
     * @param sent the message's send time, µs since the epoch (the sender's schedule for a paced message)
     * @param received its delivery time here, µs since the epoch
     */
    synchronized void delivered(long sent, long received) {
        if (!watching || size == MAX_DELIVERIES) {
            return;
        }
        if (size == sentMicros.length) {
            sentMicros = Arrays.copyOf(sentMicros, size * 2);
            receivedMicros = Arrays.copyOf(receivedMicros, size * 2);
        }
        sentMicros[size] = sent;
        receivedMicros[size] = received;
        size++;
    }

    /**
     * @param restoredMicros when the link came back, µs since the epoch
     * @return the latest delivery time, since {@link #start()}, of a message sent before {@code restoredMicros}:
     *     from then on the receiver had every message of the outage that it ever delivered; -1 if it delivered none
     *     of them after the cut (or was never started)
     */
    synchronized long clearedMicros(long restoredMicros) {
        long cleared = -1;
        for (int i = 0; i < size; i++) {
            if (sentMicros[i] < restoredMicros) {
                cleared = Math.max(cleared, receivedMicros[i]);
            }
        }
        return cleared;
    }
}
