package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gcs.FlowStatus;
import org.gcs.ReceivingFlowStatus;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.alm.overlay.Observation;
import org.gcs.internal.flow.ControlBlocks;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.Held;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.TreeInfo;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanSiteConflict;
import org.gcs.internal.wire.WanStateRequest;
import org.gcs.internal.wire.WanSwim;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.CcFeedback;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanFragment;
import org.gcs.internal.wire.WanPacket.HopAck;
import org.gcs.internal.wire.WanPacket.HopData;
import org.gcs.internal.wire.WanPacket.LinkCosts;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Probe;
import org.gcs.internal.wire.WanPacket.ProbeReply;
import org.gcs.internal.wire.WanPacket.SiteState;
import org.gcs.internal.wire.WanPacket.Sync;
import org.gcs.internal.wire.WanPacket.TreeAnnounce;
import org.gcs.TransportSettings;
import org.gcs.HopLinkStatus;

/**
 * What a member does while it is its site's delegate, as four parts that each own their state:
 * <ul>
 *   <li>{@link OverlayMembership} — the other sites, their delegates and memberships (announce, learn, expire);</li>
 *   <li>{@link OutgoingFlows} — this site's meta-flows to its groups, each with its congestion controller;</li>
 *   <li>{@link IncomingFlows} — the other sites' meta-flows into this site, each with its controller's monitor;</li>
 *   <li>{@link TreeForwarding} — first transmissions along the multicast tree ({@link TreeOverlay}: probes and the
 *       agreed plan), the {@link DataTransport} under both kinds of flow.</li>
 * </ul>
 * This class only routes: WAN datagrams and LAN events to the part they concern, and the timer to each in turn.
 */
final class DelegateRole {
    private final EngineIo io;
    private final ProtocolMetrics metrics;
    private final long term;
    private final TreeOverlay overlay;
    private final OverlayMembership sites;
    private final OutgoingFlows outgoing;
    private final IncomingFlows incoming;
    private final DataTransport transport;
    private final TreeOverlay.Output overlayOutput;
    private final LinkPriceBook prices;
    private final List<LinkPriceBook.EdgeCost> priceChanges = new ArrayList<>();
    private final FragmentReassembly reassembly;

    DelegateRole(EngineSettings settings, EngineIo io, ProtocolMetrics metrics, Membership membership, long term) {
        this.io = io;
        this.metrics = metrics;
        this.term = term;
        this.overlay = new TreeOverlay(settings);
        this.reassembly = new FragmentReassembly(metrics, settings.siteTimeoutNs());
        this.sites = new OverlayMembership(settings, io, metrics, membership, term, overlay);
        HopByHopTransport hopByHop = null;
        if (settings.transport().hopByHop()) {
            TransportSettings t = settings.transport();
            hopByHop = new HopByHopTransport(settings.site(), term, overlay, sites, metrics, t.link(),
                    t.stallTimeoutNs(), t.backupPackets());
            this.transport = hopByHop;
        } else {
            this.transport = new TreeForwarding(settings.site(), overlay, sites);
        }
        ControlBlocks blocks = new ControlBlocks(settings.congestionControl(), metrics::controlBlockDropped);
        this.prices = new LinkPriceBook(settings.site(), settings.congestionControl());
        if (hopByHop != null && prices.active()) {
            hopByHop.observeQueues(prices::onQueue);
        }
        this.outgoing = new OutgoingFlows(settings, io, metrics, term, sites, transport, blocks, overlay, prices);
        this.incoming = new IncomingFlows(settings, io, metrics, membership, sites, overlay, blocks);
        if (hopByHop != null) {
            hopByHop.deliverLocallyTo(incoming::onData);
        }
        this.overlayOutput = new TreeOverlay.Output() {
            @Override
            public void toSite(String site, WanPacket packet) {
                sites.send(site, packet);
            }

            @Override
            public void planChanged(TreeAnnounce plan) {
                io.lanSend(new TreeInfo(term, plan));
            }
        };
    }

    /**
     * Takes the role: starts from the remote sites the previous delegate described (so that re-sent messages
     * go to every site that was receiving; a site that is gone meanwhile expires as usual), waits for every
     * current member's hand-over, and announces the site at once.
     */
    void start(LanView view, TreeAnnounce knownPlan, long nowNs) {
        incoming.start(view);
        outgoing.start(view, nowNs);
        sites.startFromKnownSites(nowNs);
        overlay.startFrom(knownPlan, nowNs);
        sites.startAnnouncing();
        sites.heartbeat(nowNs);
    }

    long term() {
        return term;
    }

    // ---------------------------------------------------------------- LAN side

    void onLanView(LanView view) {
        incoming.onLanView(view);
        outgoing.onLanView(view);
    }

