package org.gcs.internal.engine;

import org.gcs.cc.api.PriceGrant;
import org.gcs.internal.wire.LanMessage.PacketPrice;

/**
 * When the sending delegate tells its site's senders a group's packet price (price-based controllers, seed 000): at
 * once when the price moved by more than 1 % or the salary changed, and every {@value #REFRESH_NS} ns anyway, so
 * that a sender that starts later learns it soon. At most once per tick (the engine asks once per tick).
 */
final class PricePublisher {
    /** The longest a price goes unrepeated. */
    static final long REFRESH_NS = 500_000_000L;
    private static final double CHANGE = 0.01;
    private static final double MICRO = 1e6;

    private long lastNs = Long.MIN_VALUE / 2;
    private double lastPrice = Double.NaN;
    private double lastSalary = Double.NaN;

    /**
     * @param grant the controller's price
     * @param term the delegate's term
     * @param group the group
     * @param nowNs the current time
     * @return the message to publish on the LAN, or null if none is due
     */
    PacketPrice due(PriceGrant grant, long term, String group, long nowNs) {
        double price = grant.dollarsPerPacket();
        boolean moved = Double.isNaN(lastPrice) || Math.abs(price - lastPrice) > CHANGE * lastPrice
                || grant.salaryDollars() != lastSalary;
        if (!moved && nowNs - lastNs < REFRESH_NS) {
            return null;
        }
        lastNs = nowNs;
        lastPrice = price;
        lastSalary = grant.salaryDollars();
        return new PacketPrice(term, group, Math.max(1, Math.round(price * MICRO)),
                Math.max(1, Math.round(grant.salaryDollars() * MICRO)));
    }
}
