package org.gcs.cc.api;

/**
 * Fields a {@link SourceController} wants on its flow's data packets (ORMCC: the congestion representative and its
 * statistics). Each scheme defines its own immutable header type and encodes it with its {@link ControlBlockCodec}.
 * Implementations must implement {@code equals}: the engine encodes a header once and reuses the bytes while the
 * controller returns an equal header.
 */
public interface ControlHeader {
}