    void onHandover(String member, long incarnation) {
        outgoing.onHandover(member, incarnation);
    }

    /** A member reported which messages from other sites it holds. */
    void onHeld(Held report) {
        incoming.onHeld(report);
    }

    /** A member of this site sent a message: carry it over the WAN. */
    void onLocalData(LocalData data, long nowNs) {
        outgoing.onLocalData(data, nowNs);
    }

    /** A local sender asked for a rate for a group. */
    void onDemand(Demand demand, long nowNs) {
        outgoing.onDemand(demand, nowNs);
    }

    /** The site's memberships changed: announce them, and stop receiving groups the site left. */
    void onLocalMembershipChanged(long nowNs) {
        if (sites.localMembersChanged()) {
            incoming.onLocalGroupsChanged();
            sites.heartbeat(nowNs);
        }
    }

    /** Pauses or resumes hand-offs to the LAN (its outgoing queue is too long). */
    void setLanPaused(boolean paused) {
        incoming.setLanPaused(paused);
    }

    /** Re-publishes the remote sites and the tree plan (a new member joined the LAN and needs them). */
    void republishRemoteSites(long nowNs) {
        sites.republishRemoteSites(nowNs);
        overlay.current().ifPresent(plan -> io.lanSend(new TreeInfo(term, plan)));
    }

    /** The driver resolved a seed's name ({@link EngineIo#resolveSeed}). */
    void onSeedResolved(Seed seed, List<DelegateAddress> addresses, String failure, long nowNs) {
        sites.onSeedResolved(seed, addresses, failure, nowNs);
    }

    // ---------------------------------------------------------------- WAN side

    /** A datagram whose sender did not know this site (it wrote to a seed or a gossiped address). */
    void onUnaddressed(DelegateAddress from, WanEnvelope envelope, long nowNs) {
        sites.onUnaddressed(from, envelope, nowNs);
    }

    /**
     * A datagram addressed to this site.
     *
     * @return whether its sender is a live site's current delegate (else it was dropped: stale, conflicted, one-way)
     */
    boolean onWan(DelegateAddress from, WanEnvelope envelope, long nowNs) {
        Optional<Observation> observed = sites.observe(from, envelope, nowNs);
        if (observed.isEmpty()) {
            return false;
        }
        if (observed.get() == Observation.NEW_SITE || observed.get() == Observation.NEW_DELEGATE) {
            overlay.onSitesChanged();
        }
        String fromSite = envelope.fromSite();
        if (observed.get() == Observation.NEW_DELEGATE) {
            transport.onPeerRestarted(fromSite, nowNs);
            outgoing.resync(fromSite, nowNs);
        }
        WanPacket packet = envelope.packet();
        if (packet instanceof WanFragment) {
            Optional<WanPacket> whole = reassembly.offer(from, envelope, nowNs);
            if (whole.isEmpty()) {
                sites.publishRemoteSites(nowNs);
                return true;
            }
            packet = whole.get();
            envelope = new WanEnvelope(envelope.fromSite(), envelope.fromTerm(), packet);
        }
        if (packet instanceof Data data) {
            transport.relay(fromSite, data);
            incoming.onData(data, nowNs);
        } else if (packet instanceof Probe probe) {
            overlay.onProbe(fromSite, probe, overlayOutput);
            if (!probe.gossip().isEmpty()) {
                sites.onGossip(fromSite, probe.gossip(), nowNs);
            }
        } else if (packet instanceof ProbeReply reply) {
            overlay.onProbeReply(fromSite, reply, nowNs);
            if (!reply.gossip().isEmpty()) {
                sites.onGossip(fromSite, reply.gossip(), nowNs);
            }
        } else if (packet instanceof TreeAnnounce announce) {
            overlay.onAnnounce(announce, nowNs, overlayOutput);
        } else if (packet instanceof Ack ack) {
            outgoing.onAck(fromSite, ack, nowNs);
        } else if (packet instanceof Nak nak) {
            metrics.nakReceived();
            outgoing.onNak(fromSite, nak, nowNs);
        } else if (packet instanceof CcFeedback feedback) {
            outgoing.onFeedback(fromSite, feedback, nowNs);
        } else if (packet instanceof Sync sync) {
            incoming.onSync(sync, nowNs);
        } else if (packet instanceof SiteState state) {
            overlay.onSiteReport(fromSite, state.links(), state.treeVersion());
            if (sites.onSiteState(fromSite, envelope.fromTerm(), state, nowNs)) {
                outgoing.updateReceivers(nowNs);
            }
            sites.onPeerHints(fromSite, state.peers(), nowNs);
        } else if (packet instanceof WanSwim swimMessage) {
            sites.onSwim(fromSite, swimMessage, nowNs);
        } else if (packet instanceof WanStateRequest) {
            sites.onStateRequest(fromSite, nowNs);
        } else if (packet instanceof WanSiteConflict warning) {
            sites.onConflictWarning(fromSite, warning, nowNs);
        } else if (packet instanceof LinkCosts costs) {
            outgoing.onLinkCosts(prices.onAdvertisement(fromSite, envelope.fromTerm(), costs, nowNs), nowNs);
        } else if (packet instanceof HopData || packet instanceof HopAck) {
            if (!transport.onLinkFrame(fromSite, packet, nowNs)) {
                metrics.wanDropped(DropReason.WRONG_TRANSPORT); // this node's transport is end-to-end
            }
        }
        sites.publishRemoteSites(nowNs);
        return true;
    }

