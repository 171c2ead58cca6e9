package org.gcs.cc.costbenefit;

/**
 * The price of an overlay link from the occupancy of its output buffer, seed 000 Eq. 6 with the base γ = e (Eq. 7):
 * <pre>C_l(n) = C_max · (e^{n/M} − 1) / (e − 1)</pre>
 * where n is the average number of packets in the buffer and M the desired (soft) buffer size. The price is 0 for an
 * empty buffer, C_max at n = M, and clamped at C_max beyond ("the cost of the link will increase until a given value
 * C_max when no user will be able to buy it", §IV-B.3; decision A3).
 */
public final class LinkPrice {
    private static final double E_MINUS_ONE = Math.E - 1;

    private LinkPrice() {
    }

    /**
     * Seed 000 Eq. 7, clamped at C_max.
     *
     * @param averagePackets n, the average number of packets in the buffer; 0 or more
     * @param softBufferPackets M, the desired buffer size; positive
     * @param maxCostDollars C_max
     * @return the link's price in dollars, in [0, C_max]
     */
    public static double dollars(double averagePackets, double softBufferPackets, double maxCostDollars) {
        if (!(averagePackets > 0)) {
            return 0;
        }
        double price = maxCostDollars * Math.expm1(averagePackets / softBufferPackets) / E_MINUS_ONE;
        return Math.min(maxCostDollars, price);
    }
}
