package org.gcs.cc.api;

/**
 * What a {@link LinkPricer} is made for: one outgoing overlay link of a delegate.
 *
 * @param edge the link, from this delegate's site to the neighbour
 * @param nowNs the time it is created
 */
public record LinkContext(DirectedEdge edge, long nowNs) {
}
