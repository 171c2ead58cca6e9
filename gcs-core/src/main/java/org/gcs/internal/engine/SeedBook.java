package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.log.OverlayLog;
import org.gcs.internal.log.RateLimitedLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The addresses a delegate announces its site to before it knows the other sites: its seeds, with the host names and
 * SRV names among them as DNS last answered (issue 38). A driver that resolves names ({@link
 * EngineIo#resolvesSeedNames}) is asked to resolve each name when the role starts, and again when a
 * {@linkplain #requestDue site timeout} has passed since the last request while none of the name's addresses answers:
 * a site restarted on a new address under the same name is found again without a change of configuration. A name
 * that has no address yet (it did not resolve, as a peer's name does before the peer starts) is asked again every
 * heartbeat. A failed resolution keeps the addresses the name had (a DNS outage does not cut the overlay). A driver that does not resolve
 * names (the simulator) announces to each host as written, and cannot use SRV names. Owned by {@link
 * OverlayMembership}; engine thread only.
 */
final class SeedBook {
    private static final Logger LOG = LoggerFactory.getLogger(OverlayLog.NAME);
    private static final RateLimitedLog RATE_LIMITED = new RateLimitedLog(LOG);

    private final String memberName;
    private final long heartbeatNs;
    private final long retryNs;
    private final Map<Seed, Entry> entries = new LinkedHashMap<>();
    /** Every seed's addresses, each once, in the order of the seeds. */
    private List<DelegateAddress> addresses = List.of();

    /** What one seed resolves to, and when it was last asked for. */
    private static final class Entry {
        private final boolean resolved;
        private List<DelegateAddress> addresses = List.of();
        private long requestedNs;
        private boolean requested;
        /** The name resolves to this delegate's own socket only. */
        private boolean self;

        private Entry(boolean resolved) {
            this.resolved = resolved;
        }
    }

    /**
     * @param memberName this member's name, for the log
     * @param seeds the configured seeds
     * @param driverResolves whether the driver resolves names ({@link EngineIo#resolvesSeedNames})
     * @param heartbeatNs how often a name without an address is asked again
     * @param retryNs the site timeout: how long a name's addresses may stay unanswered before it is asked again
     */
    SeedBook(String memberName, List<Seed> seeds, boolean driverResolves, long heartbeatNs, long retryNs) {
        this.memberName = memberName;
        this.heartbeatNs = heartbeatNs;
        this.retryNs = retryNs;
        for (Seed seed : seeds) {
            Entry entry = new Entry(driverResolves && seed.isName());
            if (!entry.resolved) {
                if (seed.isService()) {
                    LOG.warn("{}: seed {} is a DNS SRV name, and this driver resolves no names: it is ignored",
                            memberName, seed);
                    continue;
                }
                entry.addresses = List.of(seed.asAddress());
            }
            entries.put(seed, entry);
        }
        rebuild();
    }

    /** @return every seed's current addresses, each once */
    List<DelegateAddress> addresses() {
        return addresses;
    }

    /** @return whether an address is one of the seeds' */
    boolean contains(DelegateAddress address) {
        return addresses.contains(address);
    }

    /**
     * Asks for the names that need DNS: never asked yet, without an address and asked at least a heartbeat ago, or
     * asked at least a site timeout ago while none of their addresses answers (no live site in the directory has one
     * of them).
     *
     * @param nowNs the engine's time
     * @param answering whether a live site has this address
     * @param resolve asks the driver to resolve a seed
     */
    void requestDue(long nowNs, Predicate<DelegateAddress> answering, Consumer<Seed> resolve) {
        for (Map.Entry<Seed, Entry> item : entries.entrySet()) {
            Entry entry = item.getValue();
            if (!entry.resolved) {
                continue;
            }
            long intervalNs = entry.addresses.isEmpty() && !entry.self ? heartbeatNs : retryNs;
            if (entry.requested && nowNs - entry.requestedNs < intervalNs) {
                continue;
            }
            if (entry.addresses.stream().anyMatch(answering)) {
                continue;
            }
            if (!entry.addresses.isEmpty()) {
                RATE_LIMITED.info(memberName + "/seed-silent/" + item.getKey(), nowNs, "{}: seed {} does not answer"
                        + " at {} (no live site there, site.timeout {} ms): resolving it again", memberName,
                        item.getKey(), entry.addresses, TimeUnit.NANOSECONDS.toMillis(retryNs));
            }
            entry.requested = true;
            entry.requestedNs = nowNs;
            resolve.accept(item.getKey());
        }
    }

    /**
     * The driver's answer for a seed.
     *
     * @param seed the seed asked for
     * @param resolved its addresses now, or empty if it did not resolve (or names only this delegate itself)
     * @param failure why it did not resolve, or null (with no address: the name names only this delegate itself)
     * @param nowNs the engine's time
     * @return the addresses that are new (not among the seed's before)
     */
    List<DelegateAddress> onResolved(Seed seed, List<DelegateAddress> resolved, String failure, long nowNs) {
        Entry entry = entries.get(seed);
        if (entry == null || !entry.resolved) {
            return List.of();
        }
        entry.self = resolved.isEmpty() && failure == null;
        if (entry.self) {
            LOG.debug("{}: seed {} names only this delegate itself", memberName, seed);
            if (!entry.addresses.isEmpty()) {
                entry.addresses = List.of();
                rebuild();
            }
            return List.of();
        }
        if (resolved.isEmpty()) {
            RATE_LIMITED.warn(memberName + "/seed-unresolved/" + seed, nowNs, "{}: seed {} does not resolve ({});"
                    + " it is asked again every {} ms{}", memberName, seed, failure,
                    TimeUnit.NANOSECONDS.toMillis(entry.addresses.isEmpty() ? heartbeatNs : retryNs),
                    entry.addresses.isEmpty() ? "" : ", and its last addresses " + entry.addresses + " stay");
            return List.of();
        }
        List<DelegateAddress> fresh = List.copyOf(new LinkedHashSet<>(resolved));
        if (fresh.equals(entry.addresses)) {
            LOG.debug("{}: seed {} still resolves to {}", memberName, seed, fresh);
            return List.of();
        }
        if (entry.addresses.isEmpty()) {
            LOG.info("{}: seed {} resolves to {}", memberName, seed, fresh);
        } else {
            LOG.info("{}: seed {} now resolves to {} (was {})", memberName, seed, fresh, entry.addresses);
        }
        List<DelegateAddress> added = new ArrayList<>(fresh);
        added.removeAll(entry.addresses);
        entry.addresses = fresh;
        rebuild();
        return added;
    }

    private void rebuild() {
        Set<DelegateAddress> all = new LinkedHashSet<>();
        for (Entry entry : entries.values()) {
            all.addAll(entry.addresses);
        }
        addresses = List.copyOf(all);
    }
}
