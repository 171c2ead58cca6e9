package org.gcs.internal.wire;

/** A received datagram cannot be accepted; it is counted under {@link #reason()} and dropped. */
public final class MalformedDatagramException extends Exception {
    private final DropReason reason;

    /**
     * @param reason the drop reason
     * @param message details for logs
     */
    public MalformedDatagramException(DropReason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    /** @return why the datagram was dropped */
    public DropReason reason() {
        return reason;
    }
}
