package org.gcs.internal.engine;

/**
 * A message a local application asked to send, waiting for admission into the send window.
 *
 * @param group the group
 * @param payload the bytes
 * @param sentEpochMicros wall-clock time of the send call
 * @param completion the driver's handle, completed when the engine reports the request admitted
 */
public record SendRequest(String group, byte[] payload, long sentEpochMicros, Object completion) {
}
