package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.alm.overlay.Observation;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.alm.overlay.SiteRecord;
import org.gcs.internal.flow.MetaFlowReceiver;
import org.gcs.internal.flow.MetaFlowSender;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.Held;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.LanMessage.RemoteSite;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.internal.wire.LanMessage.StableMark;
import org.gcs.internal.wire.LanMessage.TreeInfo;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.MemberGroups;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.PeerHint;
import org.gcs.internal.wire.WanPacket.Probe;
import org.gcs.internal.wire.WanPacket.ProbeReply;
import org.gcs.internal.wire.WanPacket.SiteState;
import org.gcs.internal.wire.WanPacket.Sync;
import org.gcs.internal.wire.WanPacket.TreeAnnounce;

/**
 * What a member does while it is its site's delegate: it announces the site to the other delegates and
 * tracks theirs (overlay membership), carries the site's messages over the WAN on one reliable meta-flow per
 * group ({@link MetaFlowSender}), receives the other sites' meta-flows ({@link MetaFlowReceiver}) and hands
 * their messages to its site, and tells its members when their messages became stable.
 *
 * <p>First transmissions travel along the overlay's multicast tree ({@link TreeOverlay}): the sending delegate
 * sends to its tree neighbours, and every delegate passes a packet on to its neighbours except the one it came
 * from, within the part of the tree that leads to sites with members of the group. Repairs (NAKs, retransmissions,
 * syncs and acknowledgements) go straight between the sending and the receiving delegate, so loss statistics stay
 * end to end per (sending delegate, receiving delegate, group). A receiving site outside the current plan is
 * served directly.
 */
final class DelegateRole {
    private final EngineSettings settings;
    private final EngineIo io;
    private final ProtocolMetrics metrics;
    private final Membership membership;
    private final long term;
    private final SiteDirectory<List<MemberGroups>> directory;
    private final Map<DelegateAddress, Long> hintExpiryNs = new LinkedHashMap<>();
    private final Map<String, OutgoingGroup> outgoing = new HashMap<>();
    /** The loss event rate each receiving site last reported, per "group/site". */
    private final Map<String, Double> lossEventRates = new HashMap<>();
    private final Map<FlowKey, MetaFlowReceiver> receivers = new HashMap<>();
    private final Map<FlowKey, ReceiverOutput> receiverOutputs = new HashMap<>();
    private final DeliveryFilter appended = new DeliveryFilter();
    private final DeliveryFilter handedOff = new DeliveryFilter();
    private final Set<String> awaitingHandover = new HashSet<>();
    /** What the site's members hold of the messages handed to them: the limit of every acknowledgement. */
    private SiteHoldTracker holds;
    /** Addresses at which this node received its own announcements (gossip named it): never announce to them. */
    private final Set<DelegateAddress> selfAddresses = new HashSet<>();
    private final Map<StableKey, Long> pendingStable = new LinkedHashMap<>();
    private final SenderOutput senderOutput = new SenderOutput();
    private final TreeOverlay overlay;
    private final OverlayOutput overlayOutput = new OverlayOutput();
    private List<MemberGroups> announcedMembers = List.of();
    private List<RemoteSite> publishedSites = List.of();
    private long stateVersion;
    private long lastHeartbeatNs;
    private boolean lanPaused;
    /** Set when the directory may differ from what was last published to the site. */
    private boolean directoryChanged;
    /** Sites with members, per group; cleared whenever a membership or the set of sites changes. */
    private final Map<String, Set<String>> memberSitesByGroup = new HashMap<>();

    DelegateRole(EngineSettings settings, EngineIo io, ProtocolMetrics metrics, Membership membership, long term) {
        this.settings = settings;
        this.io = io;
        this.metrics = metrics;
        this.membership = membership;
        this.term = term;
        this.directory = new SiteDirectory<>(settings.site(), settings.siteTimeoutNs());
        this.overlay = new TreeOverlay(settings);
    }

