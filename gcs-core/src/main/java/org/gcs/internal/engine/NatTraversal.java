package org.gcs.internal.engine;

import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.alm.overlay.Observation;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.alm.overlay.SiteRecord;
import org.gcs.internal.log.OverlayLog;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.RelayFrame;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reaching sites behind NATs (architecture §5, "Sites behind NAT"; docs/nat.md): which peers this delegate reaches
 * through a third site's delegate, the relaying it does for others, and relearning a peer whose NAT changed.
 *
 * <p>A delegate learns of a site it does not know from a peer's hints ({@link OverlayMembership#onPeerHints}) and
 * announces itself to the hinted address every heartbeat. Two sites behind NATs that keep the port reach each other
 * that way: each one's announcements open its own NAT for the other's, so the second try of each side gets through
 * (hole punching, coordinated by the hints of the delegate both know). A site behind a symmetric NAT shows every peer
 * another port, so the address a hint gives for it only works for the peer that saw it: if the hinted address has
 * not answered for {@value #RELAY_AFTER_HEARTBEATS} heartbeats, this delegate sends to it through the delegate whose
 * hint named it, which hears both. The receiver, seeing a datagram come through that delegate, answers the same way.
 * A datagram that arrives directly from a relayed peer shows the direct path works: the route is dropped.
 *
 * <p>A NAT that restarts or gets a new public address gives its site new addresses, which the peers that reach it
 * directly learn as soon as it writes to them; but a peer behind a NAT of its own lets nothing from the new address
 * in, and both stay silent. A delegate that has not heard a site for {@value #SILENT_HEARTBEATS} heartbeats therefore
 * announces a site-set digest without that site ({@link #announcedDigest}), which makes its peers send it their
 * hints, and it takes a hint that gives the silent site another address ({@link #relearns}): it announces itself
 * there, which punches its own NAT again, and the site answers from its new address within the site timeout.
 * With SWIM a delegate hears each site only now and then, so silence says nothing; it watches instead the sites SWIM
 * suspects or believes dead and those its last ping did not reach directly ({@link DirectReach}), which SWIM keeps
 * alive on the answers of indirect probes.
 *
 * <p>As a relay, this delegate passes a datagram on only between the addresses of two live sites' delegates that it
 * reaches directly, without opening it ({@link RelayFrame}); anything else is dropped as {@code relay-refused}.
 * Confined to the engine's thread.
 */
final class NatTraversal {
    /** Heartbeats a hinted address may stay silent before this delegate writes to it through a relay. */
    static final int RELAY_AFTER_HEARTBEATS = 3;
    /** Heartbeats without a datagram from a live site after which its address is relearned from hints. */
    static final int SILENT_HEARTBEATS = 3;

    private static final Logger LOG = LoggerFactory.getLogger(OverlayLog.NAME);

    private final String memberName;
    private final long heartbeatNs;
    private final EngineIo io;
    private final ProtocolMetrics metrics;
    private final SiteDirectory<List<MemberGroups>> directory;
    private final boolean enabled;
    /** The relay of each peer reached through one. */
    private final Map<DelegateAddress, DelegateAddress> viaByPeer = new HashMap<>();
    /** Hinted addresses not answered yet: which site's hint named each first, and when. */
    private final Map<DelegateAddress, HintSource> hintSources = new HashMap<>();
    /** The XOR of the name hashes of the live sites that were silent at the last heartbeat. */
    private long silentSitesDigest;
    /** Whether a live site's silence means a NAT change to look for (not with SWIM, which hears sites rarely). */
    private final boolean watchesSilentSites;
    /**
     * With SWIM, whether it suspects a site or believes it dead, or this delegate's pings no longer reach it directly:
     * then its address may have changed.
     */
    private final Predicate<String> swimDoubts;

    private record HintSource(String site, long firstNs) {
    }

    /**
     * @param swimDoubts with SWIM, whether it suspects a site or believes it dead, or its pings no longer reach it
     *     directly (not asked without SWIM)
     */
    NatTraversal(EngineSettings settings, EngineIo io, ProtocolMetrics metrics,
                SiteDirectory<List<MemberGroups>> directory, Predicate<String> swimDoubts) {
        this.memberName = settings.memberName();
        this.heartbeatNs = settings.heartbeatNs();
        this.io = io;
        this.metrics = metrics;
        this.directory = directory;
        this.enabled = io.relays();
        // with SWIM a delegate hears each site only now and then: silence says nothing there, SWIM's suspicion does
        this.watchesSilentSites = enabled && !settings.swimMembership();
        this.swimDoubts = swimDoubts;
        if (enabled) {
            io.wanClearRoutes(); // routes a previous role of this node set up are not this role's
        }
    }

    /** @return whether the driver carries relayed datagrams (the virtual-time driver has no NAT and does not) */
    boolean enabled() {
        return enabled;
    }

    /**
     * @param known a live site a peer's hint names
     * @param hinted the address the hint gives for it
     * @return whether to announce this delegate to that address: the hint gives another address than the one this
     *     delegate knows, and the site has been silent here for a while (all to all) or SWIM doubts it (suspected,
     *     believed dead, or this delegate's last ping to it not answered directly: {@link DirectReach}); the hint
     *     comes with a peer's state, sent because the digest this delegate announces leaves the site out, or with the
     *     gossip of the site's refutation
     */
    boolean relearns(SiteRecord<List<MemberGroups>> known, DelegateAddress hinted, long nowNs) {
        return enabled && !known.address().equals(hinted) && mayHaveMoved(known, nowNs);
    }

    /** @return whether a live site's address may have changed: silent for a while (all to all), doubted by SWIM */
    private boolean mayHaveMoved(SiteRecord<List<MemberGroups>> site, long nowNs) {
        return watchesSilentSites ? nowNs - site.lastHeardNs() > SILENT_HEARTBEATS * heartbeatNs
                : swimDoubts.test(site.site());
    }

    /**
     * @return the site-set digest to announce: the directory's, without the sites silent for
     *     {@value #SILENT_HEARTBEATS} heartbeats (with SWIM: doubted) at the last heartbeat, so that peers that still
     *     hear them send their hints
     */
    long announcedDigest() {
        return silentSitesDigest ^ directory.siteSetDigest();
    }

    /** A peer's hint named an address this delegate will announce itself to. */
    void onHint(DelegateAddress hint, String fromSite, long nowNs) {
        if (enabled) {
            hintSources.putIfAbsent(hint, new HintSource(fromSite, nowNs));
        }
    }

    /**
     * Notes the live sites that went silent ({@link #announcedDigest}), routes the hinted addresses that stayed silent
     * through the delegate that named them, and forgets routes to addresses that are neither live nor hinted any
     * more.
     *
     * @param pendingHints the hinted addresses still announced to (not answered, not expired)
     */
    void onHeartbeat(Set<DelegateAddress> pendingHints, long nowNs) {
        if (!enabled) {
            return;
        }
        silentSitesDigest = 0;
        for (SiteRecord<List<MemberGroups>> site : directory.sites()) {
            if (mayHaveMoved(site, nowNs)) {
                silentSitesDigest ^= SiteDirectory.nameHash(site.site());
            }
        }
        hintSources.keySet().retainAll(pendingHints);
        for (Map.Entry<DelegateAddress, HintSource> hint : hintSources.entrySet()) {
            DelegateAddress peer = hint.getKey();
            long silentNs = nowNs - hint.getValue().firstNs();
            if (viaByPeer.containsKey(peer) || silentNs < RELAY_AFTER_HEARTBEATS * heartbeatNs) {
                continue;
            }
            directory.get(hint.getValue().site()).ifPresent(relay -> {
                if (!viaByPeer.containsKey(relay.address())) {
                    route(peer, relay.address());
                    LOG.info("{}: {} (named by site {}) has not answered for {} ms: writing to it through site {}"
                            + " at {} (a NAT on the way lets no direct datagram through)", memberName, peer,
                            relay.site(), silentNs / 1_000_000, relay.site(), relay.address());
                }
            });
        }
        Iterator<Map.Entry<DelegateAddress, DelegateAddress>> routes = viaByPeer.entrySet().iterator();
        while (routes.hasNext()) {
            DelegateAddress peer = routes.next().getKey();
            if (!directory.isKnownAddress(peer) && !hintSources.containsKey(peer)) {
                routes.remove();
                io.wanRoute(peer, null);
            }
        }
    }

    /**
     * An authenticated datagram came from {@code from}, directly or through {@code via}: one that came directly shows
     * that no relay is needed for its sender; one that came through a relay is taken only if the relay is a live
     * site's delegate this delegate reaches directly, and answers go the same way from now on, unless the sender is a
     * live site reached directly (it wrote through a relay to an address of this delegate that a hint gave it, and
     * the direct path in the other direction works).
     *
     * @param via the relay, or null if it came directly
     * @return whether to take it
     */
    boolean admits(DelegateAddress from, DelegateAddress via) {
        if (via == null) {
            onDirect(from);
            return true;
        }
        if (!enabled || !directory.isKnownAddress(via) || viaByPeer.containsKey(via) || from.equals(via)) {
            metrics.wanDropped(DropReason.RELAY_REFUSED);
            return false;
        }
        DelegateAddress current = viaByPeer.get(from);
        if (!via.equals(current) && (current != null || !directory.isKnownAddress(from))) {
            route(from, via);
            LOG.info("{}: {} writes through {}: answering it the same way", memberName, from, via);
        }
        return true;
    }

    private void onDirect(DelegateAddress from) {
        if (!hintSources.isEmpty()) {
            hintSources.remove(from); // heard directly: never to be relayed while it stays hinted
        }
        if (!viaByPeer.isEmpty() && viaByPeer.remove(from) != null) {
            io.wanRoute(from, null);
            LOG.info("{}: {} is heard directly now: no relay for it any more", memberName, from);
        }
    }

    /** A peer asks this delegate to pass a datagram on: done only between two live sites it reaches directly. */
    void onRelayRequest(DelegateAddress from, DelegateAddress to, RelayFrame frame) {
        if (!enabled || from.equals(to) || !directory.isKnownAddress(from) || !directory.isKnownAddress(to)
                || viaByPeer.containsKey(from) || viaByPeer.containsKey(to)) {
            metrics.wanDropped(DropReason.RELAY_REFUSED);
            return;
        }
        metrics.wanRelayed(frame.innerLength());
        io.wanForward(to, from, frame);
    }

    /** A site was heard anew: one whose delegate speaks from another address now is logged. */
    void onObserved(String site, DelegateAddress from, Observation observation) {
        if (observation == Observation.MOVED) {
            LOG.info("{}: site {} now speaks from {}: its NAT's address or mapping changed, or its delegate moved",
                    memberName, site, from);
        }
    }

    /** @return the live sites reached through a relay, each with the relaying site */
    SortedMap<String, String> relayedSites() {
        SortedMap<String, String> relayed = new TreeMap<>();
        if (viaByPeer.isEmpty()) {
            return relayed;
        }
        Map<DelegateAddress, String> siteAt = new HashMap<>();
        for (SiteRecord<List<MemberGroups>> site : directory.sites()) {
            siteAt.put(site.address(), site.site());
        }
        for (SiteRecord<List<MemberGroups>> site : directory.sites()) {
            DelegateAddress via = viaByPeer.get(site.address());
            if (via != null) {
                relayed.put(site.site(), siteAt.getOrDefault(via, via.toString()));
            }
        }
        return relayed;
    }

    private void route(DelegateAddress peer, DelegateAddress via) {
        viaByPeer.put(peer, via);
        io.wanRoute(peer, via);
    }
}
