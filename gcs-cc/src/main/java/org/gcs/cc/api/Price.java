package org.gcs.cc.api;

/**
 * What one local sender is told by its sending delegate under a price-based scheme: the group's packet price and
 * the salary it earns per period (seed 000 §IV-B.4–5). Every sender of the site gets the same.
 *
 * @param dollarsPerPacket the price of one packet; positive and finite
 * @param salaryDollars the salary per period; positive and finite
 */
public record Price(double dollarsPerPacket, double salaryDollars) implements SenderGrant {
    /** Rejects prices and salaries no budget can use. */
    public Price {
        check(dollarsPerPacket, salaryDollars);
    }

    static void check(double dollarsPerPacket, double salaryDollars) {
        if (!(dollarsPerPacket > 0) || Double.isInfinite(dollarsPerPacket)) {
            throw new IllegalArgumentException("dollarsPerPacket must be positive and finite, got " + dollarsPerPacket);
        }
        if (!(salaryDollars > 0) || Double.isInfinite(salaryDollars)) {
            throw new IllegalArgumentException("salaryDollars must be positive and finite, got " + salaryDollars);
        }
    }
}
