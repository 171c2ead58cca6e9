package org.gcs.cc.costbenefit;

import org.gcs.cc.api.LinkPricer;

/**
 * Prices one outgoing overlay link (seed 000 §IV-B.3, §VI): n is the time-weighted mean of the packets waiting in the
 * link's output buffer over each window of T_min (decision A1), and the price of the last closed window is
 * {@link LinkPrice Eq. 7} of it, or 0 if the buffer was empty throughout the window ("links that have at least a
 * packet in their buffer", §VI).
 *
 * <p>Advertising (§VI's per-link rule, decision A16): a link with a price is due every T_min, a link without one every
 * T_max, and once at once when its price falls to 0, so that the other delegates do not keep a stale high price for
 * up to T_max (decision A7 of the spec's list, "immediate update").
 */
final class ExpLinkPricer implements LinkPricer {
    private final CostBenefitSettings settings;
    private long windowStartNs;
    private long lastChangeNs;
    private int waiting;
    private double areaPacketNs;
    private boolean queuedInWindow;
    private double averagePackets;
    private double costDollars;
    private long lastAdvertisedNs = Long.MIN_VALUE / 2;
    private boolean zeroDue;

    /**
     * @param settings the scheme's settings (M, C_max, T_min, T_max)
     * @param nowNs the time the link is created: the first window starts then
     */
    ExpLinkPricer(CostBenefitSettings settings, long nowNs) {
        this.settings = settings;
        this.windowStartNs = nowNs;
        this.lastChangeNs = nowNs;
    }

    @Override
    public void onQueue(int waitingPackets, long nowNs) {
        roll(nowNs);
        integrateTo(nowNs);
        waiting = Math.max(0, waitingPackets);
        queuedInWindow |= waiting > 0;
    }

    @Override
    public double costDollars(long nowNs) {
        roll(nowNs);
        return costDollars;
    }

    @Override
    public boolean advertiseDue(long nowNs) {
        roll(nowNs);
        long sinceNs = nowNs - lastAdvertisedNs;
        return costDollars > 0 ? sinceNs >= settings.congestedAdvertiseNs()
                : zeroDue || sinceNs >= settings.idleAdvertiseNs();
    }

    @Override
    public void onAdvertised(long nowNs) {
        lastAdvertisedNs = nowNs;
        zeroDue = false;
    }

    /** @return 3·T_max (decision A13: an advertisement not refreshed within that falls to 0) */
    @Override
    public long lifetimeNs() {
        return 3 * settings.idleAdvertiseNs();
    }

    @Override
    public double averageWaitingPackets() {
        return averagePackets;
    }

    /** Closes every window that ended by {@code nowNs}; an idle stretch is skipped in one step. */
    private void roll(long nowNs) {
        long windowNs = settings.congestedAdvertiseNs();
        while (nowNs >= windowStartNs + windowNs) {
            long endNs = windowStartNs + windowNs;
            integrateTo(endNs);
            double before = costDollars;
            averagePackets = areaPacketNs / windowNs;
            costDollars = queuedInWindow
                    ? LinkPrice.dollars(averagePackets, settings.softBufferPackets(), settings.maxLinkCostDollars()) : 0;
            zeroDue |= before > 0 && costDollars == 0;
            windowStartNs = endNs;
            areaPacketNs = 0;
            queuedInWindow = waiting > 0;
            if (waiting == 0 && costDollars == 0 && nowNs >= windowStartNs + windowNs) {
                averagePackets = 0;
                windowStartNs += (nowNs - windowStartNs) / windowNs * windowNs; // nothing waited: empty windows
                lastChangeNs = windowStartNs;
            }
        }
    }

    private void integrateTo(long nowNs) {
        if (nowNs > lastChangeNs) {
            areaPacketNs += (double) waiting * (nowNs - lastChangeNs);
            lastChangeNs = nowNs;
        }
    }
}
