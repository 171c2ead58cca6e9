package org.gcs.lab;

/**
 * A lab scenario cannot run on this machine (for instance it needs root); the message says what to do. The lab
 * command prints it and exits non-zero without writing results.
 */
public final class LabUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what is missing and how to get it */
    public LabUnavailableException(String message) {
        super(message);
    }
}
