package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.gcs.FlowStatus;
import org.gcs.internal.flow.ControlBlocks;
import org.gcs.internal.flow.MetaFlowSender;
import org.gcs.internal.flow.ReceiverRtts;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.HandoverRequest;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.internal.wire.LanMessage.StableMark;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.CcFeedback;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;

/**
 * The sending delegate's side of its site's traffic: one {@link OutgoingGroup} per group the site's members send
 * to (a reliable meta-flow, its congestion controller and the split of its rate among the local senders). It takes
 * the members' messages off the LAN, hands first transmissions to the {@link DataTransport}, keeps every flow's
 * receiving sites equal to the sites with members of its group, routes the receivers' acknowledgements, NAKs and
 * feedback to their flows, and tells the members when their messages became stable.
 *
 * <p>After a delegate change the members re-send what is not stable; until a member's {@code Handover} marker
 * arrives its first transmissions are ignored (they were sent to the old delegate and come again as re-sends).
 */
final class OutgoingFlows {
    private final EngineSettings settings;
    private final EngineIo io;
    private final ProtocolMetrics metrics;
    private final long term;
    private final OverlayMembership sites;
    private final DataTransport transport;
    private final ControlBlocks blocks;
    private final TreeOverlay overlay;
    private final LinkPriceBook prices;
    private final Map<String, OutgoingGroup> groups = new HashMap<>();
    private final DeliveryFilter appended = new DeliveryFilter();
    private final Set<String> awaitingHandover = new HashSet<>();
    /** When each awaited member was last asked to hand over again ({@link #requestHandover}). */
    private final Map<String, Long> handoverRequestedNs = new HashMap<>();
    /** How long a role waits for a member's hand-over before asking for it, and between two requests: 1 s. */
    static final long HANDOVER_REQUEST_INTERVAL_NS = 1_000_000_000L;
    private long startedNs;
    /** Awaited members whose first transmissions this role ignored (asked again on every tick, rate-limited). */
    private final Map<String, Claimant> ignoredWithoutHandover = new LinkedHashMap<>();

    /** A member by name and incarnation. */
    private record Claimant(String name, long incarnation) {
    }
    private final Map<StableKey, Long> pendingStable = new LinkedHashMap<>();
    private final Output output = new Output();

    OutgoingFlows(EngineSettings settings, EngineIo io, ProtocolMetrics metrics, long term, OverlayMembership sites,
                  DataTransport transport, ControlBlocks blocks, TreeOverlay overlay, LinkPriceBook prices) {
        this.overlay = overlay;
        this.prices = prices;
        this.settings = settings;
        this.io = io;
        this.metrics = metrics;
        this.term = term;
        this.sites = sites;
        this.transport = transport;
        this.blocks = blocks;
    }

    // ---------------------------------------------------------------- the site's members

    /** Waits for every current member's hand-over before taking its first transmissions. */
    void start(LanView view, long nowNs) {
        for (LanView.LanMember member : view.members()) {
            awaitingHandover.add(SiteHoldTracker.memberKey(member.name(), member.incarnation()));
        }
        startedNs = nowNs;
    }

    void onLanView(LanView view) {
        awaitingHandover.removeIf(key -> view.members().stream()
                .noneMatch(m -> SiteHoldTracker.memberKey(m.name(), m.incarnation()).equals(key)));
        handoverRequestedNs.keySet().retainAll(awaitingHandover);
        ignoredWithoutHandover.keySet().retainAll(awaitingHandover);
    }

    void onHandover(String member, long incarnation) {
        String key = SiteHoldTracker.memberKey(member, incarnation);
        awaitingHandover.remove(key);
        handoverRequestedNs.remove(key);
        ignoredWithoutHandover.remove(key);
    }

    /** A member of this site sent a message: carry it over the WAN. */
    void onLocalData(LocalData data, long nowNs) {
        // the key is built only while some member's hand-over is awaited: per message it cost a string and its hash
        if (!data.resend() && !awaitingHandover.isEmpty()) {
            String member = SiteHoldTracker.memberKey(data.member(), data.incarnation());
            if (awaitingHandover.contains(member)) {
                ignoredWithoutHandover.putIfAbsent(member, new Claimant(data.member(), data.incarnation()));
                requestHandover(data.member(), data.incarnation(), member, nowNs);
                return; // sent before the member saw us take over; it comes again as a re-send
            }
        }
        OriginKey origin = new OriginKey(settings.site(), data.member(), data.incarnation(), data.group());
        if (appended.accept(origin, data.memberSeq()) < 0) {
            return;
        }
        int fragmentBytes = settings.maxDatagramBytes()
                - WanCodec.dataOverheadBytes(settings.site(), settings.site(), data.group(), data.member())
                - blocks.maxHeaderWireBytes() - transport.framingBytes();
        group(data.group(), nowNs).append(data.member(), data.incarnation(), data.memberSeq(), data.sentEpochMicros(),
                data.payload(), fragmentBytes, nowNs, output);
    }

