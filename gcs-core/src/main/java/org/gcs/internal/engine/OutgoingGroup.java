package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gcs.FlowStatus;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.DirectedEdge;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.Grant;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.gcs.internal.flow.ControlBlocks;
import org.gcs.internal.flow.MetaFlowSender;
import org.gcs.internal.wire.ControlBlock;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.CcFeedback;
import org.gcs.internal.wire.WanPacket.Nak;

/**
 * Everything a sending delegate keeps for one group: the reliable meta-flow ({@link MetaFlowSender}), the
 * congestion controller of the flow ({@link SourceController}: the aggregate rate from the receiving sites'
 * feedback, seed 004 §2 steps 3–4), the local senders' demands ({@link LocalAllocation}), and how the controller's
 * grant reaches them ({@link GrantPolicy}, chosen when the flow is made: a rate split max-min fairly among them, step
 * 5, or a packet price). The meta-flow and the controller always know the same receiving sites.
 */
final class OutgoingGroup {
    /** The least part of the controller's rate that first transmissions keep while repairs take the rest. */
    static final double LEAST_DATA_SHARE = 0.125;

    final MetaFlowSender flow;
    final SourceController controller;
    final LocalAllocation allocation;
    private final ControlBlocks blocks;
    private final String site;
    private final GrantPolicy<Grant> grants;
    private List<DirectedEdge> treeEdges;
    /** The rate the senders left unused at the last tick, which pays for tail probes between ticks. */
    private double unusedBytesPerSec;

    /**
     * @param settings the node's settings (its controller included)
     * @param group the group
     * @param term the delegate's term: the flow's epoch
     * @param blocks the controller's wire blocks
     */
    OutgoingGroup(EngineSettings settings, String group, long term, ControlBlocks blocks) {
        this.site = settings.site();
        this.controller = settings.congestionControl().newSource(new SourceContext(settings.site(), group, term,
                FlowSeeds.of(settings.randomSeed(), term, settings.site(), group)));
        this.flow = new MetaFlowSender(settings.site(), group, term, settings.flow(), controller::onFirstTransmission);
        this.allocation = new LocalAllocation(group);
        this.grants = GrantPolicy.forFlow(settings.congestionControl(), group, allocation);
        this.blocks = blocks;
    }

    void addReceiver(String receiverSite, long nowNs, MetaFlowSender.Output out) {
        if (!flow.receiverSites().contains(receiverSite)) {
            flow.addReceiver(receiverSite, nowNs, out);
            controller.onReceiverAdded(receiverSite, nowNs);
        }
    }

    void removeReceiver(String receiverSite, long nowNs, MetaFlowSender.Output out) {
        flow.removeReceiver(receiverSite, out);
        controller.onReceiverRemoved(receiverSite, nowNs);
    }

    Set<String> receiverSites() {
        return flow.receiverSites();
    }

    /**
     * Appends a local member's message with the controller's current header; without receivers no packet is sent,
     * and no header is made (a controller's {@code header} only reads its state).
     */
    void append(String member, long incarnation, long memberSeq, long sentEpochMicros, byte[] payload,
                int maxFragmentBytes, long nowNs, MetaFlowSender.Output out) {
        ControlBlock header = flow.hasReceivers() ? blocks.encodeHeader(controller.header(nowNs)) : null;
        flow.append(member, incarnation, memberSeq, sentEpochMicros, payload, maxFragmentBytes, header, nowNs, out);
    }

    /**
     * An acknowledgement, with the receiving delegate's feedback if it carries any. An ack from a site that is not a
     * receiver of this flow (it timed out, or is not added yet) still passes to the meta-flow, which ignores what it
     * cannot use; the controller hears of it with no RTT and ignores its feedback.
     *
     * @return whether the ack's echoed send time was implausible (ignored, to be counted)
     */
    boolean onAck(String receiverSite, Ack ack, long nowNs, MetaFlowSender.Output out) {
        long rttSampleNs = flow.onAck(receiverSite, ack, nowNs, out);
        boolean implausible = rttSampleNs == MetaFlowSender.IMPLAUSIBLE_SAMPLE;
        if (implausible) {
            rttSampleNs = -1;
        }
        controller.onAckRtt(receiverSite, rttSampleNs, flow.smoothedRttNs(receiverSite), nowNs);
        Feedback feedback = blocks.decodeFeedback(ack.feedback());
        if (feedback != null) {
            controller.onFeedback(receiverSite, feedback, nowNs);
        }
        return implausible;
    }

