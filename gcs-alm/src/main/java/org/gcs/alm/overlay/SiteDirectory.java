package org.gcs.alm.overlay;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The overlay's table of remote sites and their delegates, with liveness (sans-IO: time comes in as
 * {@code nowNs}).
 *
 * <p>Every authenticated datagram from a site's delegate is {@link #observe observed}: it keeps the site
 * alive and reveals when a new delegate (higher term) took over. A site not heard for {@code siteTimeoutNs}
 * is {@link #expire expired}. State published by a site (its memberships) is kept per term and version; an
 * older version never replaces a newer one.
 *
 * <p>Not thread-safe: owned by one delegate's protocol engine.
 *
 * @param <S> type of the state that sites publish
 */
public final class SiteDirectory<S> {
    private final String localSite;
    private final long siteTimeoutNs;
    private final Map<String, SiteRecord<S>> sites = new LinkedHashMap<>();
    private final SortedSet<String> sortedNames = new TreeSet<>();
    private final SortedSet<String> sortedNamesView = Collections.unmodifiableSortedSet(sortedNames);
    /** How many live sites' delegates use each address (normally one). */
    private final Map<DelegateAddress, Integer> addressUses = new HashMap<>();
    private long siteSetVersion;
    /** No site was heard before this time: a lower bound that lets {@link #expire} skip the scan until it matters. */
    private long earliestHeardBoundNs = Long.MAX_VALUE;
    /** The XOR of {@link #nameHash} over the remote sites, kept as they come and go. */
    private long remoteNamesDigest;

    /**
     * @param localSite this delegate's own site; datagrams claiming to be from it are ignored
     * @param siteTimeoutNs how long a site may stay silent before it is considered gone
     */
    public SiteDirectory(String localSite, long siteTimeoutNs) {
        if (siteTimeoutNs <= 0) {
            throw new IllegalArgumentException("siteTimeoutNs must be positive, got " + siteTimeoutNs);
        }
        this.localSite = localSite;
        this.siteTimeoutNs = siteTimeoutNs;
    }

    /**
     * Records that the delegate of {@code site} with {@code term} sent a datagram from {@code address}.
     *
     * @return what this datagram means for the directory
     */
    public Observation observe(String site, long term, DelegateAddress address, long nowNs) {
        if (site.equals(localSite)) {
            return Observation.STALE;
        }
        SiteRecord<S> known = sites.get(site);
        if (known == null) {
            store(null, new SiteRecord<>(site, term, address, nowNs, -1, null));
            earliestHeardBoundNs = Math.min(earliestHeardBoundNs, nowNs);
            return Observation.NEW_SITE;
        }
        if (term < known.term()) {
            return Observation.STALE;
        }
        if (term > known.term()) {
            store(known, new SiteRecord<>(site, term, address, nowNs, -1, known.state()));
            siteSetVersion++;
            return Observation.NEW_DELEGATE;
        }
        store(known, new SiteRecord<>(site, term, address, nowNs, known.stateVersion(), known.state()));
        return known.address().equals(address) ? Observation.REFRESHED : Observation.MOVED;
    }

    /** Puts a record in place of the previous one (null: a new site), keeping the name and address indexes. */
    private void store(SiteRecord<S> previous, SiteRecord<S> next) {
        sites.put(next.site(), next);
        if (previous == null) {
            sortedNames.add(next.site());
            remoteNamesDigest ^= nameHash(next.site());
            addressUses.merge(next.address(), 1, Integer::sum);
            siteSetVersion++;
        } else if (!previous.address().equals(next.address())) {
            forgetAddress(previous.address());
            addressUses.merge(next.address(), 1, Integer::sum);
            siteSetVersion++; // the delegate moved: what callers derived from the addresses is stale
        }
    }

    /** Takes a removed record out of the name and address indexes. */
    private void unindex(SiteRecord<S> removed) {
        sortedNames.remove(removed.site());
        remoteNamesDigest ^= nameHash(removed.site());
        forgetAddress(removed.address());
    }

    private void forgetAddress(DelegateAddress address) {
        addressUses.computeIfPresent(address, (a, uses) -> uses == 1 ? null : uses - 1);
    }

    /**
     * Offers state published by a site's delegate. Call {@link #observe} first for the same datagram.
     *
     * @return true if the state is newer than what was known and replaced it
     */
    public boolean offerState(String site, long term, long version, S state) {
        SiteRecord<S> known = sites.get(site);
        if (known == null || term != known.term() || version <= known.stateVersion()) {
            return false;
        }
        sites.put(site, new SiteRecord<>(site, term, known.address(), known.lastHeardNs(), version, state));
        return true;
    }

    /**
     * Moves every site's last-heard time {@code gapNs} later: this delegate itself did not run for that long (it was
     * paused), and hearing nothing while not running says nothing of the sites, so the pause does not count towards
     * their timeout.
     *
     * @param gapNs how long this delegate did not run, in nanoseconds
     */
    public void pardon(long gapNs) {
        if (gapNs <= 0 || sites.isEmpty()) {
            return;
        }
        sites.replaceAll((name, r) -> new SiteRecord<>(r.site(), r.term(), r.address(), r.lastHeardNs() + gapNs,
                r.stateVersion(), r.state()));
        if (earliestHeardBoundNs != Long.MAX_VALUE) {
            earliestHeardBoundNs += gapNs;
        }
    }

    /**
     * Removes every site not heard within the timeout.
     *
     * @return the removed sites, in directory order
     */
    public List<SiteRecord<S>> expire(long nowNs) {
        if (sites.isEmpty() || nowNs - earliestHeardBoundNs <= siteTimeoutNs) {
            return List.of(); // called on every timer tick: scan only once the oldest site may be overdue
        }
        List<SiteRecord<S>> removed = new ArrayList<>();
        long earliest = Long.MAX_VALUE;
        for (var it = sites.values().iterator(); it.hasNext(); ) {
            SiteRecord<S> record = it.next();
            if (nowNs - record.lastHeardNs() > siteTimeoutNs) {
                removed.add(record);
                it.remove();
                unindex(record);
            } else {
                earliest = Math.min(earliest, record.lastHeardNs());
            }
        }
        earliestHeardBoundNs = earliest;
        if (!removed.isEmpty()) {
            siteSetVersion++;
        }
        return removed;
    }

    /**
     * Removes a site at once (its delegate said it is leaving).
     *
     * @return the removed record, if the site was known
     */
    public Optional<SiteRecord<S>> remove(String site) {
        SiteRecord<S> removed = sites.remove(site);
        if (removed != null) {
            unindex(removed);
            siteSetVersion++;
        }
        return Optional.ofNullable(removed);
    }

    /**
     * @return a number that changes whenever a site is added or removed, gets a new delegate or its delegate's address
     *     changes (not when one is refreshed), so that callers may cache what they derive from the live sites and
     *     their delegates
     */
    public long siteSetVersion() {
        return siteSetVersion;
    }

    /**
     * A digest of the set of sites this directory describes, the local site included: the XOR of a 64-bit hash
     * of each site name. Two delegates that know the same sites have the same digest whatever the order they
     * learned them in, so a delegate can tell from a peer's digest whether the peer may lack a site.
     *
     * @return the digest, kept up to date as sites come and go (XOR undoes itself): a delegate asks for it with every
     *     announcement, and computing it over every site after each change cost O(N³) while 2048 sites joined
     */
    public long siteSetDigest() {
        return nameHash(localSite) ^ remoteNamesDigest;
    }

    /**
     * FNV-1a over the name's UTF-16 code units, then a 64-bit finaliser (MurmurHash3's fmix64) to spread bits.
     *
     * @param name a site name
     * @return its share of {@link #siteSetDigest()}
     */
    public static long nameHash(String name) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < name.length(); i++) {
            h ^= name.charAt(i);
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb93fe1a85394L;
        h ^= h >>> 33;
        return h;
    }

    /** @return the record of a site, if it is alive */
    public Optional<SiteRecord<S>> get(String site) {
        return Optional.ofNullable(sites.get(site));
    }

    /** @return the live sites, in the order they were first heard */
    public Collection<SiteRecord<S>> sites() {
        return Collections.unmodifiableCollection(sites.values());
    }

    /** @return true if some live site's delegate uses this address */
    public boolean isKnownAddress(DelegateAddress address) {
        return addressUses.containsKey(address);
    }

    /** @return the names of the live sites, sorted: a read-only view that follows the directory */
    public SortedSet<String> sortedSiteNames() {
        return sortedNamesView;
    }

    /** @return the configured silence limit */
    public long siteTimeoutNs() {
        return siteTimeoutNs;
    }
}
