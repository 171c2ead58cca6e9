package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.alm.overlay.Observation;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.alm.overlay.SiteRecord;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.LanMessage.RemoteSite;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanPacket.MemberGroups;
import org.gcs.internal.wire.WanPacket.PeerHint;
import org.gcs.internal.wire.WanPacket.SiteState;

/**
 * The delegate's view of the overlay (architecture §5): which remote sites are alive, where their delegates are,
 * and which groups their members joined. It announces this site to the other delegates ({@link SiteState} every
 * heartbeat, to known sites, seeds and gossiped addresses), learns theirs, expires silent ones, publishes the remote
 * sites to its own LAN ({@link RemoteSites}), and sends WAN packets to a site's current delegate.
 */
final class OverlayMembership {
    private final EngineSettings settings;
    private final EngineIo io;
    private final ProtocolMetrics metrics;
    private final Membership local;
    private final long term;
    private final TreeOverlay overlay;
    private final SiteDirectory<List<MemberGroups>> directory;
    private final Map<DelegateAddress, Long> hintExpiryNs = new LinkedHashMap<>();
    /** Addresses at which this node received its own announcements (gossip named it): never announce to them. */
    private final Set<DelegateAddress> selfAddresses = new HashSet<>();
    /** Sites with members, per group; cleared whenever a membership or the set of sites changes. */
    private final Map<String, Set<String>> memberSitesByGroup = new HashMap<>();
    private List<MemberGroups> announcedMembers = List.of();
    private List<RemoteSite> publishedSites = List.of();
    private long stateVersion;
    private long lastHeartbeatNs;
    /** Set when the directory may differ from what was last published to the site. */
    private boolean directoryChanged;

    OverlayMembership(EngineSettings settings, EngineIo io, ProtocolMetrics metrics, Membership local, long term,
                      TreeOverlay overlay) {
        this.settings = settings;
        this.io = io;
        this.metrics = metrics;
        this.local = local;
        this.term = term;
        this.overlay = overlay;
        this.directory = new SiteDirectory<>(settings.site(), settings.siteTimeoutNs());
    }

    /** Starts from the remote sites the previous delegate described (a site that is gone expires as usual). */
    void startFromKnownSites(long nowNs) {
        for (RemoteSite known : local.remoteSites()) {
            directory.observe(known.site(), known.term(), new DelegateAddress(known.host(), known.port()), nowNs);
            directory.offerState(known.site(), known.term(), known.stateVersion(), known.members());
        }
        directoryChanged = true;
    }

    /** Takes the site's current memberships as announced (the first announcement goes out with the next heartbeat). */
    void startAnnouncing() {
        announcedMembers = local.localMembers();
    }

    // ---------------------------------------------------------------- incoming datagrams

    /**
     * Notes who sent an authenticated datagram: refreshes or learns the site, answers a site it did not know with
     * this site's state. Datagrams from this site (our own announcement gossiped back, or a superseded delegate of
     * ours) and from superseded delegates of other sites are dropped here.
     *
     * @return how the sender was observed, or empty if the datagram must be dropped
     */
    Optional<Observation> observe(DelegateAddress from, WanEnvelope envelope, long nowNs) {
        if (envelope.fromSite().equals(settings.site())) {
            if (envelope.fromTerm() == term && envelope.packet() instanceof SiteState) {
                selfAddresses.add(from); // our own announcement came back through a hint that named us
                hintExpiryNs.remove(from);
            } else {
                metrics.wanDropped(DropReason.STALE);
            }
            return Optional.empty();
        }
        Observation observation = directory.observe(envelope.fromSite(), envelope.fromTerm(), from, nowNs);
        if (observation == Observation.STALE) {
            metrics.wanDropped(DropReason.STALE);
            return Optional.empty();
        }
        if (observation != Observation.REFRESHED) {
            directoryChanged = true;
            hintExpiryNs.remove(from);
            sendState(envelope.fromSite(), from);
        }
        return Optional.of(observation);
    }

    /**
     * A remote site's announcement.
     *
     * @return true if its memberships changed (the flows must follow)
     */
    boolean onSiteState(String site, long siteTerm, SiteState state, long nowNs) {
        boolean changed = directory.offerState(site, siteTerm, state.version(), state.members());
        if (changed) {
            directoryChanged = true;
            memberSitesByGroup.clear();
        }
        return changed;
    }

    /** Remembers the delegates another delegate knows, to announce this site to them until they answer. */
    void onPeerHints(List<PeerHint> peers, long nowNs) {
        for (PeerHint hint : peers) {
            if (hint.site().equals(settings.site()) || directory.get(hint.site()).isPresent()) {
                continue;
            }
            DelegateAddress address = new DelegateAddress(hint.host(), hint.port());
            if (!address.equals(settings.selfWanAddress()) && !selfAddresses.contains(address)) {
                hintExpiryNs.putIfAbsent(address, nowNs + settings.siteTimeoutNs());
            }
        }
    }

    // ---------------------------------------------------------------- this site's memberships

    /**
     * The site's memberships may have changed.
     *
     * @return true if they did (a new state version was taken: announce it)
     */
    boolean localMembersChanged() {
        List<MemberGroups> members = local.localMembers();
        if (members.equals(announcedMembers)) {
            return false;
        }
        announcedMembers = members;
        memberSitesByGroup.clear();
        stateVersion++;
        return true;
    }

