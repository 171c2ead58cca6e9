package org.gcs.alm.overlay;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
    private long siteSetVersion;

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
            sites.put(site, new SiteRecord<>(site, term, address, nowNs, -1, null));
            siteSetVersion++;
            return Observation.NEW_SITE;
        }
        if (term < known.term()) {
            return Observation.STALE;
        }
        if (term > known.term()) {
            sites.put(site, new SiteRecord<>(site, term, address, nowNs, -1, known.state()));
            return Observation.NEW_DELEGATE;
        }
        sites.put(site, new SiteRecord<>(site, term, address, nowNs, known.stateVersion(), known.state()));
        return Observation.REFRESHED;
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
     * Removes every site not heard within the timeout.
     *
     * @return the removed sites, in directory order
     */
    public List<SiteRecord<S>> expire(long nowNs) {
        List<SiteRecord<S>> removed = new ArrayList<>();
        sites.values().removeIf(record -> {
            boolean silent = nowNs - record.lastHeardNs() > siteTimeoutNs;
            if (silent) {
                removed.add(record);
            }
            return silent;
        });
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
            siteSetVersion++;
        }
        return Optional.ofNullable(removed);
    }

    /**
     * @return a number that changes whenever a site is added or removed (not when one is refreshed), so that callers
     *     may cache what they derive from the set of live sites
     */
    public long siteSetVersion() {
        return siteSetVersion;
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
        for (SiteRecord<S> record : sites.values()) {
            if (record.address().equals(address)) {
                return true;
            }
        }
        return false;
    }

    /** @return the configured silence limit */
    public long siteTimeoutNs() {
        return siteTimeoutNs;
    }
}