    /**
     * Takes the role: starts from the remote sites the previous delegate described (so that re-sent messages
     * go to every site that was receiving; a site that is gone meanwhile expires as usual), waits for every
     * current member's hand-over, and announces the site at once.
     */
    void start(LanView view, TreeAnnounce knownPlan, long nowNs) {
        holds = new SiteHoldTracker(memberKey(settings.memberName(), settings.incarnation()), view);
        for (LanView.LanMember member : view.members()) {
            awaitingHandover.add(memberKey(member.name(), member.incarnation()));
        }
        for (RemoteSite known : membership.remoteSites()) {
            directory.observe(known.site(), known.term(), new DelegateAddress(known.host(), known.port()), nowNs);
            directory.offerState(known.site(), known.term(), known.stateVersion(), known.members());
        }
        directoryChanged = true;
        overlay.startFrom(knownPlan, nowNs);
        announcedMembers = membership.localMembers();
        heartbeat(nowNs);
    }

    long term() {
        return term;
    }

    // ---------------------------------------------------------------- LAN side

    void onLanView(LanView view) {
        holds.onView(view);
        awaitingHandover.removeIf(key -> view.members().stream()
                .noneMatch(m -> memberKey(m.name(), m.incarnation()).equals(key)));
    }

    void onHandover(String member, long incarnation) {
        awaitingHandover.remove(memberKey(member, incarnation));
    }

    /** A member reported which messages from other sites it holds. */
    void onHeld(Held report) {
        holds.onHeld(report.member(), report.incarnation(), report.marks());
    }

    /** A member of this site sent a message: carry it over the WAN. */
    void onLocalData(LocalData data, long nowNs) {
        if (!data.resend() && awaitingHandover.contains(memberKey(data.member(), data.incarnation()))) {
            return; // sent before the member saw us take over; it comes again as a re-send
        }
        OriginKey origin = new OriginKey(settings.site(), data.member(), data.incarnation(), data.group());
        if (appended.accept(origin, data.memberSeq()) < 0) {
            return;
        }
        OutgoingGroup sender = outgoing(data.group(), nowNs);
        int fragmentBytes = settings.maxDatagramBytes()
                - WanCodec.dataOverheadBytes(settings.site(), settings.site(), data.group(), data.member());
        sender.flow.append(data.member(), data.incarnation(), data.memberSeq(), data.sentEpochMicros(),
                data.payload(), fragmentBytes, nowNs, senderOutput);
    }

    /** @return this site's outgoing state for a group, created with every site that has members as receiver */
    private OutgoingGroup outgoing(String group, long nowNs) {
        OutgoingGroup existing = outgoing.get(group);
        if (existing != null) {
            return existing;
        }
        OutgoingGroup created = new OutgoingGroup(settings, group, term);
        outgoing.put(group, created);
        for (SiteRecord<List<MemberGroups>> site : directory.sites()) {
            if (hasGroup(site.state(), group)) {
                created.addReceiver(site.site(), nowNs, senderOutput);
            }
        }
        return created;
    }

    /** A local sender asked for a rate for a group. */
    void onDemand(Demand demand, long nowNs) {
        outgoing(demand.group(), nowNs).onDemand(demand, nowNs);
    }

    /** The site's memberships changed: announce them, and stop receiving groups the site left. */
    void onLocalMembershipChanged(long nowNs) {
        List<MemberGroups> members = membership.localMembers();
        if (members.equals(announcedMembers)) {
            return;
        }
        announcedMembers = members;
        memberSitesByGroup.clear();
        stateVersion++;
        receivers.keySet().removeIf(key -> !membership.siteHasGroup(key.group()));
        forgetEndedFlows();
        heartbeat(nowNs);
    }

    /** Pauses or resumes hand-offs to the LAN (its outgoing queue is too long). */
    void setLanPaused(boolean paused) {
        if (paused == lanPaused) {
            return;
        }
        lanPaused = paused;
        for (Map.Entry<FlowKey, MetaFlowReceiver> e : receivers.entrySet()) {
            e.getValue().setPaused(paused, outputFor(e.getKey()));
        }
    }

    // ---------------------------------------------------------------- WAN side

