package org.gcs;

/** A payload exceeds the configured maximum message size ({@link GcsConfig#maxMessageBytes()}). */
public class MessageTooLargeException extends GcsException {
    /**
     * @param sizeBytes the payload size
     * @param maxBytes the configured limit
     */
    public MessageTooLargeException(int sizeBytes, int maxBytes) {
        super("message of " + sizeBytes + " bytes exceeds maxMessageBytes=" + maxBytes
                + ": split it, or raise maxMessageBytes (max.message.bytes) on every node");
    }
}
