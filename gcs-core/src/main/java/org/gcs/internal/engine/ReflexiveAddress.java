package org.gcs.internal.engine;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.log.OverlayLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The address the other delegates see this one's datagrams come from (issue 38), as a STUN server would report it:
 * every site's announcement says where it sees this delegate ({@code SiteState.seenAt}). From them this delegate
 * learns whether a NAT lies between it and its peers, and which kind, and logs it whenever the picture changes:
 * <ul>
 *   <li>every peer sees the address the delegate announces (its {@code wan.advertise}, or its bound address): no NAT,
 *       or a forwarded port as the advertised address says;</li>
 *   <li>every peer sees the bound socket's port on another host: a NAT that keeps the port (or, for a socket bound
 *       to every interface, possibly no NAT);</li>
 *   <li>every peer sees one address with another port: a NAT that maps the port, the same for every peer so far;</li>
 *   <li>peers see one host at several ports: a NAT that maps each destination to a port of its own (symmetric), which
 *       a peer cannot reach by punching a hole towards the address another peer saw;</li>
 *   <li>peers see several hosts: several routes or NATs.</li>
 * </ul>
 * Engine thread only; one per delegate role.
 */
final class ReflexiveAddress {
    private static final Logger LOG = LoggerFactory.getLogger(OverlayLog.NAME);

    private final String memberName;
    private final DelegateAddress announced;
    private final Supplier<DelegateAddress> bound;
    private final Map<String, DelegateAddress> seenBySite = new HashMap<>();
    /** How many sites see each address (kept so that a report costs no pass over every site: 2048 sites). */
    private final Map<DelegateAddress, Integer> sitesByAddress = new java.util.LinkedHashMap<>();
    private Set<DelegateAddress> reported = Set.of();

    /**
     * @param memberName this member, for the log
     * @param announced the address this delegate announces ({@code wan.advertise}, or a bound address with a fixed
     *     port), or null
     * @param bound the WAN socket's local address as the driver bound it ({@link EngineIo#wanSocketAddress}), or null
     */
    ReflexiveAddress(String memberName, DelegateAddress announced, Supplier<DelegateAddress> bound) {
        this.memberName = memberName;
        this.announced = announced;
        this.bound = bound;
    }

    /**
     * A site's announcement said where it sees this delegate.
     *
     * @param site the announcing site
     * @param seenAt the address it sees, or null if it did not say
     * @return true if the set of addresses the peers see changed (logged where the driver has a socket)
     */
    boolean onSeenAt(String site, DelegateAddress seenAt) {
        if (seenAt == null) {
            return false;
        }
        DelegateAddress before = seenBySite.put(site, seenAt);
        if (seenAt.equals(before)) {
            return false;
        }
        boolean newAddress = sitesByAddress.merge(seenAt, 1, Integer::sum) == 1;
        if (!uncount(before) && !newAddress) {
            return false; // the same addresses as before, seen by other numbers of sites
        }
        Set<DelegateAddress> now = seen();
        if (now.equals(reported)) {
            return false;
        }
        reported = now;
        DelegateAddress socket = bound.get();
        if (socket == null) {
            return true; // a driver without a socket of its own (the simulator): no NAT to tell of
        }
        LOG.info("{}: peers see this delegate at {} ({} of them; its socket is bound to {}{}): {}", memberName, now,
                seenBySite.size(), socket,
                announced == null ? "" : ", it announces " + announced, describe(now));
        return true;
    }

    /** Forgets what a site that expired saw. */
    void forget(String site) {
        uncount(seenBySite.remove(site));
    }

    /** @return true if no site sees {@code address} any more */
    private boolean uncount(DelegateAddress address) {
        return address != null && sitesByAddress.merge(address, -1, (count, minus) -> count == 1 ? null : count - 1)
                == null;
    }

    /** @return the addresses the peers see this delegate at, each once */
    Set<DelegateAddress> seen() {
        return new LinkedHashSet<>(sitesByAddress.keySet());
    }

    /** @return what the addresses seen say about the path out of this site */
    String describe(Set<DelegateAddress> seen) {
        if (seen.isEmpty()) {
            return "no peer has said yet";
        }
        if (seen.size() > 1) {
            long hosts = seen.stream().map(DelegateAddress::host).distinct().count();
            return hosts == 1 ? "a NAT that gives each peer a port of its own (symmetric): peers cannot punch a hole"
                    + " towards the address another peer saw" : "several routes or NATs";
        }
        DelegateAddress only = seen.iterator().next();
        DelegateAddress socket = bound.get();
        boolean wildcard = socket != null && isWildcard(socket.host());
        if (socket != null && !wildcard && only.equals(socket)) {
            return "no NAT on the way";
        }
        if (only.equals(announced)) {
            return "the address it announces (wan.advertise): no NAT, or a port forwarded to it";
        }
        if (socket == null) {
            return "one address for every peer so far";
        }
        if (only.port() == socket.port()) {
            return wildcard ? "no NAT, or a NAT that keeps the port" : "a NAT that keeps the port";
        }
        return "a NAT that maps the port, the same for every peer so far";
    }

    private static boolean isWildcard(String host) {
        return host.equals("0.0.0.0") || host.equals("::") || host.equals("0:0:0:0:0:0:0:0");
    }
}