    /**
     * A member's first transmissions keep coming long after this role started, but its hand-over did not: the LAN
     * delivered it before the view that made this node delegate, to the role this one replaced (a merge). Asks the
     * member to hand over again, at most once per {@link #HANDOVER_REQUEST_INTERVAL_NS}; until then its messages
     * wait in its send window (it re-sends them), so nothing is lost and its order holds.
     */
    private void requestHandover(String name, long incarnation, String member, long nowNs) {
        if (nowNs - startedNs < HANDOVER_REQUEST_INTERVAL_NS) {
            return; // a hand-over on its way: the member saw the view later than this node
        }
        Long lastNs = handoverRequestedNs.get(member);
        if (lastNs != null && nowNs - lastNs < HANDOVER_REQUEST_INTERVAL_NS) {
            return;
        }
        handoverRequestedNs.put(member, nowNs);
        metrics.handoverRequested(name, nowNs);
        io.lanSend(new HandoverRequest(term, name, incarnation));
    }

    /** A local sender asked for a rate for a group. */
    void onDemand(Demand demand, long nowNs) {
        group(demand.group(), nowNs).onDemand(demand, nowNs);
    }

    /** @return this site's outgoing state for a group, created with every site that has members as receiver */
    private OutgoingGroup group(String group, long nowNs) {
        OutgoingGroup existing = groups.get(group);
        if (existing != null) {
            return existing;
        }
        OutgoingGroup created = new OutgoingGroup(settings, group, term, blocks);
        groups.put(group, created);
        for (LinkPriceBook.EdgeCost cost : prices.all()) {
            created.controller.onLinkCost(cost.edge(), cost.costDollars(), nowNs);
        }
        for (String site : sites.remoteSitesWith(group)) {
            created.addReceiver(site, nowNs, output);
        }
        return created;
    }

    // ---------------------------------------------------------------- receiving sites

    /** Makes every meta-flow send to exactly the sites that have members of its group. */
    void updateReceivers(long nowNs) {
        for (Map.Entry<String, OutgoingGroup> entry : groups.entrySet()) {
            OutgoingGroup group = entry.getValue();
            Set<String> interested = new HashSet<>(sites.remoteSitesWith(entry.getKey()));
            for (String site : List.copyOf(group.receiverSites())) {
                if (!interested.contains(site)) {
                    group.removeReceiver(site, nowNs, output);
                }
            }
            for (String site : interested) {
                group.addReceiver(site, nowNs, output);
            }
        }
    }

    /** A site went silent: no flow sends to it any more (what it did not acknowledge may become stable). */
    void removeSite(String site, long nowNs) {
        for (OutgoingGroup group : groups.values()) {
            group.removeReceiver(site, nowNs, output);
        }
    }

    /** A receiving site elected a new delegate: continue its part of every flow after what the old one acknowledged. */
    void resync(String site, long nowNs) {
        for (OutgoingGroup group : groups.values()) {
            group.flow.resyncReceiver(site, nowNs, output);
        }
    }

    // ---------------------------------------------------------------- the receivers' control packets

    void onAck(String fromSite, Ack ack, long nowNs) {
        OutgoingGroup group = ownFlow(ack.srcSite(), ack.group(), ack.epoch());
        if (group != null && !sites.acknowledgementsTrusted(fromSite)) {
            metrics.wanDropped(org.gcs.internal.wire.DropReason.SITE_CONFLICT); // held out of stability
            return;
        }
        if (group != null && group.onAck(fromSite, ack, nowNs, output)) {
            metrics.implausibleRttSample();
        }
    }

    void onNak(String fromSite, Nak nak, long nowNs) {
        OutgoingGroup group = ownFlow(nak.srcSite(), nak.group(), nak.epoch());
        if (group != null) {
            group.onNak(fromSite, nak, nowNs, output);
        }
    }

