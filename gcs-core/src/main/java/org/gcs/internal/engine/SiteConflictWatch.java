package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.alm.overlay.SiteRecord;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.PeerHint;
import org.slf4j.LoggerFactory;

/**
 * The delegate's answer to two delegates speaking for one site name at once (two LANs configured with one
 * {@code site}, or one site's LAN split in two), for {@link OverlayMembership}. {@link SiteConflicts} tells such a
 * conflict from a failover; this class acts on what it tells: it drops the datagrams of the second speaker, logs and
 * counts each conflict, warns every delegate of a conflicted site about the others (each heartbeat while it lasts),
 * remembers for a site timeout that a peer warned of this site's own name, and decides whether a site's
 * acknowledgements may count.
 *
 * <p>Sans-IO like the rest of the engine: time comes in as {@code nowNs}, warnings go out through the delegate's
 * {@link ControlSplitter}. Not thread-safe: owned by one delegate's protocol engine.
 */
final class SiteConflictWatch {
    /** Its lines keep the logger name of {@link OverlayMembership}, which did this work before. */
    private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(OverlayMembership.class));

    private final EngineSettings settings;
    private final ProtocolMetrics metrics;
    private final long term;
    private final SiteDirectory<List<MemberGroups>> directory;
    private final ControlSplitter out;
    private final SiteConflicts conflicts;
    /** Until when this site's own name counts as announced by another delegate too (a peer warned us), 0: never. */
    private long ownConflictUntilNs;
    /** Until when a delegate of this site with a higher term counts as speaking (a peer warned us), 0: never. */
    private long supersededUntilNs;

    /**
     * @param term this delegate's term (in the warnings it sends)
     * @param directory the remote sites, read to know each site's current delegate
     * @param out where the warnings go
     */
    SiteConflictWatch(EngineSettings settings, ProtocolMetrics metrics, long term,
                      SiteDirectory<List<MemberGroups>> directory, ControlSplitter out) {
        this.settings = settings;
        this.metrics = metrics;
        this.term = term;
        this.directory = directory;
        this.out = out;
        this.conflicts = new SiteConflicts(settings.heartbeatNs(), settings.siteTimeoutNs());
    }

    /**
     * Notes an authenticated datagram from another site's delegate (reporting a conflict it reveals).
     *
     * @return false if the datagram must be dropped: one term, two addresses, the first still speaking is two
     *     delegates, not a move, and the first is kept
     */
    boolean admits(String site, long siteTerm, DelegateAddress from, long nowNs) {
        if (conflicts.heard(site, siteTerm, from, nowNs)) {
            reportConflict(site, nowNs);
        }
        Optional<SiteRecord<List<MemberGroups>>> current = directory.get(site);
        if (current.isPresent() && current.get().term() == siteTerm
                && !current.get().address().equals(from)
                && (conflicts.conflicted(site) || nowNs - current.get().lastHeardNs() < 2 * settings.heartbeatNs())) {
            metrics.wanDropped(DropReason.SITE_CONFLICT);
            return false;
        }
        return true;
    }

    /** Forgets conflicts that are over, warns about those that last, and updates the gauge (each heartbeat). */
    void onHeartbeat(long nowNs) {
        for (String resolved : conflicts.expire(nowNs)) {
            LOG.warn(settings.memberName() + "/conflict-over-" + resolved, nowNs, "site {} has one delegate again ({}): its acknowledgements"
                    + " count again", resolved, conflicts.speakers(resolved));
        }
        warnConflictingDelegates(nowNs);
        metrics.conflictedSites(conflicts.conflictedSites().size() + (ownConflicted(nowNs) ? 1 : 0));
    }

    /** Logs and counts a conflict this delegate found, and warns both delegates at once. */
    private void reportConflict(String site, long nowNs) {
        metrics.siteConflictDetected();
        LOG.error(settings.memberName() + "/conflict-" + site, nowNs, "two delegates announce site {} at once: {}. Two LANs are configured with"
                + " the same site name (or the site's LAN is split); acknowledgements from {} are not trusted and"
                + " senders to its groups block until one of them stops or is renamed", site, describe(site), site);
        warnConflictingDelegates(nowNs);
    }

    /** Tells every delegate of each conflicted site about the others. */
    private void warnConflictingDelegates(long nowNs) {
        for (String site : conflicts.conflictedSites()) {
            List<PeerHint> delegates = new ArrayList<>();
            for (SiteConflicts.Speaker speaker : conflicts.speakers(site)) {
                if (delegates.size() < WanPacket.SiteConflict.MAX_DELEGATES) {
                    delegates.add(new PeerHint(site, speaker.term(), speaker.address().host(),
                            speaker.address().port()));
                }
            }
            if (delegates.size() < 2) {
                continue;
            }
            WanPacket.SiteConflict warning = new WanPacket.SiteConflict(site, delegates);
            for (PeerHint delegate : delegates) {
                out.send(site, new DelegateAddress(delegate.host(), delegate.port()),
                        new WanEnvelope(settings.site(), term, warning), nowNs);
            }
        }
    }

    /** A peer warned that two delegates announce a site name; if it is this site's, logs and counts it. */
    void onConflictWarning(String fromSite, WanPacket.SiteConflict warning, long nowNs) {
        if (!warning.site().equals(settings.site())) {
            return;
        }
        if (!ownConflicted(nowNs)) {
            metrics.siteConflictDetected();
        }
        ownConflictUntilNs = nowNs + settings.siteTimeoutNs();
        List<String> others = new ArrayList<>();
        for (PeerHint delegate : warning.delegates()) {
            others.add(new DelegateAddress(delegate.host(), delegate.port()) + " (term " + delegate.term() + ")");
            if (delegate.term() > term) {
                supersededUntilNs = nowNs + settings.siteTimeoutNs();
            }
        }
        LOG.error(settings.memberName() + "/own-conflict", nowNs, "site {} reports that two delegates announce this site's name {} at once: {};"
                + " this delegate is {} (term {}). Two LANs are configured with the same site name (or this LAN is"
                + " split): give each LAN its own site name", fromSite, settings.site(), others,
                settings.site() + "/" + settings.memberName(), term);
    }

    /**
     * Whether a peer reported, within the last site timeout, a delegate of this site with a higher term than this
     * one: this delegate is superseded (it was excluded from its LAN while it hung, or its LAN is split), and the remote
     * sites follow the other one and drop this one's datagrams as stale on purpose.
     */
    boolean superseded(long nowNs) {
        return supersededUntilNs != 0 && nowNs - supersededUntilNs < 0;
    }

    private boolean ownConflicted(long nowNs) {
        return ownConflictUntilNs != 0 && nowNs - ownConflictUntilNs < 0;
    }

    /**
     * Whether a site's acknowledgements may count: not while two delegates speak for it, nor while another
     * delegate than its current one was heard since the current one took over (before a conflict is certain), so
     * that the site never counts as having received what only one of its two LANs received.
     */
    boolean acknowledgementsTrusted(String site) {
        if (conflicts.conflicted(site)) {
            return false;
        }
        Optional<SiteRecord<List<MemberGroups>>> current = directory.get(site);
        if (current.isEmpty()) {
            return true;
        }
        DelegateAddress address = current.get().address();
        long since = conflicts.firstHeardNs(site, address).orElse(Long.MIN_VALUE) + settings.heartbeatNs() / 4;
        return !conflicts.othersHeardSince(site, address, since);
    }

    /** @return the sites two delegates speak for at once, this one's own included while a peer warns of it */
    Set<String> conflictedSites(long nowNs) {
        Set<String> sites = new TreeSet<>(conflicts.conflictedSites());
        if (ownConflicted(nowNs)) {
            sites.add(settings.site());
        }
        return sites;
    }

    private String describe(String site) {
        List<String> parts = new ArrayList<>();
        for (SiteConflicts.Speaker speaker : conflicts.speakers(site)) {
            parts.add(speaker.address() + " (term " + speaker.term() + ")");
        }
        return String.join(" and ", parts);
    }
}