    void onWan(DelegateAddress from, WanEnvelope envelope, long nowNs) {
        if (envelope.fromSite().equals(settings.site())) {
            if (envelope.fromTerm() == term && envelope.packet() instanceof SiteState) {
                selfAddresses.add(from); // our own announcement came back through a hint that named us
                hintExpiryNs.remove(from);
            } else {
                metrics.wanDropped(DropReason.STALE);
            }
            return;
        }
        Observation observation = directory.observe(envelope.fromSite(), envelope.fromTerm(), from, nowNs);
        if (observation == Observation.STALE) {
            metrics.wanDropped(DropReason.STALE);
            return;
        }
        if (observation != Observation.REFRESHED) {
            directoryChanged = true;
            hintExpiryNs.remove(from);
            sendState(envelope.fromSite(), from);
            overlay.onSitesChanged();
        }
        if (observation == Observation.NEW_DELEGATE) {
            for (OutgoingGroup sender : outgoing.values()) {
                sender.flow.resyncReceiver(envelope.fromSite(), nowNs, senderOutput);
            }
        }
        WanPacket packet = envelope.packet();
        if (packet instanceof Data data) {
            forward(envelope.fromSite(), data);
            onData(data, nowNs);
        } else if (packet instanceof Probe probe) {
            overlay.onProbe(envelope.fromSite(), probe, overlayOutput);
        } else if (packet instanceof ProbeReply reply) {
            overlay.onProbeReply(envelope.fromSite(), reply, nowNs);
        } else if (packet instanceof TreeAnnounce announce) {
            overlay.onAnnounce(announce, nowNs, overlayOutput);
        } else if (packet instanceof Ack ack) {
            OutgoingGroup sender = ownFlow(ack.srcSite(), ack.group(), ack.epoch());
            if (sender != null) {
                lossEventRates.put(ack.group() + "/" + envelope.fromSite(), ack.lossEventRatePpm() / 1e6);
                sender.onAck(envelope.fromSite(), ack, nowNs, senderOutput);
            }
        } else if (packet instanceof Nak nak) {
            metrics.nakReceived();
            OutgoingGroup sender = ownFlow(nak.srcSite(), nak.group(), nak.epoch());
            if (sender != null) {
                sender.onNak(envelope.fromSite(), nak, nowNs, senderOutput);
            }
        } else if (packet instanceof Sync sync) {
            MetaFlowReceiver receiver = receiverFor(sync.srcSite(), sync.group(), sync.epoch(), nowNs);
            if (receiver != null) {
                receiver.onSync(sync, nowNs, outputFor(new FlowKey(sync.srcSite(), sync.group())));
            }
        } else if (packet instanceof SiteState state) {
            onSiteState(envelope.fromSite(), envelope.fromTerm(), state, nowNs);
        }
        publishRemoteSites();
    }

    /** Drops the outputs and hold records of flows that no longer have a receiver. */
    private void forgetEndedFlows() {
        for (FlowKey key : List.copyOf(receiverOutputs.keySet())) {
            if (!receivers.containsKey(key)) {
                receiverOutputs.remove(key);
                holds.forget(key);
            }
        }
    }

    private ReceiverOutput outputFor(FlowKey key) {
        return receiverOutputs.computeIfAbsent(key, ReceiverOutput::new);
    }

    private OutgoingGroup ownFlow(String srcSite, String group, long epoch) {
        if (!srcSite.equals(settings.site()) || epoch != term) {
            return null;
        }
        return outgoing.get(group);
    }

    private void onData(Data data, long nowNs) {
        MetaFlowReceiver receiver = receiverFor(data.srcSite(), data.group(), data.epoch(), nowNs);
        if (receiver != null) {
            receiver.onData(data, nowNs, outputFor(new FlowKey(data.srcSite(), data.group())));
        }
    }

