package org.gcs.lab.nat;

import org.gcs.tools.netns.NatNetwork.Nat;

/**
 * A site of the {@code nat} scenario: its name and the NAT in front of it.
 *
 * @param name the site's name
 * @param nat its NAT ({@link Nat#NONE}: on the public network)
 */
public record NatSite(String name, Nat nat) {
    /** @return true if the site is behind a NAT */
    public boolean behindNat() {
        return nat != Nat.NONE;
    }
}