    /** Feedback the receiving delegate sent on its own (ORMCC's congestion indication). */
    void onFeedback(String receiverSite, CcFeedback packet, long nowNs) {
        Feedback feedback = blocks.decodeFeedback(packet.feedback());
        if (feedback != null && flow.receiverSites().contains(receiverSite)) {
            controller.onFeedback(receiverSite, feedback, nowNs);
        }
    }

    void onNak(String receiverSite, Nak nak, long nowNs, MetaFlowSender.Output out) {
        flow.onNak(receiverSite, nak, nowNs, out);
    }

    void onDemand(Demand demand, long nowNs) {
        allocation.onDemand(demand, nowNs);
    }

    /**
     * The group's tree changed (price-based controllers: the links its packets cross).
     *
     * @param edges the tree's links from this site; compared by identity (the overlay hands out one list per plan and
     *     member set)
     */
    void updateTree(List<DirectedEdge> edges, long nowNs) {
        if (edges != treeEdges) {
            treeEdges = edges;
            controller.onTree(edges, nowNs);
        }
    }

    /**
     * @return the shares of a rate (rate-based controllers) or a price (price-based ones) for the local senders, if
     *     one is due
     * @throws IllegalStateException if the controller granted another kind than it declares
     */
    Optional<LanMessage> onTick(long term, long nowNs, MetaFlowSender.Output out) {
        flow.onTick(nowNs, out);
        controller.onTick(nowNs);
        Grant grant = controller.grant();
        unusedBytesPerSec = 0;
        if (grant instanceof RateGrant rate) { // price-based schemes grant no rate: no probes
            unusedBytesPerSec = allocation.unusedBytesPerSec(rate.aggregateBytesPerSec());
            flow.probeTail(unusedBytesPerSec, nowNs, out);
            grant = lessRepairs(rate, nowNs);
        }
        return grants.publish(grant, term, nowNs);
    }

    /**
     * Sends the tail probes due now, between ticks (the flow asked for this time,
     * {@link MetaFlowSender.Output#wakeAt}), paid from the rate the senders left unused at the last tick; the controller
     * is not asked again.
     */
    void probeTail(long nowNs, MetaFlowSender.Output out) {
        flow.probeTail(unusedBytesPerSec, nowNs, out);
    }

    /**
     * The part of the controller's rate left for first transmissions: the rate less the repairs' rate to the limiting
     * site, whose path the rate is made for, or to the receiver that takes the most while no site limits it
     * ({@link MetaFlowSender#repairBytesPerSec}), and at least {@link #LEAST_DATA_SHARE} of the rate. Repairs to the
     * other sites cross paths that carry more than the rate. Seed 004 left repairs outside the rate and named counting
     * them future work; left outside, the repairs of a slow-start overshoot come on top of a rate already at the
     * bottleneck's and keep its queue dropping (docs/congestion-control.md §3.1, "Repairs are counted in the rate").
     */
    private RateGrant lessRepairs(RateGrant rate, long nowNs) {
        double repairBytesPerSec = flow.repairBytesPerSec(rate.limitingSite(), nowNs);
        double aggregate = rate.aggregateBytesPerSec();
        if (Double.isInfinite(aggregate) || repairBytesPerSec == 0) {
            return rate;
        }
        double forData = Math.max(LEAST_DATA_SHARE * aggregate, aggregate - repairBytesPerSec);
        return new RateGrant(forData, rate.limitingSite(), rate.slowStart());
    }

    /** @return the flow's congestion state as the public API shows it */
    FlowStatus status() {
        CcSnapshot snapshot = controller.snapshot();
        List<FlowStatus.Receiver> receivers = new ArrayList<>();
        for (CcSnapshot.ReceiverState r : snapshot.receivers()) {
            receivers.add(new FlowStatus.Receiver(r.site(), r.rttNs() / 1e6, r.congestion(), r.lastFeedback()));
        }
        List<FlowStatus.Sender> senders = new ArrayList<>();
        for (LocalAllocation.SenderStatus sender : allocation.senders()) {
            senders.add(new FlowStatus.Sender(sender.member(), sender.demandBytesPerSec(), sender.grantBytesPerSec()));
        }
        return new FlowStatus(site, flow.group(), snapshot.controller(), snapshot.allowedRateBytesPerSec(),
                Optional.ofNullable(snapshot.limitingSite()), snapshot.slowStart(), snapshot.congestionMeasure(),
                receivers, senders, snapshot.extras());
    }
}
