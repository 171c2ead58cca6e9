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
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.alm.overlay.Observation;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.alm.overlay.SiteRecord;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.LanMessage.RemoteSite;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanSiteConflict;
import org.gcs.internal.wire.WanSwim;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.PeerHint;
import org.gcs.internal.wire.SwimGossip;
import org.gcs.internal.wire.WanPacket.SiteState;

/**
 * The delegate's view of the overlay (architecture §5): which remote sites are alive, where their delegates are,
 * and which groups their members joined. It announces this site to the other delegates ({@link SiteState} every
 * heartbeat, to known sites, seeds and gossiped addresses), learns theirs, expires silent ones, publishes the remote
 * sites to its own LAN ({@link RemoteSites}), and sends WAN packets to a site's current delegate. Two delegates
 * speaking for one site name are left to {@link SiteConflictWatch}, and which known delegates an announcement names
 * to {@link PeerHintSlices}.
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
    /** The site-set digest each site last announced: its peers go to it only while the digest differs from ours. */
    private final Map<String, Long> peerSiteSetDigests = new HashMap<>();
    /** Addresses at which this node received its own announcements (gossip named it): never announce to them. */
    private final Set<DelegateAddress> selfAddresses = new HashSet<>();
    /** Which sites have members of each group (cached until memberships or the sites change). */
    private final GroupSites groups;
    private List<MemberGroups> announcedMembers = List.of();
    private final ControlSplitter out;
    private final SiteConflictWatch conflicts;
    private final PeerHintSlices peerHints;
    private final SeedBook seeds;
    private final TransportAdvice transportAdvice;
    private final MembershipAdvice membershipAdvice;
    private final ReflexiveAddress reflexive;
    private final NatTraversal nat;
    /** SWIM in place of the announcements to every site ({@code overlay.membership = swim}; from the start). */
    private SwimSites swim;
    private final OneWayLinks oneWay;
    /** When {@link #expire} last ran: a longer gap means this node itself did not run (stopped, starved, paused). */
    private long lastExpireNs = Long.MIN_VALUE;
    private long stateVersion;
    private long lastHeartbeatNs;
    /** The latest time an input brought (for the rate-limited logs of sends that have no time of their own). */
    private long latestNowNs;
    private final RemoteSitesPublication publication;

    OverlayMembership(EngineSettings settings, EngineIo io, ProtocolMetrics metrics, Membership local, long term,
                      TreeOverlay overlay) {
        this.settings = settings;
        this.io = io;
        this.metrics = metrics;
        this.local = local;
        this.term = term;
        this.overlay = overlay;
        this.directory = new SiteDirectory<>(settings.site(), settings.siteTimeoutNs());
        this.out = new ControlSplitter(io, metrics, settings.maxDatagramBytes());
        this.conflicts = new SiteConflictWatch(settings, metrics, term, directory, out, io);
        this.peerHints = new PeerHintSlices(directory, settings.heartbeatNs());
        this.seeds = new SeedBook(settings.memberName(), settings.seeds(), io.resolvesSeedNames(),
                settings.heartbeatNs(), settings.siteTimeoutNs());
        this.transportAdvice = new TransportAdvice(settings.memberName(), settings.transport().hopByHop());
        this.membershipAdvice = new MembershipAdvice(settings.memberName(), settings.swimMembership());
        this.reflexive = new ReflexiveAddress(settings.memberName(), settings.selfWanAddress(), io::wanSocketAddress);
        this.nat = new NatTraversal(settings, io, metrics, directory, site -> swim != null && swim.doubts(site));
        this.groups = new GroupSites(settings.site(), local, directory);
        this.publication = new RemoteSitesPublication(io, term, directory);
        this.oneWay = new OneWayLinks(settings);
    }

    /** @return the part that relays and routes through relays (docs/nat.md) */
    NatTraversal nat() {
        return nat;
    }

    /** Starts from the remote sites the previous delegate described (a site that is gone expires as usual). */
    void startFromKnownSites(long nowNs) {
        if (settings.swimMembership()) {
            swim = new SwimSites(settings, term, directory, overlay, nat::announcedDigest, this::send,
                    (site, to, withPeers, atNs) -> sendState(site, to, withPeers, hears(site, atNs), atNs), nowNs);
            stateVersion = swim.stateVersion();
        }
        for (RemoteSite known : local.remoteSites()) {
            directory.observe(known.site(), known.term(), new DelegateAddress(known.host(), known.port()), nowNs);
            directory.offerState(known.site(), known.term(), known.stateVersion(), known.members());
            oneWay.heardUs(known.site(), nowNs);
            if (swim != null) {
                swim.onSiteKnown(known.site());
            }
        }
        publication.changed();
    }

    /** Takes the site's current memberships as announced (the first announcement goes out with the next heartbeat). */
    void startAnnouncing() {
        announcedMembers = local.localMembers();
    }

    // ---------------------------------------------------------------- incoming datagrams

    /**
     * A datagram whose sender did not name this site as its destination: it wrote to an address it knows only as a
     * seed or from gossip. Its content is not trusted to be meant for this node (a copy of a datagram to a seed could
     * have been carried here), so it changes no view, no address and no conflict: this site only answers the address
     * it came from with its state, addressed to the sender's site. If the sender is genuine, it then knows this site
     * and writes to it addressed, which this site learns from.
     */
    void onUnaddressed(DelegateAddress from, WanEnvelope envelope, long nowNs) {
        latestNowNs = nowNs;
        String site = envelope.fromSite();
        if (site.equals(settings.site())) {
            if (envelope.fromTerm() == term && envelope.packet() instanceof SiteState) {
                selfAddresses.add(from); // our own announcement came back through a hint that named us
                hintExpiryNs.remove(from);
            }
            return;
        }
        sendState(site, from, true, hears(site, nowNs), nowNs);
    }

    /**
     * @return whether this delegate heard a site within the site timeout, as an announcement to it claims (with SWIM a
     *     site may stay in the directory for minutes without a word)
     */
    private boolean hears(String site, long nowNs) {
        return directory.get(site).filter(record -> nowNs - record.lastHeardNs() <= settings.siteTimeoutNs())
                .isPresent();
    }

    /**
     * Notes who sent an authenticated datagram addressed to this site: refreshes or learns the site, answers a site it
     * did not know with this site's state. Datagrams from this site (our own announcement come back, or a superseded
     * delegate of ours) and from superseded delegates of other sites are dropped here.
     *
     * @return how the sender was observed, or empty if the datagram must be dropped
     */
    Optional<Observation> observe(DelegateAddress from, WanEnvelope envelope, long nowNs) {
        latestNowNs = nowNs;
        if (envelope.fromSite().equals(settings.site())) {
            if (envelope.fromTerm() == term && envelope.packet() instanceof SiteState) {
                selfAddresses.add(from); // our own announcement came back through a hint that named us
                hintExpiryNs.remove(from);
            } else {
                metrics.wanDropped(DropReason.STALE);
            }
            return Optional.empty();
        }
        String site = envelope.fromSite();
        if (!conflicts.admits(site, envelope.fromTerm(), from, nowNs)) {
            return Optional.empty();
        }
        if (!oneWay.admits(site, from, envelope.packet() instanceof SiteState state && state.knowsReceiver(), nowNs)) {
            metrics.wanDropped(DropReason.ONE_WAY);
            return Optional.empty();
        }
        Observation observation = directory.observe(envelope.fromSite(), envelope.fromTerm(), from, nowNs);
        if (observation == Observation.STALE) {
            metrics.wanDropped(DropReason.STALE);
            return Optional.empty();
        }
        if (swim != null) {
            swim.onHeard(site, nowNs);
        }
        if (observation != Observation.REFRESHED) {
            nat.onObserved(site, from, observation);
            if (swim != null) {
                swim.onSiteKnown(site);
            }
            advise(nowNs);
            oneWay.heardUs(site, nowNs); // it has the site timeout to show that it hears us
            publication.changed();
            hintExpiryNs.remove(from);
            peerSiteSetDigests.remove(envelope.fromSite());
            sendState(envelope.fromSite(), from, true, true, nowNs);
        }
        return Optional.of(observation);
    }

    /**
     * A remote site's announcement.
     *
     * @return true if its memberships changed (the flows must follow)
     */
    boolean onSiteState(String site, long siteTerm, SiteState state, long nowNs) {
        peerSiteSetDigests.put(site, state.siteSetDigest());
        reflexive.onSeenAt(site, state.seenAt());
        if (state.knowsReceiver()) {
            oneWay.heardUs(site, nowNs);
        }
        if (swim != null) {
            swim.onSiteState(site, state, nowNs);
        }
        boolean changed = directory.offerState(site, siteTerm, state.version(), state.members());
        if (changed) {
            publication.changed();
            groups.changed();
        }
        return changed;
    }

    /** Remembers delegates a peer knows, to announce this site to them until they answer ({@link NatTraversal}). */
    void onPeerHints(String fromSite, List<PeerHint> peers, long nowNs) {
        for (PeerHint hint : peers) {
            DelegateAddress address = new DelegateAddress(hint.host(), hint.port());
            Optional<SiteRecord<List<MemberGroups>>> known = directory.get(hint.site());
            if (hint.site().equals(settings.site()) || known.isPresent() && !nat.relearns(known.get(), address, nowNs)) {
                continue;
            }
            if (!address.equals(settings.selfWanAddress()) && !selfAddresses.contains(address)) {
                hintExpiryNs.putIfAbsent(address, nowNs + settings.siteTimeoutNs());
                nat.onHint(address, fromSite, nowNs);
            }
        }
    }

    // ---------------------------------------------------------------- two delegates for one site name

    /**
     * A peer warned that two delegates announce a site name; if it is this site's, logs and counts it. Such a warning
     * also shows that the peer hears this delegate: while the name is conflicted the peer drops this delegate's
     * datagrams (or follows the other delegate) and sends it no {@link SiteState}, and were that silence taken for a
     * one-way link, the peer would leave this delegate's views and its senders' messages would count as stable
     * without ever reaching it.
     */
    void onConflictWarning(String fromSite, WanSiteConflict warning, long nowNs) {
        if (conflicts.onConflictWarning(fromSite, warning, nowNs)) {
            oneWay.heardUsIfLive(fromSite, nowNs);
        }
    }

    /** @return whether a site's acknowledgements may count (see {@link SiteConflictWatch#acknowledgementsTrusted}) */
    boolean acknowledgementsTrusted(String site) {
        return conflicts.acknowledgementsTrusted(site);
    }

    /** @return the sites two delegates speak for at once, this one's own included while a peer warns of it */
    Set<String> conflictedSites(long nowNs) {
        return conflicts.conflictedSites(nowNs);
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
        groups.changed();
        if (swim != null) {
            swim.stateChanged(); // the next incarnation, gossiped: the peers then ask for the state
        }
        stateVersion = swim != null ? swim.stateVersion() : stateVersion + 1;
        return true;
    }

    // ---------------------------------------------------------------- timers

    /** Announces the site if a heartbeat is due; runs SWIM's timers and asks stale sites for their states. */
    void onTick(long nowNs) {
        latestNowNs = nowNs;
        if (swim != null) {
            swim.onTick(nowNs);
        }
        if (nowNs - lastHeartbeatNs >= settings.heartbeatNs()) {
            heartbeat(nowNs);
        }
    }

    /** @return the sites that went silent for the site timeout, now forgotten */
    List<String> expire(long nowNs) {
        long ownGapNs = lastExpireNs == Long.MIN_VALUE ? 0 : nowNs - lastExpireNs;
        lastExpireNs = nowNs;
        if (ownGapNs > settings.heartbeatNs()) {
            // this node did not run meanwhile (a hung delegate that thawed): that it heard nothing says nothing of the
            // remote sites, and that the peers' announcements did not show they heard it says nothing of the links.
            // So the pause counts neither towards a site's timeout nor towards a one-way link. Were the sites dropped
            // at once, a thawed delegate that its LAN replaced meanwhile would relearn them only from the warnings of
            // the peers (which send their state to its successor), publish them to its LAN without their members, and
            // the role its LAN's merge starts on it would count its first messages as stable without them
            directory.pardon(ownGapNs);
            oneWay.pardon(ownGapNs);
            if (swim != null) {
                swim.onOwnPause();
            }
            conflicts.onOwnPause(nowNs); // a newer delegate of this site may have taken over meanwhile
        }
        List<String> gone = new ArrayList<>();
        boolean superseded = conflicts.superseded(nowNs);
        for (SiteRecord<List<MemberGroups>> site : swim != null ? swim.expire(nowNs, superseded)
                : directory.expire(nowNs)) {
            gone.add(site.site());
            peerSiteSetDigests.remove(site.site());
            oneWay.forget(site.site());
        }
        if (superseded) {
            // a newer delegate of this site speaks: the remote sites drop this one's datagrams as stale on purpose, so
            // that they do not show they hear it says nothing of the links either (nor that SWIM's probes go
            // unanswered, SwimSites.expire). Were they taken for one-way links or dead,
            // they would leave this role's views and the RemoteSites it publishes, and the role a merge starts on this
            // node next would begin without them: its first messages would count as stable at once and never reach
            // them (HungDelegateIT, merged back more than twice the site timeout after the thaw)
            oneWay.allHeardNow(nowNs);
        }
        for (String site : swim == null ? oneWay.check(directory, nowNs) : swim.holdOutOneWay(oneWay, nowNs,
                superseded)) {
            gone.add(site);
            peerSiteSetDigests.remove(site);
        }
        if (!gone.isEmpty()) {
            gone.forEach(reflexive::forget);
            advise(nowNs);
            groups.changed();
            publication.changed();
        }
        return gone;
    }

    /** A peer that heard of a newer incarnation of this site asks for its state ({@code overlay.membership = swim}). */
    void onStateRequest(String fromSite, long nowNs) {
        if (swim != null) {
            swim.onStateRequest(fromSite, nowNs);
        }
    }

    /** A SWIM message from a live site's delegate ({@code overlay.membership = swim}). */
    void onSwim(String fromSite, WanSwim packet, long nowNs) {
        latestNowNs = nowNs;
        if (swim == null) {
            metrics.wanDropped(DropReason.WRONG_MEMBERSHIP);
            return;
        }
        peerSiteSetDigests.put(fromSite, packet.siteSetDigest());
        onPeerHints(fromSite, packet.addresses(), nowNs);
        swim.onSwim(fromSite, packet, nowNs);
    }

    /** The number of sites changed: the transport and the membership may no longer suit it (a WARN says so). */
    private void advise(long nowNs) {
        transportAdvice.onSiteCount(directory.sites().size() + 1, nowNs);
        membershipAdvice.onSiteCount(directory.sites().size() + 1, nowNs);
    }

    /** Forgets gossiped addresses nobody answered from in time. */
    void expireHints(long nowNs) {
        hintExpiryNs.values().removeIf(expiry -> expiry < nowNs);
    }

    /**
     * Announces this site to every known site, to the seeds not yet known, and to gossiped addresses. The
     * announcement to a known site lists this delegate's peers only if that site's last announced
     * {@linkplain SiteDirectory#siteSetDigest() site-set digest} differs from ours (it may lack a site we know, or
     * know one we lack); addresses not in the directory always get them. In a stable overlay the heartbeats then
     * carry no peers: with the full list in every one, a heartbeat round cost N³ and 512 sites were out of reach.
     */
    void heartbeat(long nowNs) {
        lastHeartbeatNs = nowNs;
        conflicts.onHeartbeat(nowNs);
        nat.onHeartbeat(hintExpiryNs.keySet(), nowNs);
        long ourDigest = directory.siteSetDigest();
        if (swim != null) {
            swim.heartbeat(liveSites(), nowNs); // only the link reports and the digest repairs (SwimSites)
        } else {
            for (SiteRecord<List<MemberGroups>> site : directory.sites()) {
                Long theirs = peerSiteSetDigests.get(site.site());
                sendState(site.site(), site.address(), theirs == null || theirs != ourDigest, true, nowNs);
            }
        }
        seeds.requestDue(nowNs, directory::isKnownAddress, io::resolveSeed);
        for (DelegateAddress seed : seeds.addresses()) {
            announceToSeed(seed, nowNs);
        }
        for (OneWayLinks.Held link : oneWay.toAnnounce(nowNs)) { // so that it learns of us again once it hears us
            sendState(link.site(), link.address(), true, link.heardLately(), nowNs);
        }
        for (DelegateAddress hint : hintExpiryNs.keySet()) {
            if (!directory.isKnownAddress(hint) && !seeds.contains(hint)) {
                sendState(null, hint, true, false, nowNs);
            }
        }
    }

    private void announceToSeed(DelegateAddress seed, long nowNs) {
        if (!seed.equals(settings.selfWanAddress()) && !selfAddresses.contains(seed)
                && !directory.isKnownAddress(seed)) {
            sendState(null, seed, true, false, nowNs);
        }
    }

    /** The driver resolved a seed ({@link SeedBook#onResolved}): an address that is new is announced to at once. */
    void onSeedResolved(Seed seed, List<DelegateAddress> addresses, String failure, long nowNs) {
        latestNowNs = nowNs;
        for (DelegateAddress added : seeds.onResolved(seed, addresses, failure, nowNs)) {
            announceToSeed(added, nowNs);
        }
    }

    /**
     * @param site the receiving site, or null for an address not in the directory
     * @param withPeers whether to list the delegates this one knows
     * @param hearsReceiver whether this delegate hears the receiver (it is a live site, or a one-way site heard
     *     within two heartbeats)
     */
    private void sendState(String site, DelegateAddress to, boolean withPeers, boolean hearsReceiver, long nowNs) {
        List<PeerHint> peers = withPeers ? peerHints.next(nowNs) : List.of();
        boolean reportLinks = site != null && overlay.reportsTo(site, liveSites());
        long version = swim != null ? swim.stateVersion() : stateVersion;
        out.send(site, to, envelope(new SiteState(version, announcedMembers, peers,
                nat.announcedDigest(), overlay.version(), reportLinks ? overlay.linkReports() : List.of(),
                hearsReceiver, site == null ? null : to)), nowNs); // to a site, "to" is where its datagrams came from
    }

    // ---------------------------------------------------------------- the LAN

    /** Tells the site about the remote sites if anything changed, spaced out ({@link RemoteSitesPublication}). */
    void publishRemoteSites(long nowNs) {
        publication.publish(nowNs);
    }

    /** Publishes the remote sites at once, even if unchanged (a new member joined the LAN and needs them). */
    void republishRemoteSites(long nowNs) {
        publication.republish(nowNs);
    }

    // ---------------------------------------------------------------- queries and sending

    /** Sends a packet to a site's current delegate (nothing if unknown); with SWIM, a probe carries its news. */
    void send(String site, WanPacket packet) {
        directory.get(site).ifPresent(record -> out.send(site, record.address(),
                envelope(swim == null ? packet : swim.withGossip(site, packet)), latestNowNs));
    }

    /** The SWIM updates a link probe or its answer from a live site's delegate carried, with their addresses. */
    void onGossip(String fromSite, SwimGossip gossip, long nowNs) {
        latestNowNs = nowNs;
        if (swim == null) {
            metrics.wanDropped(DropReason.WRONG_MEMBERSHIP);
            return;
        }
        onPeerHints(fromSite, gossip.addresses(), nowNs);
        swim.onGossip(fromSite, gossip, nowNs);
    }

    /** @return the live remote sites, sorted: a read-only view that follows the directory */
    SortedSet<String> liveSites() {
        return directory.sortedSiteNames();
    }

    /** @return the live remote sites in the directory's order */
    List<String> remoteSiteNames() {
        List<String> names = new ArrayList<>();
        directory.sites().forEach(s -> names.add(s.site()));
        return names;
    }

    /** @return the remote sites whose members joined a group, in the directory's order */
    List<String> remoteSitesWith(String group) {
        return groups.remoteSitesWith(group);
    }

    /**
     * @return the sites (this one included) that have members of a group: one unmodifiable instance until the
     *     memberships or the set of sites change
     */
    Set<String> memberSites(String group) {
        return groups.memberSites(group);
    }

    private WanEnvelope envelope(WanPacket packet) {
        return new WanEnvelope(settings.site(), term, packet);
    }
}
