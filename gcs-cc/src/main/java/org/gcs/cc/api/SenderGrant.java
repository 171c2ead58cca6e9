package org.gcs.cc.api;

/**
 * What one local sender is told by its sending delegate: its share of a {@link RateGrant}, or the {@link Price} of a
 * {@link PriceGrant}.
 */
public sealed interface SenderGrant permits RateShare, Price {
}
