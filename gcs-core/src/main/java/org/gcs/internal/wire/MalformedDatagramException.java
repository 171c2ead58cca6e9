package org.gcs.internal.wire;

/** A received datagram cannot be accepted; it is counted under {@link #reason()} and dropped. */
public final class MalformedDatagramException extends Exception {
    private final DropReason reason;
    private final long clockOffsetMs;

    /**
     * @param reason the drop reason
     * @param message details for logs
     */
    public MalformedDatagramException(DropReason reason, String message) {
        this(reason, message, 0);
    }

    /**
     * @param reason the drop reason
     * @param message details for logs
     * @param clockOffsetMs for {@link DropReason#STALE_TIME}: the receiver's wall clock minus the datagram's send time
     */
    public MalformedDatagramException(DropReason reason, String message, long clockOffsetMs) {
        super(message, null, false, false);
        this.reason = reason;
        this.clockOffsetMs = clockOffsetMs;
    }

    /** @return why the datagram was dropped */
    public DropReason reason() {
        return reason;
    }

    /**
     * @return for {@link DropReason#STALE_TIME}, the receiver's wall clock minus the datagram's send time, in
     *     milliseconds (positive: the sender's clock is behind, or the datagram is old); otherwise 0
     */
    public long clockOffsetMs() {
        return clockOffsetMs;
    }
}
