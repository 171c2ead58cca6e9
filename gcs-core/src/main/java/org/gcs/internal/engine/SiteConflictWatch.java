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
import org.gcs.internal.wire.LanMessage.SiteConflictNotice;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanSiteConflict;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.PeerHint;
import org.slf4j.LoggerFactory;

/**
 * The delegate's answer to two delegates speaking for one site name at once (two LANs configured with one
 * {@code site}, or one site's LAN split in two), for {@link OverlayMembership}. {@link SiteConflicts} tells such a
 * conflict from a failover; this class acts on what it tells: it drops the datagrams of the second speaker, logs and
 * counts each conflict, warns every delegate of a conflicted site about the others (each heartbeat while it lasts),
 * remembers for a site timeout that a peer warned of this site's own name, tells this site's members to hold their
 * messages meanwhile ({@link SiteConflictNotice}), and decides whether a site's acknowledgements may count.
 *
 * <p><b>A duplicate site or a paused delegate.</b> A delegate paused for longer than its LAN's failure detection
 * (SIGSTOP, a frozen VM) is replaced by one with a higher term, and when it thaws it speaks with its old term until
 * its LAN merges it back. {@link SiteConflicts} tells it apart (a lower term, heard again only after the newer
 * delegate took over): the peer logs a WARN naming both and counts {@code gcs.sites.superseded}, warns only the old
 * delegate (so that it knows, and the newer one is left alone), and keeps trusting the newer one's
 * acknowledgements. The thawed delegate, warned of a newer delegate of its own site shortly after it noticed its own
 * pause (a gap between its timer runs), logs a WARN and counts the same, not the duplicate-site ERROR. If the old
 * delegate still speaks {@link #SUPERSEDED_GRACE_SITE_TIMEOUTS} site timeouts after it came back, it is no pause:
 * the site is conflicted after all (ERROR, {@code gcs.sites.conflicts}).
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
    /** Until when a warning of a newer delegate of this site is taken for the result of this node's own pause. */
    private long pauseExplainsUntilNs;
    private final EngineIo io;
    /** Whether the members were last told that this site's name is conflicted. */
    private boolean membersHold;

    /**
     * How long, in site timeouts, a superseded delegate may go on speaking before its site counts as conflicted: a
     * thawed delegate is merged back into its LAN (and speaks with a new term) 8.5 to 13 s after it thaws in
     * {@code HungDelegateIT}, within 4 site timeouts of the default 5 s.
     */
    static final int SUPERSEDED_GRACE_SITE_TIMEOUTS = 4;

    /**
     * @param term this delegate's term (in the warnings it sends)
     * @param directory the remote sites, read to know each site's current delegate
     * @param out where the warnings go
     * @param io where the notices to this site's members go
     */
    SiteConflictWatch(EngineSettings settings, ProtocolMetrics metrics, long term,
                      SiteDirectory<List<MemberGroups>> directory, ControlSplitter out, EngineIo io) {
        this.io = io;
        this.settings = settings;
        this.metrics = metrics;
        this.term = term;
        this.directory = directory;
        this.out = out;
        this.conflicts = new SiteConflicts(settings.heartbeatNs(), settings.siteTimeoutNs(),
                SUPERSEDED_GRACE_SITE_TIMEOUTS * settings.siteTimeoutNs());
    }

    /**
     * Notes an authenticated datagram from another site's delegate (reporting a conflict it reveals).
     *
     * @return false if the datagram must be dropped: one term, two addresses, the first still speaking is two
     *     delegates, not a move, and the first is kept
     */
    boolean admits(String site, long siteTerm, DelegateAddress from, long nowNs) {
        switch (conflicts.heard(site, siteTerm, from, nowNs)) {
            case CONFLICT -> reportConflict(site, nowNs);
            case SUPERSEDED -> reportSuperseded(site, nowNs);
            case NOTHING -> {
            }
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
        warnSupersededDelegates(nowNs);
        boolean ownConflicted = ownConflicted(nowNs);
        if (ownConflicted || membersHold) {
            tellMembers(ownConflicted);
        }
        metrics.conflictedSites(conflicts.conflictedSites().size() + (ownConflicted ? 1 : 0));
    }

    /** Tells this site's members whether its name is conflicted (they hold new messages while it is). */
    private void tellMembers(boolean conflicted) {
        membersHold = conflicted;
        io.lanSend(new SiteConflictNotice(term, conflicted));
    }

    /** Logs and counts a delegate that came back after a newer one of its site took over, and warns it at once. */
    private void reportSuperseded(String site, long nowNs) {
        metrics.delegateSuperseded();
        LOG.warn(settings.memberName() + "/superseded-" + site, nowNs, "site {}: {} speaks again after a newer delegate"
                + " took over while it was silent ({}): a delegate that was paused (stopped, a frozen VM, a long"
                + " collection) and replaced by its LAN, not a second LAN. Its datagrams are ignored until its LAN"
                + " merges it back; if it still speaks {} s after it came back, site {} is reported as configured on"
                + " two LANs", site, describe(conflicts.supersededSpeakers(site)), describe(conflicts.speakers(site)),
                SUPERSEDED_GRACE_SITE_TIMEOUTS * settings.siteTimeoutNs() / 1_000_000_000L, site);
        warnSupersededDelegates(nowNs);
    }

    /**
     * Tells each superseded delegate about the delegates of its site, so that it knows a newer one speaks (and does
     * not take the remote sites' silence for one-way links); the newer one is not warned.
     */
    private void warnSupersededDelegates(long nowNs) {
        for (String site : conflicts.sitesWithSupersededSpeakers()) {
            List<PeerHint> delegates = hints(site);
            if (delegates.size() < 2) {
                continue;
            }
            WanSiteConflict warning = new WanSiteConflict(site, delegates);
            for (SiteConflicts.Speaker old : conflicts.supersededSpeakers(site)) {
                out.send(site, old.address(), new WanEnvelope(settings.site(), term, warning), nowNs);
            }
        }
    }

    /** @return the speakers of a site as the delegates a {@link WanSiteConflict} names (at most 8) */
    private List<PeerHint> hints(String site) {
        List<PeerHint> delegates = new ArrayList<>();
        for (SiteConflicts.Speaker speaker : conflicts.speakers(site)) {
            if (delegates.size() < WanSiteConflict.MAX_DELEGATES) {
                delegates.add(new PeerHint(site, speaker.term(), speaker.address().host(), speaker.address().port()));
            }
        }
        return delegates;
    }

    /** Logs and counts a conflict this delegate found, and warns both delegates at once. */
    private void reportConflict(String site, long nowNs) {
        metrics.siteConflictDetected();
        LOG.error(settings.memberName() + "/conflict-" + site, nowNs, "two delegates announce site {} at once: {}. Two LANs are configured with"
                + " the same site name (or the site's LAN is split); acknowledgements from {} are not trusted and"
                + " senders to its groups block until one of them stops or is renamed", site,
                describe(conflicts.speakers(site)), site);
        warnConflictingDelegates(nowNs);
    }

    /** Tells every delegate of each conflicted site about the others. */
    private void warnConflictingDelegates(long nowNs) {
        for (String site : conflicts.conflictedSites()) {
            List<PeerHint> delegates = hints(site);
            if (delegates.size() < 2) {
                continue;
            }
            WanSiteConflict warning = new WanSiteConflict(site, delegates);
            for (PeerHint delegate : delegates) {
                out.send(site, new DelegateAddress(delegate.host(), delegate.port()),
                        new WanEnvelope(settings.site(), term, warning), nowNs);
            }
        }
    }

    /**
     * A peer warned that two delegates announce a site name; if it is this site's, logs and counts it: as a conflict
     * (ERROR; the members hold their messages), or, if the warning names a newer delegate of this site and this node
     * was itself paused shortly before ({@link #onOwnPause}), as this delegate being superseded (WARN).
     *
     * @return true if the warning was about this site's name: the peer that sent it hears this delegate (it names
     *     the addresses it heard speak for the name)
     */
    boolean onConflictWarning(String fromSite, WanSiteConflict warning, long nowNs) {
        if (!warning.site().equals(settings.site())) {
            return false;
        }
        List<String> others = new ArrayList<>();
        boolean newerDelegate = false;
        for (PeerHint delegate : warning.delegates()) {
            others.add(new DelegateAddress(delegate.host(), delegate.port()) + " (term " + delegate.term() + ")");
            newerDelegate |= delegate.term() > term;
        }
        if (newerDelegate) {
            if (!superseded(nowNs) && pausedRecently(nowNs)) {
                metrics.delegateSuperseded();
                LOG.warn(settings.memberName() + "/superseded", nowNs, "site {} reports a newer delegate of this site {}:"
                        + " {}; this delegate is {} (term {}) and did not run for a while, so its LAN replaced it. Not a"
                        + " second LAN: it speaks for the site again once its LAN merges it back", fromSite,
                        settings.site(), others, settings.site() + "/" + settings.memberName(), term);
            }
            supersededUntilNs = nowNs + settings.siteTimeoutNs();
            if (pausedRecently(nowNs)) {
                return true;
            }
        }
        boolean wasConflicted = ownConflicted(nowNs);
        if (!wasConflicted) {
            metrics.siteConflictDetected();
        }
        ownConflictUntilNs = nowNs + settings.siteTimeoutNs();
        LOG.error(settings.memberName() + "/own-conflict", nowNs, "site {} reports that two delegates announce this site's name {} at once: {};"
                + " this delegate is {} (term {}). Two LANs are configured with the same site name (or this LAN is"
                + " split): give each LAN its own site name", fromSite, settings.site(), others,
                settings.site() + "/" + settings.memberName(), term);
        if (!wasConflicted) {
            tellMembers(true);
        }
        return true;
    }

    /**
     * This node did not run for a while (a gap between its timer runs): for {@link #SUPERSEDED_GRACE_SITE_TIMEOUTS}
     * site timeouts, a warning that a newer delegate of this site speaks is taken for the result of that pause.
     */
    void onOwnPause(long nowNs) {
        pauseExplainsUntilNs = nowNs + SUPERSEDED_GRACE_SITE_TIMEOUTS * settings.siteTimeoutNs();
    }

    private boolean pausedRecently(long nowNs) {
        return pauseExplainsUntilNs != 0 && nowNs - pauseExplainsUntilNs < 0;
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

    private static String describe(List<SiteConflicts.Speaker> speakers) {
        List<String> parts = new ArrayList<>();
        for (SiteConflicts.Speaker speaker : speakers) {
            parts.add(speaker.address() + " (term " + speaker.term() + ")");
        }
        return String.join(" and ", parts);
    }
}
