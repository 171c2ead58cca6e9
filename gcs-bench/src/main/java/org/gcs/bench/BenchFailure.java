package org.gcs.bench;

/** A run that could not complete or whose delivery check failed; the message says which and why. */
public final class BenchFailure extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what failed, for the user */
    public BenchFailure(String message) {
        super(message);
    }
}
