package org.gcs.cc.api;

/**
 * What a price-based scheme (seed 000's cost-benefit) allows its site's senders: not a rate but a price per packet
 * that every sender pays from its own budget. The engine hands it to every local sender unchanged ({@link Price});
 * there is no split among the senders.
 *
 * @param dollarsPerPacket the price of one packet, the processing fee included (seed 000 Eq. 8); positive and
 *     finite
 * @param salaryDollars what each sender earns per salary period (the sending delegate hands out the salaries);
 *     positive and finite
 * @param mostExpensiveEdge the priced link that costs most now, or null if none costs anything
 */
public record PriceGrant(double dollarsPerPacket, double salaryDollars, DirectedEdge mostExpensiveEdge)
        implements Grant {
    /** Rejects prices and salaries no budget can use. */
    public PriceGrant {
        Price.check(dollarsPerPacket, salaryDollars);
    }
}