    /** @return the receiver of that flow epoch, created if new, or null if stale or not of interest */
    private MetaFlowReceiver receiverFor(String srcSite, String group, long epoch, long nowNs) {
        if (!membership.siteHasGroup(group) || srcSite.equals(settings.site())) {
            return null;
        }
        FlowKey key = new FlowKey(srcSite, group);
        MetaFlowReceiver receiver = receivers.get(key);
        if (receiver != null && receiver.epoch() > epoch) {
            metrics.wanDropped(DropReason.STALE);
            return null;
        }
        if (receiver == null || receiver.epoch() < epoch) {
            holds.forget(key); // a new epoch re-sends whatever was not acknowledged
            receiver = new MetaFlowReceiver(srcSite, group, epoch, settings.site(), settings.flow());
            receiver.setPaused(lanPaused, outputFor(key));
            receivers.put(key, receiver);
        }
        return receiver;
    }

    /** Passes a first transmission on along the tree (repairs travel point to point and are never forwarded). */
    private void forward(String fromSite, Data data) {
        if (data.retransmit() || data.hops() >= Data.MAX_HOPS || data.srcSite().equals(settings.site())) {
            return; // repairs are point to point; our own packets coming back (plans briefly disagree) stop here
        }
        Data next = null;
        for (String hop : overlay.nextHops(data.srcSite(), fromSite, memberSites(data.group()))) {
            if (next == null) {
                next = data.forwarded();
            }
            sendToSite(hop, next);
        }
    }

    /** @return the sites (this one included) that have members of a group; cached until memberships change */
    private Set<String> memberSites(String group) {
        return memberSitesByGroup.computeIfAbsent(group, this::computeMemberSites);
    }

    private Set<String> computeMemberSites(String group) {
        Set<String> sites = new HashSet<>();
        if (membership.siteHasGroup(group)) {
            sites.add(settings.site());
        }
        for (SiteRecord<List<MemberGroups>> site : directory.sites()) {
            if (hasGroup(site.state(), group)) {
                sites.add(site.site());
            }
        }
        return sites;
    }

    private void sendToSite(String site, WanPacket packet) {
        directory.get(site).ifPresent(record -> io.wanSend(site, record.address(), envelope(packet)));
    }

    private void onSiteState(String site, long siteTerm, SiteState state, long nowNs) {
        overlay.onSiteReport(site, state.links(), state.treeVersion());
        if (directory.offerState(site, siteTerm, state.version(), state.members())) {
            directoryChanged = true;
            memberSitesByGroup.clear();
            updateReceivers(nowNs);
        }
        for (PeerHint hint : state.peers()) {
            if (hint.site().equals(settings.site()) || directory.get(hint.site()).isPresent()) {
                continue;
            }
            DelegateAddress address = new DelegateAddress(hint.host(), hint.port());
            if (!address.equals(settings.selfWanAddress()) && !selfAddresses.contains(address)) {
                hintExpiryNs.putIfAbsent(address, nowNs + settings.siteTimeoutNs());
            }
        }
    }

