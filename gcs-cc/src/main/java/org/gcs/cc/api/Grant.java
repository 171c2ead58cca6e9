package org.gcs.cc.api;

/**
 * What a {@link SourceController} allows its site's senders. Rate-based schemes (TFRC, ORMCC) grant an aggregate
 * rate ({@link RateGrant}) that the engine splits max-min fairly among the local senders.
 */
public sealed interface Grant permits RateGrant {
}
