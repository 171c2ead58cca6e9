package org.gcs;

/** Base of the exceptions GCS throws. Each message says what went wrong and what to do. */
public class GcsException extends RuntimeException {
    /** @param message what went wrong and what to do */
    public GcsException(String message) {
        super(message);
    }

    /**
     * @param message what went wrong and what to do
     * @param cause the underlying failure
     */
    public GcsException(String message, Throwable cause) {
        super(message, cause);
    }
}
