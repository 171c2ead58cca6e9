package org.gcs.lab.nat;

/**
 * A NAT change in mid-run and how long the sites took to heal from it: a row of {@code nat-events.csv}.
 *
 * @param event what changed: {@code changePublicAddress} or {@code restartNat}
 * @param site the site behind the NAT
 * @param publicAddressBefore where the site's traffic appeared before the change
 * @param publicAddressAfter where it appears after
 * @param atSec when it was made, seconds after the sending started
 * @param changeMs how long the NAT change itself took ({@link org.gcs.tools.netns.NatNetwork}'s call)
 * @param healMs milliseconds from the change's end until it healed ({@link NatConditions#healed}), or null if it did
 *     not heal by the deadline
 */
record NatEvent(String event, String site, String publicAddressBefore, String publicAddressAfter, double atSec,
                long changeMs, Long healMs) {
    /** @return {@code event(site)}, e.g. {@code restartNat(tokyo)} */
    String label() {
        return event + "(" + site + ")";
    }
}
