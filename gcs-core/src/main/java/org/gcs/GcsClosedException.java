package org.gcs;

/** The node was closed; start a new node to communicate again. */
public class GcsClosedException extends GcsException {
    /** @param message what was attempted on the closed node */
    public GcsClosedException(String message) {
        super(message);
    }
}