    /** Makes every meta-flow send to exactly the sites that have members of its group. */
    private void updateReceivers(long nowNs) {
        for (Map.Entry<String, OutgoingGroup> entry : outgoing.entrySet()) {
            OutgoingGroup sender = entry.getValue();
            Set<String> interested = new HashSet<>();
            for (SiteRecord<List<MemberGroups>> site : directory.sites()) {
                if (hasGroup(site.state(), entry.getKey())) {
                    interested.add(site.site());
                }
            }
            for (String site : List.copyOf(sender.receiverSites())) {
                if (!interested.contains(site)) {
                    sender.removeReceiver(site, senderOutput);
                }
            }
            for (String site : interested) {
                sender.addReceiver(site, nowNs, senderOutput);
            }
        }
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

    // ---------------------------------------------------------------- timers

    void onTick(long nowNs) {
        for (OutgoingGroup sender : outgoing.values()) {
            sender.onTick(term, nowNs, senderOutput).ifPresent(io::lanSend);
        }
        for (Map.Entry<FlowKey, MetaFlowReceiver> e : receivers.entrySet()) {
            MetaFlowReceiver receiver = e.getValue();
            overlay.rttNs(e.getKey().srcSite()).ifPresent(receiver::onRttHint);
            receiver.limitAcknowledgementTo(holds.heldThroughSeq(e.getKey(), receiver.nextSeq() - 1));
            receiver.onTick(nowNs, outputFor(e.getKey()));
        }
        java.util.SortedSet<String> live = new java.util.TreeSet<>();
        directory.sites().forEach(site -> live.add(site.site()));
        overlay.onTick(live, nowNs, overlayOutput);
        if (nowNs - lastHeartbeatNs >= settings.heartbeatNs()) {
            heartbeat(nowNs);
        }
        List<SiteRecord<List<MemberGroups>>> expired = directory.expire(nowNs);
        if (!expired.isEmpty()) {
            memberSitesByGroup.clear();
            for (SiteRecord<List<MemberGroups>> site : expired) {
                overlay.forget(site.site());
                for (OutgoingGroup sender : outgoing.values()) {
                    sender.removeReceiver(site.site(), senderOutput);
                }
                receivers.keySet().removeIf(key -> key.srcSite().equals(site.site()));
            }
            forgetEndedFlows();
            directoryChanged = true;
            publishRemoteSites();
        }
        hintExpiryNs.values().removeIf(expiry -> expiry < nowNs);
        flushStable();
    }

    private void heartbeat(long nowNs) {
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

    private WanEnvelope envelope(WanPacket packet) {
        return new WanEnvelope(settings.site(), term, packet);
    }

    /** Tells the site about the remote sites if anything changed since the last time (cheap when not). */
    private void publishRemoteSites() {
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

    /** Re-publishes the remote sites and the tree plan (a new member joined the LAN and needs them). */
    void republishRemoteSites() {
        publishedSites = List.of();
        directoryChanged = true;
        publishRemoteSites();
        overlay.current().ifPresent(plan -> io.lanSend(new TreeInfo(term, plan)));
    }

    private void flushStable() {
        if (pendingStable.isEmpty()) {
            return;
        }
        List<StableMark> marks = new ArrayList<>(pendingStable.size());
        pendingStable.forEach((key, seq) -> marks.add(new StableMark(key.member(), key.incarnation(), key.group(), seq)));
        pendingStable.clear();
        io.lanSend(new Stable(term, marks));
    }

    private static String memberKey(String name, long incarnation) {
        return SiteHoldTracker.memberKey(name, incarnation);
    }

    // ---------------------------------------------------------------- statistics for tests and metrics

    /** @return live remote sites */
    List<String> remoteSiteNames() {
        List<String> names = new ArrayList<>();
        directory.sites().forEach(s -> names.add(s.site()));
        return names;
    }

    /** @return the congestion state of this site's traffic to each group, and what the receivers report */
    List<org.gcs.FlowStatus> flowStatuses() {
        List<org.gcs.FlowStatus> list = new ArrayList<>();
        for (Map.Entry<String, OutgoingGroup> e : new java.util.TreeMap<>(outgoing).entrySet()) {
            OutgoingGroup group = e.getValue();
            org.gcs.cc.tfrc.RateSnapshot snapshot = group.rate.snapshot();
            List<org.gcs.FlowStatus.Receiver> receivers = new ArrayList<>();
            for (String site : new java.util.TreeSet<>(group.receiverSites())) {
                org.gcs.cc.tfrc.RateSnapshot.Receiver report = snapshot.receivers().stream()
                        .filter(r -> r.site().equals(site)).findFirst().orElse(null);
                double rttMs = group.flow.smoothedRttNs(site) / 1e6;
                boolean reported = report != null && report.reported();
                receivers.add(new org.gcs.FlowStatus.Receiver(site,
                        reported ? report.acceptableRateBytesPerSec() : Double.POSITIVE_INFINITY,
                        reported ? report.receiveRateBytesPerSec() : 0, rttMs,
                        lossEventRates.getOrDefault(e.getKey() + "/" + site, 0.0)));
            }
            List<org.gcs.FlowStatus.Sender> senders = new ArrayList<>();
            for (LocalAllocation.SenderStatus sender : group.allocation.senders()) {
                senders.add(new org.gcs.FlowStatus.Sender(sender.member(), sender.demandBytesPerSec(),
                        sender.grantBytesPerSec()));
            }
            list.add(new org.gcs.FlowStatus(settings.site(), e.getKey(), group.allowedRateBytesPerSec(),
                    group.rate.limitingSite(), group.rate.inSlowStart(), receivers, senders));
        }
        return list;
    }

    /** @return packets waiting in retransmit buffers */
    int bufferedPackets() {
        int total = 0;
        for (OutgoingGroup sender : outgoing.values()) {
            total += sender.flow.bufferedPackets();
        }
        return total;
    }

    /** @return the version of the tree plan in use, 0 if none */
    long treeVersion() {
        return overlay.version();
    }

    /** @return the probe RTT to a site's delegate, or -1 if not measured */
    long linkRttNs(String site) {
        return overlay.rttNs(site).orElse(-1);
    }

    /** @return the smoothed RTT from this delegate to a site for a group, or -1 */
    long smoothedRttNs(String group, String site) {
        OutgoingGroup sender = outgoing.get(group);
        return sender == null ? -1 : sender.flow.smoothedRttNs(site);
    }

    // ---------------------------------------------------------------- outputs of the flows

    private record StableKey(String member, long incarnation, String group) {
    }

    private final class SenderOutput implements MetaFlowSender.Output {
        @Override
        public void multicast(Data packet, Map<String, Long> receiverSrttNs) {
            boolean viaTree = overlay.inPlan(settings.site());
            if (viaTree) {
                for (String hop : overlay.nextHops(settings.site(), null, memberSites(packet.group()))) {
                    sendToSite(hop, packet);
                }
            }
            receiverSrttNs.forEach((site, srttNs) -> {
                if (!viaTree || !overlay.inPlan(site)) {
                    sendToSite(site, packet.forReceiver(site, srttNs, false));
                }
            });
        }

        @Override
        public void transmit(String receiverSite, Data packet) {
            directory.get(receiverSite).ifPresent(site -> io.wanSend(receiverSite, site.address(), envelope(packet)));
            if (packet.retransmit()) {
                metrics.retransmitted(1);
            }
        }

        @Override
        public void sync(String receiverSite, Sync sync) {
            directory.get(receiverSite).ifPresent(site -> io.wanSend(receiverSite, site.address(), envelope(sync)));
        }

        @Override
        public void stable(String group, String originMember, long originIncarnation, long memberSeq) {
            pendingStable.merge(new StableKey(originMember, originIncarnation, group), memberSeq, Math::max);
        }
    }

    private final class OverlayOutput implements TreeOverlay.Output {
        @Override
        public void toSite(String site, WanPacket packet) {
            sendToSite(site, packet);
        }

        @Override
        public void planChanged(TreeAnnounce plan) {
            io.lanSend(new TreeInfo(term, plan));
        }
    }

    private final class ReceiverOutput implements MetaFlowReceiver.Output {
        private final FlowKey key;

        ReceiverOutput(FlowKey key) {
            this.key = key;
        }

        @Override
        public void deliver(Data first, byte[] payload) {
            OriginKey origin = new OriginKey(key.srcSite(), first.originMember(), first.originIncarnation(), key.group());
            if (handedOff.accept(origin, first.memberSeq()) < 0) {
                metrics.duplicateSuppressed();
                holds.onSuppressedDuplicate(key, first.seq(), origin, first.memberSeq());
                return;
            }
            holds.onHandOff(key, first.seq(), origin, first.memberSeq());
            io.lanSend(new RemoteData(key.srcSite(), first.originMember(), first.originIncarnation(), key.group(),
                    first.memberSeq(), first.sentEpochMicros(), payload));
        }

        @Override
        public void ack(Ack ack) {
            directory.get(key.srcSite()).ifPresent(site -> io.wanSend(key.srcSite(), site.address(), envelope(ack)));
        }

        @Override
        public void nak(Nak nak) {
            metrics.nakSent(nak.missingCount());
            directory.get(key.srcSite()).ifPresent(site -> io.wanSend(key.srcSite(), site.address(), envelope(nak)));
        }
    }
}
