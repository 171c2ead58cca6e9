package org.gcs.tools.send;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What one sender loop, or several in turn, offered, got admitted and lost: messages, and bytes at a fixed size per
 * message. Thread-safe: loops count while others read.
 */
public final class SendCounter {
    private final long bytesPerMessage;
    private final AtomicLong offered = new AtomicLong();
    private final AtomicLong admitted = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();

    /** @param bytesPerMessage what one message counts in {@link #admittedBytes()} (payload, wire or written bytes) */
    public SendCounter(long bytesPerMessage) {
        this.bytesPerMessage = bytesPerMessage;
    }

    /** @return messages handed to the system */
    public long offeredMessages() {
        return offered.get();
    }

    /** @return messages the system admitted (a blocking send returned, an asynchronous one completed) */
    public long admittedMessages() {
        return admitted.get();
    }

    /** @return messages whose send failed */
    public long failedMessages() {
        return failed.get();
    }

    /** @return admitted messages times the bytes per message */
    public long admittedBytes() {
        return admitted.get() * bytesPerMessage;
    }

    void offered() {
        offered.incrementAndGet();
    }

    void admitted() {
        admitted.incrementAndGet();
    }

    void failed() {
        failed.incrementAndGet();
    }
}
