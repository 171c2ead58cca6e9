package org.gcs.internal.wire;

/**
 * One link's price in a {@link WanPacket.LinkCosts}.
 *
 * @param toSite the neighbour the link leads to
 * @param milliDollars its price in thousandths of a dollar, 0 to 65535
 */
public record LinkCost(String toSite, int milliDollars) {
    /** Rejects prices the wire cannot carry. */
    public LinkCost {
        if (milliDollars < 0 || milliDollars > 0xFFFF) {
            throw new IllegalArgumentException("milliDollars must be in [0, 65535], got " + milliDollars);
        }
    }
}
