package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.alm.overlay.SiteRecord;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.PeerHint;
import org.gcs.internal.wire.SwimGossip;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanStateRequest;
import org.gcs.internal.wire.WanSwim;
import org.slf4j.LoggerFactory;

/**
 * What {@link OverlayMembership} does differently with {@code overlay.membership = swim} (docs/architecture.md §5):
 * which sites a heartbeat announces this site to, when a site leaves the directory, and how states travel. It owns
 * the {@link SiteSwim} member and the bookkeeping that only SWIM needs.
 * <ul>
 *   <li><b>Liveness</b> travels on SWIM's probes. A site leaves the directory when SWIM declares it dead, not after
 *       the site timeout's silence: a delegate hears each other one only now and then. A site that SWIM believes
 *       dead but that speaks again is told so at once, and refutes ({@link #onHeard}), as is one it suspects; if
 *       it falls silent before it does, it leaves after the site timeout's silence.</li>
 *   <li><b>A site's state</b> travels on request: its incarnation, gossiped, tells who holds an older state
 *       ({@link SiteSwim}), and they ask it ({@link WanStateRequest}); answered at most twice a heartbeat per
 *       site.</li>
 *   <li><b>A heartbeat</b> announces this site only to the sites that take its link reports and to at most
 *       {@link #DIGEST_REPAIRS} sites, drawn at random among those whose site-set digest differed from this one's in
 *       what they sent since the last heartbeat, with this delegate's peers so that they learn the sites they lack.
 *       Only fresh digests count: a digest stored from a site's last message may be minutes old with SWIM, and
 *       repairing every stale one after a thousand sites formed cost more than SWIM itself.</li>
 * </ul>
 */
