package org.gcs.internal.engine;

/**
 * One of a delegate's outgoing hop-by-hop links as a price-based controller sees it (seed 000), for meters and the
 * lab.
 *
 * @param peer the neighbour the link leads to
 * @param priceDollars the link's price (Eq. 7), 0 when uncongested
 * @param averageWaitingPackets n, the waiting packets of its output buffer averaged over the last pricing window
 */
public record PricedLink(String peer, double priceDollars, double averageWaitingPackets) {
}
