package org.gcs.internal.engine;

import java.util.Optional;
import org.gcs.cc.api.GrantKind;
import org.gcs.cc.api.PriceGrant;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.PacketPrice;

/**
 * The {@link GrantPolicy} of price-based controllers ({@link GrantKind#PRICE}, seed 000): when the sending delegate
 * tells its site's senders a group's packet price. At once when the price moved by more than 1 % or the salary
 * changed, and every {@value #REFRESH_NS} ns anyway, so that a sender that starts later learns it soon. At most once
 * per tick (the engine asks once per tick).
 */
final class PricePublisher implements GrantPolicy<PriceGrant> {
    /** The longest a price goes unrepeated. */
    static final long REFRESH_NS = 500_000_000L;
    private static final double CHANGE = 0.01;
    private static final double MICRO = 1e6;

    private final String group;
    private long lastNs = Long.MIN_VALUE / 2;
    private double lastPrice = Double.NaN;
    private double lastSalary = Double.NaN;

    /** @param group the flow's group */
    PricePublisher(String group) {
        this.group = group;
    }

    /**
     * @param grant the controller's price
     * @param term the delegate's term
     * @param nowNs the current time
     * @return the {@link PacketPrice} to publish on the LAN, if one is due
     */
    @Override
    public Optional<LanMessage> publish(PriceGrant grant, long term, long nowNs) {
        double price = grant.dollarsPerPacket();
        boolean moved = Double.isNaN(lastPrice) || Math.abs(price - lastPrice) > CHANGE * lastPrice
                || grant.salaryDollars() != lastSalary;
        if (!moved && nowNs - lastNs < REFRESH_NS) {
            return Optional.empty();
        }
        lastNs = nowNs;
        lastPrice = price;
        lastSalary = grant.salaryDollars();
        return Optional.of(new PacketPrice(term, group, Math.max(1, Math.round(price * MICRO)),
                Math.max(1, Math.round(grant.salaryDollars() * MICRO))));
    }
}