final class SwimSites {
    /** The most sites with another digest one heartbeat announces this site to. */
    static final int DIGEST_REPAIRS = 8;
    private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(SwimSites.class));

    /** Sends this site's {@code SiteState} to a site's delegate. */
    interface StateSender {
        void sendState(String site, DelegateAddress to, boolean withPeers, long nowNs);
    }

    private final EngineSettings settings;
    private final SiteDirectory<List<MemberGroups>> directory;
    private final TreeOverlay overlay;
    private final LongSupplier ourDigest;
    private final StateSender states;
    private final SiteSwim.Sender sender;
    private final SiteSwim swim;
    /** The sites whose digest differed from this delegate's since the last heartbeat. */
    private final Set<String> digestRepairs = new LinkedHashSet<>();
    /** Draws the sites a heartbeat repairs (seeded, so that a simulation repeats). */
    private final SplittableRandom repairRandom;
    /** When this delegate last answered each site's {@link WanStateRequest}. */
    private final Map<String, Long> stateAnsweredNs = new HashMap<>();
    private long lastDeadSweepNs = Long.MIN_VALUE / 2;

    /**
     * @param ourDigest the site-set digest this delegate announces
     * @param sender sends a packet to a site's current delegate (nothing if it is unknown)
     */
    SwimSites(EngineSettings settings, long term, SiteDirectory<List<MemberGroups>> directory, TreeOverlay overlay,
              LongSupplier ourDigest, SiteSwim.Sender sender, StateSender states, long nowNs) {
        this.settings = settings;
        this.directory = directory;
        this.overlay = overlay;
        this.ourDigest = ourDigest;
        this.states = states;
        this.sender = sender;
        this.repairRandom = new SplittableRandom(settings.randomSeed() ^ term);
        this.swim = new SiteSwim(settings, term, sender, site -> directory.get(site).map(record -> new PeerHint(site,
                record.term(), record.address().host(), record.address().port())), ourDigest, nowNs);
    }

    /** A site the directory learned (or a new delegate of it): probed from now on. */
    void onSiteKnown(String site) {
        swim.onSiteKnown(site);
    }

    /** This site's memberships changed: its next incarnation, gossiped, tells the peers to ask for its state. */
    void stateChanged() {
        swim.stateChanged();
    }

    /** @return the version this site's {@code SiteState} carries: its SWIM incarnation */
    long stateVersion() {
        return swim.stateVersion();
    }

    /** Runs SWIM's timers and asks the sites whose state is older here than their incarnation for it. */
    void onTick(long nowNs) {
        swim.onTick(nowNs);
        for (String stale : swim.staleSites(this::stateVersionOf, nowNs)) {
            sender.send(stale, new WanStateRequest());
        }
    }

    private Optional<Long> stateVersionOf(String site) {
        return directory.get(site).map(SiteRecord::stateVersion);
    }

    /**
     * @return whether SWIM suspects a site or believes it dead, or this delegate's pings no longer reach it directly:
     *     its address may have changed (a NAT restarted)
     */
    boolean doubts(String site) {
        return swim.doubts(site);
    }

    /** Any datagram from a site's delegate: one that SWIM suspects or believes dead is told so ({@link SiteSwim}). */
    void onHeard(String site, long nowNs) {
        swim.onHeard(site, nowNs);
    }

    /** A SWIM message from a live site's delegate (its addresses went to the peer hints already). */
    void onSwim(String fromSite, WanSwim packet, long nowNs) {
        noteDigest(fromSite, packet.siteSetDigest());
        swim.onMessage(fromSite, packet.message(), this::stateVersionOf, nowNs);
    }

    /** The SWIM updates a link probe or its answer from a live site's delegate carried. */
    void onGossip(String fromSite, SwimGossip gossip, long nowNs) {
        swim.onGossip(fromSite, gossip, this::stateVersionOf, nowNs);
    }

    /** @return the packet to a site, a link probe or its answer carrying SWIM's urgent updates pending */
    WanPacket withGossip(String site, WanPacket packet) {
        if (packet instanceof WanPacket.Probe probe) {
            return new WanPacket.Probe(probe.seq(), swim.gossipFor(site));
        } else if (packet instanceof WanPacket.ProbeReply reply) {
            return new WanPacket.ProbeReply(reply.seq(), swim.gossipFor(site));
        }
        return packet;
    }

    /**
     * A site's announcement: its version is its SWIM incarnation, which SWIM takes from it. One that lists its peers
     * while its digest agrees with ours comes from a site that holds an older digest of ours, which no heartbeat
     * would correct with SWIM: it is answered at once.
     */
    void onSiteState(String site, WanPacket.SiteState state, long nowNs) {
        noteDigest(site, state.siteSetDigest());
        swim.onOwnIncarnation(site, state.version(), nowNs);
        if (!state.peers().isEmpty() && state.siteSetDigest() == ourDigest.getAsLong()) {
            directory.get(site).ifPresent(record -> states.sendState(site, record.address(), false, nowNs));
        }
    }

    /** A peer that heard of a newer incarnation of this site asks for its state. */
    void onStateRequest(String fromSite, long nowNs) {
        Long last = stateAnsweredNs.get(fromSite);
        if (last == null || nowNs - last >= settings.heartbeatNs() / 2) {
            stateAnsweredNs.put(fromSite, nowNs);
            directory.get(fromSite).ifPresent(site -> states.sendState(fromSite, site.address(), false, nowNs));
        }
    }

    private void noteDigest(String site, long theirs) {
        if (theirs != ourDigest.getAsLong()) {
            digestRepairs.add(site);
        }
    }

    /** The heartbeat's announcements: to the sites that take the link reports, and the digest repairs. */
    void heartbeat(SortedSet<String> liveSites, long nowNs) {
        int looked = 0;
        for (String peer : liveSites) { // the report targets are among the first two (TreeOverlay.reportsTo)
            if (looked++ == 2) {
                break;
            }
            if (overlay.reportsTo(peer, liveSites)) {
                directory.get(peer).ifPresent(site -> states.sendState(peer, site.address(),
                        digestRepairs.remove(peer), nowNs));
            }
        }
        List<String> differing = new ArrayList<>(digestRepairs);
        digestRepairs.clear();
        for (int i = 0; i < Math.min(DIGEST_REPAIRS, differing.size()); i++) {
            Collections.swap(differing, i, i + repairRandom.nextInt(differing.size() - i));
            directory.get(differing.get(i)).ifPresent(site -> states.sendState(site.site(), site.address(), true,
                    nowNs));
        }
    }

    /**
     * Holds out the sites in the directory whose link with this delegate is one-way ({@link SiteSwim#oneWaySites}),
     * as {@link OneWayLinks#holdOut} does.
     *
     * @param superseded whether a newer delegate of this site speaks: the peers then drop this delegate's datagrams on
     *     purpose, so that its pings go unanswered says nothing of the links
     * @return the sites removed from the directory
     */
    List<String> holdOutOneWay(OneWayLinks oneWay, long nowNs, boolean superseded) {
        if (superseded) {
            swim.clearReachRuns();
            return List.of();
        }
        List<String> found = swim.oneWaySites(nowNs);
        if (found.isEmpty()) {
            return found;
        }
        List<String> removed = oneWay.holdOut(directory, found, nowNs);
        for (String site : removed) {
            swim.forgetReach(site);
            stateAnsweredNs.remove(site);
            digestRepairs.remove(site);
        }
        return removed;
    }

    /** This delegate did not run for a while: the pings unanswered meanwhile say nothing of the links. */
    void onOwnPause() {
        swim.clearReachRuns();
    }

    /**
     * @param superseded whether a newer delegate of this site speaks (a peer warned of it within the site timeout):
     *     the remote sites then drop this delegate's datagrams as stale on purpose, its probes go unanswered, and
     *     what SWIM declares dead says nothing of the sites, so nothing leaves the directory (the sites SWIM believes
     *     dead leave it once this delegate is no longer superseded and they are still silent)
     * @return the sites that leave the directory now: declared dead, or believed dead and silent; removed
     */
    List<SiteRecord<List<MemberGroups>>> expire(long nowNs, boolean superseded) {
        List<SiteRecord<List<MemberGroups>>> removed = new ArrayList<>();
        if (superseded) {
            swim.takeDead();
            return removed;
        }
        for (String dead : swim.takeDead()) {
            directory.remove(dead).ifPresent(record -> {
                removed.add(record);
                LOG.warn(settings.memberName() + "/swim-dead-" + dead, nowNs, "SWIM declared site {} at {} dead"
                        + " (its suspicion was not refuted in time): it leaves the views", dead, record.address());
            });
        }
        if (nowNs - lastDeadSweepNs >= settings.heartbeatNs()) { // once a heartbeat: a sweep costs one look per site
            lastDeadSweepNs = nowNs;
            for (SiteRecord<List<MemberGroups>> site : List.copyOf(directory.sites())) {
                if (swim.believesDead(site.site()) && nowNs - site.lastHeardNs() > settings.siteTimeoutNs()) {
                    directory.remove(site.site()).ifPresent(removed::add);
                }
            }
        }
        for (SiteRecord<List<MemberGroups>> site : removed) {
            stateAnsweredNs.remove(site.site());
            digestRepairs.remove(site.site());
        }
        return removed;
    }
}
