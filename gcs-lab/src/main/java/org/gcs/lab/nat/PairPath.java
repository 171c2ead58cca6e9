package org.gcs.lab.nat;

import java.util.Locale;
import org.gcs.tools.netns.NatNetwork.Nat;

/**
 * How two sites reached each other, as their agents reported it: directly, directly through both NATs (punched), or
 * through a third site's delegate (relayed), or not at all.
 *
 * @param a the first site
 * @param b the second site
 * @param kind the path
 * @param via the relaying site for {@link Kind#RELAYED}, else null
 */
public record PairPath(NatSite a, NatSite b, Kind kind, String via) {
    /** The kinds of path between two sites. */
    public enum Kind {
        /** At least one site is public and they reach each other without a relay. */
        DIRECT,
        /** Both sites are behind NATs and reach each other without a relay: both NATs let the other in. */
        PUNCHED,
        /** Their traffic goes through another site's delegate. */
        RELAYED,
        /** They do not both list each other as live. */
        UNREACHABLE;

        /** @return the name in the files, e.g. {@code punched} */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Classifies a pair from its two agents' latest reports: unreachable unless each lists the other among its live
     * remote sites; else relayed if either names the other among its relayed sites (via the site it names, the first
     * site's if both do); else punched if both are behind a NAT; else direct.
     *
     * @param a the first site
     * @param b the second site
     * @param fromA the first site's latest report, null if none
     * @param fromB the second site's latest report, null if none
     * @return the pair's path
     */
    public static PairPath classify(NatSite a, NatSite b, NatAgentReport fromA, NatAgentReport fromB) {
        if (fromA == null || fromB == null || !fromA.remoteSites().contains(b.name())
                || !fromB.remoteSites().contains(a.name())) {
            return new PairPath(a, b, Kind.UNREACHABLE, null);
        }
        String via = fromA.relayedSites().get(b.name());
        if (via == null) {
            via = fromB.relayedSites().get(a.name());
        }
        if (via != null) {
            return new PairPath(a, b, Kind.RELAYED, via);
        }
        return new PairPath(a, b, a.behindNat() && b.behindNat() ? Kind.PUNCHED : Kind.DIRECT, null);
    }

    /**
     * The path the pair should take: direct if either site is public; punched between two port-preserving NATs (each
     * site's datagrams to the other open its own NAT for the other's, at the port the public site saw); relayed
     * when either NAT is symmetric (its port towards the other is not the one the public site saw, and the other
     * NAT filters by port).
     *
     * @return the expected kind
     */
    public Kind expected() {
        if (!a.behindNat() || !b.behindNat()) {
            return Kind.DIRECT;
        }
        return a.nat() == Nat.PORT_PRESERVING && b.nat() == Nat.PORT_PRESERVING ? Kind.PUNCHED : Kind.RELAYED;
    }

    /** @return {@code a-b}, e.g. {@code paris-tokyo} */
    public String pairName() {
        return a.name() + "-" + b.name();
    }
}