    void onFeedback(String fromSite, CcFeedback feedback, long nowNs) {
        OutgoingGroup group = ownFlow(feedback.srcSite(), feedback.group(), feedback.epoch());
        if (group != null) {
            group.onFeedback(fromSite, feedback, nowNs);
        }
    }

    private OutgoingGroup ownFlow(String srcSite, String group, long epoch) {
        if (!srcSite.equals(settings.site()) || epoch != term) {
            return null;
        }
        return groups.get(group);
    }

    // ---------------------------------------------------------------- timers

    /** Repairs, probes and controller ticks; publishes the grants and prices that are due. */
    void onTick(long nowNs) {
        // members whose first transmissions this role ignored, still without a hand-over: ask (rate-limited), so
        // that one which sent only in the role's first second is not left waiting for its next send
        ignoredWithoutHandover.forEach((key, member) -> requestHandover(member.name(), member.incarnation(), key,
                nowNs));
        for (Map.Entry<String, OutgoingGroup> e : groups.entrySet()) {
            if (prices.active()) {
                e.getValue().updateTree(overlay.edgesFrom(settings.site(), sites.memberSites(e.getKey())), nowNs);
            }
            e.getValue().onTick(term, nowNs, output).ifPresent(io::lanSend);
        }
    }

    /** A deadline a flow asked for came ({@link MetaFlowSender.Output#wakeAt}): the tail probes due go out. */
    void onDeadline(long nowNs) {
        for (OutgoingGroup group : groups.values()) {
            group.probeTail(nowNs, output);
        }
    }

    /**
     * Link prices changed (price-based controllers): every flow's controller hears of them.
     *
     * @param changes the links and their new prices
     */
    void onLinkCosts(List<LinkPriceBook.EdgeCost> changes, long nowNs) {
        for (LinkPriceBook.EdgeCost change : changes) {
            for (OutgoingGroup group : groups.values()) {
                group.controller.onLinkCost(change.edge(), change.costDollars(), nowNs);
            }
        }
    }

    /** Tells the members which of their messages became stable (batched per tick). */
    void flushStable() {
        if (pendingStable.isEmpty()) {
            return;
        }
        List<StableMark> marks = new ArrayList<>(pendingStable.size());
        pendingStable.forEach((key, seq) -> marks.add(new StableMark(key.member(), key.incarnation(), key.group(), seq)));
        pendingStable.clear();
        io.lanSend(new Stable(term, marks));
    }

    // ---------------------------------------------------------------- statistics

    /** @return the congestion state of this site's traffic to each group, by group name */
    List<FlowStatus> statuses() {
        List<FlowStatus> list = new ArrayList<>();
        for (OutgoingGroup group : new TreeMap<>(groups).values()) {
            list.add(group.status());
        }
        return list;
    }

    /** @return packets waiting in retransmit buffers */
    int bufferedPackets() {
        int total = 0;
        for (OutgoingGroup group : groups.values()) {
            total += group.flow.bufferedPackets();
        }
        return total;
    }

    /** @return the smoothed RTT from this delegate to a site for a group, or -1 */
    long smoothedRttNs(String group, String site) {
        OutgoingGroup outgoing = groups.get(group);
        return outgoing == null ? -1 : outgoing.flow.smoothedRttNs(site);
    }

    private record StableKey(String member, long incarnation, String group) {
    }

    /** Where the meta-flows' packets go: first transmissions to the transport, the rest straight to the receiver. */
    private final class Output implements MetaFlowSender.Output {
        @Override
        public void multicast(Data packet, ReceiverRtts receiverSrttNs) {
            transport.sendFirst(packet, receiverSrttNs);
        }

        @Override
        public void transmit(String receiverSite, Data packet) {
            sites.send(receiverSite, packet);
            if (packet.retransmit()) {
                metrics.retransmitted(1);
            }
        }

        @Override
        public void sync(String receiverSite, Sync sync) {
            sites.send(receiverSite, sync);
        }

        @Override
        public void stable(String group, String originMember, long originIncarnation, long memberSeq) {
            pendingStable.merge(new StableKey(originMember, originIncarnation, group), memberSeq, Math::max);
        }

        @Override
        public void wakeAt(long dueNs) {
            io.wakeAt(dueNs);
        }
    }
}
