package org.gcs;

/** A configuration value is missing or invalid; the message names the setting and the allowed values. */
public class GcsConfigException extends GcsException {
    /** @param message which setting is wrong and what to write instead */
    public GcsConfigException(String message) {
        super(message);
    }
}