    // ---------------------------------------------------------------- timers

    /** A deadline the engine asked its driver for came ({@link EngineIo#wakeAt}): what is due between ticks. */
    void onDeadline(long nowNs) {
        outgoing.onDeadline(nowNs);
    }

    void onTick(long nowNs) {
        outgoing.onTick(nowNs);
        transport.onTick(nowNs);
        incoming.onTick(nowNs);
        overlay.onTick(sites.liveSites(), nowNs, overlayOutput);
        sites.onTick(nowNs);
        tickPrices(nowNs);
        List<String> expired = sites.expire(nowNs);
        if (!expired.isEmpty()) {
            for (String site : expired) {
                outgoing.onLinkCosts(prices.forget(site), nowNs);
                overlay.forget(site);
                transport.forget(site);
                outgoing.removeSite(site, nowNs);
                incoming.forgetSource(site);
            }
            incoming.forgetEndedFlows();
        }
        sites.publishRemoteSites(nowNs); // the sites that expired, or changes that waited for the spacing
        sites.expireHints(nowNs);
        reassembly.expire(nowNs);
        outgoing.flushStable();
    }

    /** Prices this delegate's links, advertises them when due, and lets the flows hear of every change. */
    private void tickPrices(long nowNs) {
        if (!prices.active()) {
            return;
        }
        priceChanges.clear();
        LinkCosts advertisement = prices.onTick(nowNs, priceChanges);
        priceChanges.addAll(prices.expire(nowNs));
        if (!priceChanges.isEmpty()) {
            outgoing.onLinkCosts(priceChanges, nowNs);
        }
        if (advertisement != null) {
            for (String other : sites.remoteSiteNames()) {
                sites.send(other, advertisement);
            }
            metrics.linkCostsSent();
        }
    }

    /** @return this delegate's priced links (price-based controllers; empty otherwise) */
    List<PricedLink> pricedLinks() {
        return prices.pricedLinks();
    }

    // ---------------------------------------------------------------- statistics for tests and metrics

    /** @return the part that reaches sites behind NATs (relays, routes through relays) */
    NatTraversal nat() {
        return sites.nat();
    }

    /** @return the site names two delegates announce at once, this site's own included while a peer warns of it */
    java.util.Set<String> conflictedSites(long nowNs) {
        return sites.conflictedSites(nowNs);
    }

    /** @return live remote sites */
    List<String> remoteSiteNames() {
        return sites.remoteSiteNames();
    }

    /** @return the congestion state of this site's traffic to each group */
    List<FlowStatus> flowStatuses() {
        return outgoing.statuses();
    }

    /** @return what the monitors of the incoming flows measure */
    List<ReceivingFlowStatus> receivingFlowStatuses() {
        return incoming.statuses();
    }

    /** @return the hop-by-hop links to and from each neighbour (none end to end) */
    List<HopLinkStatus> linkStatuses() {
        return transport.linkStatuses();
    }

    /** @return the most packets waiting per outgoing hop-by-hop link since the previous call (none end to end) */
    java.util.Map<String, Integer> takeWaitingPeaks() {
        return transport.takeWaitingPeaks();
    }

    /** @return packets the incoming flows received again and dropped by flow sequence */
    long flowDuplicates() {
        return incoming.duplicates();
    }

    /** @return packets in the hop-by-hop backup buffer (0 end to end) */
    int backupPackets() {
        return transport.backupPackets();
    }

    /** @return packets waiting in retransmit buffers */
    int bufferedPackets() {
        return outgoing.bufferedPackets();
    }

    /** @return the version of the tree plan in use, 0 if none */
    long treeVersion() {
        return overlay.version();
    }

    /** @return the smoothed RTT from this delegate to a site for a group, or -1 */
    long smoothedRttNs(String group, String site) {
        return outgoing.smoothedRttNs(group, site);
    }
}
