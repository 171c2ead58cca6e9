package org.gcs.cc.api;

/**
 * The router side of a price-based scheme (seed 000 §IV-B.2–3, §VI): every delegate, relays included, prices each of
 * its outgoing overlay links from the packets waiting in the link's output buffer, and says when the price should be
 * advertised to the other delegates. Sans-IO: the engine brings the queue lengths and the time.
 */
public interface LinkPricer {
    /**
     * The number of packets waiting in the link's output buffer changed (or the engine looked at it again).
     *
     * @param waitingPackets packets waiting to be sent on the link (not those in flight)
     * @param nowNs the current time; never decreases
     */
    void onQueue(int waitingPackets, long nowNs);

    /**
     * @param nowNs the current time
     * @return the link's price now, in dollars; 0 when the link is not congested
     */
    double costDollars(long nowNs);

    /**
     * @param nowNs the current time
     * @return true if this link's price is due to be advertised
     */
    boolean advertiseDue(long nowNs);

    /**
     * The engine advertised the link's price now.
     *
     * @param nowNs the current time
     */
    void onAdvertised(long nowNs);

    /**
     * @return how long the other delegates keep an advertised price of this link without a newer advertisement,
     *     after which it falls to 0 (cost-benefit: 3·T_max, so that two lost advertisements change nothing)
     */
    long lifetimeNs();

    /** @return the time-averaged number of waiting packets of the last pricing window (seed 000's n) */
    double averageWaitingPackets();
}
