package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gcs.ReceivingFlowStatus;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.MonitorSnapshot;
import org.gcs.internal.flow.ControlBlocks;
import org.gcs.internal.flow.MetaFlowReceiver;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.LanMessage.Held;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.CcFeedback;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;

/**
 * The receiving delegate's side: one {@link MetaFlowReceiver} per incoming meta-flow (a sending site and a group
 * this site's members joined), each with its congestion controller's monitor. It hands complete messages to the
 * site in flow order, after suppressing duplicates by origin (a new sending epoch re-sends what was not stable),
 * and acknowledges only what every member of the site holds (architecture §7: {@link SiteHoldTracker}), so a new
 * delegate resumes each flow where the members stand.
 */
final class IncomingFlows {
    private final EngineSettings settings;
    private final EngineIo io;
    private final ProtocolMetrics metrics;
    private final Membership local;
    private final OverlayMembership sites;
    private final TreeOverlay overlay;
    private final ControlBlocks blocks;
    private final Map<FlowKey, MetaFlowReceiver> receivers = new HashMap<>();
    private final Map<FlowKey, Output> outputs = new HashMap<>();
    private final DeliveryFilter handedOff = new DeliveryFilter();
    /** What the site's members hold of the messages handed to them: the limit of every acknowledgement. */
    private SiteHoldTracker holds;
    private boolean lanPaused;

    IncomingFlows(EngineSettings settings, EngineIo io, ProtocolMetrics metrics, Membership local,
                  OverlayMembership sites, TreeOverlay overlay, ControlBlocks blocks) {
        this.settings = settings;
        this.io = io;
        this.metrics = metrics;
        this.local = local;
        this.sites = sites;
        this.overlay = overlay;
        this.blocks = blocks;
    }

    /** Starts tracking what the members of the delegate's first view hold. */
    void start(LanView view) {
        holds = new SiteHoldTracker(SiteHoldTracker.memberKey(settings.memberName(), settings.incarnation()), view);
    }

    void onLanView(LanView view) {
        holds.onView(view);
    }

    /** A member reported which messages from other sites it holds. */
    void onHeld(Held report) {
        holds.onHeld(report.member(), report.incarnation(), report.marks());
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

    // ---------------------------------------------------------------- WAN

    void onData(Data data, long nowNs) {
        MetaFlowReceiver receiver = receiverFor(data.srcSite(), data.group(), data.epoch());
        if (receiver != null) {
            receiver.onData(data, nowNs, outputFor(new FlowKey(data.srcSite(), data.group())));
        }
    }

    void onSync(Sync sync, long nowNs) {
        MetaFlowReceiver receiver = receiverFor(sync.srcSite(), sync.group(), sync.epoch());
        if (receiver != null) {
            receiver.onSync(sync, nowNs, outputFor(new FlowKey(sync.srcSite(), sync.group())));
        }
    }

    /** @return the receiver of that flow epoch, created if new, or null if stale or not of interest */
    private MetaFlowReceiver receiverFor(String srcSite, String group, long epoch) {
        if (!local.siteHasGroup(group) || srcSite.equals(settings.site())) {
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
            MonitorContext context = new MonitorContext(settings.site(), srcSite, group, epoch,
                    FlowSeeds.of(settings.randomSeed(), epoch, settings.site(), srcSite, group));
            receiver = new MetaFlowReceiver(srcSite, group, epoch, settings.site(), settings.flow(),
                    settings.congestionControl().newMonitor(context), blocks);
            receiver.setPaused(lanPaused, outputFor(key));
            receivers.put(key, receiver);
        }
        return receiver;
    }

    // ---------------------------------------------------------------- membership changes

    /** The site left groups: stop receiving their flows. */
    void onLocalGroupsChanged() {
        receivers.keySet().removeIf(key -> !local.siteHasGroup(key.group()));
        forgetEndedFlows();
    }

    /** A sending site went silent: forget its flows. */
    void forgetSource(String site) {
        receivers.keySet().removeIf(key -> key.srcSite().equals(site));
    }

    /** Drops the outputs and hold records of flows that no longer have a receiver. */
    void forgetEndedFlows() {
        for (FlowKey key : List.copyOf(outputs.keySet())) {
            if (!receivers.containsKey(key)) {
                outputs.remove(key);
                holds.forget(key);
            }
        }
    }

    // ---------------------------------------------------------------- timers

    /** NAKs, acknowledgements (up to what the site holds) and the monitors' feedback. */
    void onTick(long nowNs) {
        for (Map.Entry<FlowKey, MetaFlowReceiver> e : receivers.entrySet()) {
            MetaFlowReceiver receiver = e.getValue();
            long hintNs = overlay.rttNs(e.getKey().srcSite()).orElse(-1);
            if (hintNs >= 0) {
                receiver.onRttHint(hintNs, nowNs);
            }
            receiver.limitAcknowledgementTo(holds.heldThroughSeq(e.getKey(), receiver.nextSeq() - 1));
            receiver.onTick(nowNs, outputFor(e.getKey()));
        }
        SiteHoldTracker.Laggard laggard = holds.laggard(nowNs).orElse(null);
        if (laggard == null) {
            metrics.siteHeldBack(null, null, 0, nowNs);
        } else {
            metrics.siteHeldBack(laggard.member(), laggard.group(), laggard.heldNs(), nowNs);
        }
    }

    /** @return what each incoming flow's monitor measures, by sending site then group */
    /** @return packets the incoming flows received again and dropped by flow sequence (replays, repairs) */
    long duplicates() {
        long total = 0;
        for (MetaFlowReceiver receiver : receivers.values()) {
            total += receiver.duplicates();
        }
        return total;
    }

    List<ReceivingFlowStatus> statuses() {
        List<ReceivingFlowStatus> list = new ArrayList<>();
        Map<FlowKey, MetaFlowReceiver> sorted = new TreeMap<>(
                java.util.Comparator.comparing(FlowKey::srcSite).thenComparing(FlowKey::group));
        sorted.putAll(receivers);
        sorted.forEach((key, receiver) -> {
            MonitorSnapshot snapshot = receiver.monitor().snapshot();
            list.add(new ReceivingFlowStatus(key.srcSite(), key.group(), snapshot.controller(), snapshot.values()));
        });
        return list;
    }

    private Output outputFor(FlowKey key) {
        return outputs.computeIfAbsent(key, Output::new);
    }

    /** Where one incoming flow's output goes: messages to the site, control packets to the sending delegate. */
    private final class Output implements MetaFlowReceiver.Output {
        private final FlowKey key;

        Output(FlowKey key) {
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
            sites.send(key.srcSite(), ack);
        }

        @Override
        public void nak(Nak nak) {
            metrics.nakSent(nak.missingCount());
            sites.send(key.srcSite(), nak);
        }

        @Override
        public void feedback(CcFeedback feedback) {
            sites.send(key.srcSite(), feedback);
        }
    }
}