    // ---------------------------------------------------------------- timers

    /** Announces the site if a heartbeat is due. */
    void onTick(long nowNs) {
        if (nowNs - lastHeartbeatNs >= settings.heartbeatNs()) {
            heartbeat(nowNs);
        }
    }

    /** @return the sites that went silent for the site timeout, now forgotten */
    List<String> expire(long nowNs) {
        List<String> gone = new ArrayList<>();
        for (SiteRecord<List<MemberGroups>> site : directory.expire(nowNs)) {
            gone.add(site.site());
        }
        if (!gone.isEmpty()) {
            memberSitesByGroup.clear();
            directoryChanged = true;
        }
        return gone;
    }

    /** Forgets gossiped addresses nobody answered from in time. */
    void expireHints(long nowNs) {
        hintExpiryNs.values().removeIf(expiry -> expiry < nowNs);
    }

    /** Announces this site to every known site, to the seeds not yet known, and to gossiped addresses. */
    void heartbeat(long nowNs) {
        lastHeartbeatNs = nowNs;
        for (SiteRecord<List<MemberGroups>> site : directory.sites()) {
            sendState(site.site(), site.address());
        }
        for (DelegateAddress seed : settings.seeds()) {
            if (!seed.equals(settings.selfWanAddress()) && !directory.isKnownAddress(seed)) {
                sendState(null, seed);
            }
        }
        for (DelegateAddress hint : hintExpiryNs.keySet()) {
            if (!directory.isKnownAddress(hint) && !settings.seeds().contains(hint)) {
                sendState(null, hint);
            }
        }
    }

    private void sendState(String site, DelegateAddress to) {
        List<PeerHint> peers = new ArrayList<>();
        for (SiteRecord<List<MemberGroups>> record : directory.sites()) {
            peers.add(new PeerHint(record.site(), record.term(), record.address().host(), record.address().port()));
        }
        io.wanSend(site, to, envelope(new SiteState(stateVersion, announcedMembers, peers, overlay.version(),
                overlay.linkReports())));
    }

    // ---------------------------------------------------------------- the LAN

    /** Tells the site about the remote sites if anything changed since the last time (cheap when not). */
    void publishRemoteSites() {
        if (!directoryChanged) {
            return;
        }
        directoryChanged = false;
        List<RemoteSite> sites = new ArrayList<>();
        for (SiteRecord<List<MemberGroups>> record : directory.sites()) {
            List<MemberGroups> members = record.state() == null ? List.of() : record.state();
            sites.add(new RemoteSite(record.site(), record.term(), record.address().host(), record.address().port(),
                    record.stateVersion(), members));
        }
        if (!sites.equals(publishedSites)) {
            publishedSites = sites;
            io.lanSend(new RemoteSites(term, sites));
        }
    }

    /** Publishes the remote sites again even if unchanged (a new member joined the LAN and needs them). */
    void republishRemoteSites() {
        publishedSites = List.of();
        directoryChanged = true;
        publishRemoteSites();
    }

    // ---------------------------------------------------------------- queries and sending

    /** Sends a packet to a site's current delegate (nothing if the site is unknown). */
    void send(String site, WanPacket packet) {
        directory.get(site).ifPresent(record -> io.wanSend(site, record.address(), envelope(packet)));
    }

    /** @return the live remote sites, sorted */
    SortedSet<String> liveSites() {
        if (liveSites == null || liveSitesVersion != directory.siteSetVersion()) {
            SortedSet<String> live = new TreeSet<>();
            directory.sites().forEach(site -> live.add(site.site()));
            liveSites = java.util.Collections.unmodifiableSortedSet(live);
            liveSitesVersion = directory.siteSetVersion();
        }
        return liveSites; // asked every tick: rebuilt only when a site comes or goes (512 sites made it a hot spot)
    }

    private SortedSet<String> liveSites;
    private long liveSitesVersion;

    /** @return the live remote sites in the directory's order */
    List<String> remoteSiteNames() {
        List<String> names = new ArrayList<>();
        directory.sites().forEach(s -> names.add(s.site()));
        return names;
    }

    /** @return the remote sites whose members joined a group, in the directory's order */
    List<String> remoteSitesWith(String group) {
        List<String> sites = new ArrayList<>();
        for (SiteRecord<List<MemberGroups>> site : directory.sites()) {
            if (hasGroup(site.state(), group)) {
                sites.add(site.site());
            }
        }
        return sites;
    }

    /** @return the sites (this one included) that have members of a group; cached until memberships change */
    Set<String> memberSites(String group) {
        return memberSitesByGroup.computeIfAbsent(group, this::computeMemberSites);
    }

    private Set<String> computeMemberSites(String group) {
        Set<String> sites = new HashSet<>();
        if (local.siteHasGroup(group)) {
            sites.add(settings.site());
        }
        sites.addAll(remoteSitesWith(group));
        return sites;
    }

    private static boolean hasGroup(List<MemberGroups> members, String group) {
        if (members == null) {
            return false;
        }
        for (MemberGroups member : members) {
            if (member.groups().contains(group)) {
                return true;
            }
        }
        return false;
    }

    private WanEnvelope envelope(WanPacket packet) {
        return new WanEnvelope(settings.site(), term, packet);
    }
}
