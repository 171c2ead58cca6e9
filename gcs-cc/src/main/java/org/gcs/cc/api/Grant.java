package org.gcs.cc.api;

/**
 * What a {@link SourceController} allows its site's senders. Rate-based schemes (TFRC, ORMCC) grant an aggregate
 * rate ({@link RateGrant}) that the engine splits max-min fairly among the local senders; price-based schemes
 * (cost-benefit) grant a packet price ({@link PriceGrant}) that every local sender pays from its own budget. A scheme
 * declares which it grants ({@link CongestionControl#grantKind()}).
 */
public sealed interface Grant permits RateGrant, PriceGrant {
}
