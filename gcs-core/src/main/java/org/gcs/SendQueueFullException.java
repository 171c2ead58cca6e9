package org.gcs;

/**
 * Too many asynchronous sends are waiting for the send window; the new one was refused (bounded memory).
 * Wait for earlier {@code sendAsync} stages to complete, or use the blocking {@code send}.
 */
public class SendQueueFullException extends GcsException {
    /**
     * @param pendingBytes bytes already waiting
     * @param limitBytes the configured limit
     */
    public SendQueueFullException(long pendingBytes, long limitBytes) {
        super(pendingBytes + " bytes of sends are already waiting (maxPendingSendBytes=" + limitBytes
                + "): wait for earlier sendAsync stages to complete, or use the blocking send()");
    }

    /**
     * @param message why the send was refused and what to do
     */
    public SendQueueFullException(String message) {
        super(message);
    }
}
