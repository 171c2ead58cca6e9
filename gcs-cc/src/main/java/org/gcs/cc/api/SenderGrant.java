package org.gcs.cc.api;

/** What one local sender is told by its sending delegate: its share of a {@link RateGrant}. */
public sealed interface SenderGrant permits RateShare {
}
