package org.gcs.sim;

import org.gcs.emulator.LinkProfile;

/**
 * The simulated WAN's links computed per pair of sites, for a network built with {@link SimNetwork#withLinks}: a WAN
 * of thousands of sites whose every pair has a delay and a loss, without a {@link org.gcs.emulator.Topology} that
 * lists N·(N − 1) links (4.2 million at 2048 sites). Asked whenever a node sends, so it should be cheap and return
 * shared profiles; it must give the same profile for a pair every time (a link whose profile changes is reconfigured,
 * as by {@link SimNetwork#setLink}, which still overrides it).
 */
@FunctionalInterface
public interface WanLinks {
    /** Every pair ideal: no delay, no loss, unlimited bandwidth. */
    WanLinks IDEAL = (fromSite, toSite) -> LinkProfile.IDEAL;

    /**
     * @param fromSite the sending site
     * @param toSite the receiving site
     * @return the link's profile in that direction ({@link LinkProfile#IDEAL} for a pair without an emulated link)
     */
    LinkProfile link(String fromSite, String toSite);
}
