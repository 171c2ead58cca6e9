package org.gcs.internal.engine;

import java.util.Optional;
import java.util.Set;
import org.gcs.cc.tfrc.SenderRateController;
import org.gcs.internal.flow.MetaFlowSender;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.Grant;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Nak;

/**
 * Everything a sending delegate keeps for one group: the reliable meta-flow ({@link MetaFlowSender}), the
 * aggregate rate from the receiving delegates' reports ({@link SenderRateController}, seed 004 §2 steps 3–4), and
 * its split among the local senders ({@link LocalAllocation}, step 5). The meta-flow and the rate controller
 * always know the same receiving sites.
 */
final class OutgoingGroup {
    /** Reports older than this age out at the sending delegate. */
    static final long REPORT_TIMEOUT_NS = 2_000_000_000L;

    final MetaFlowSender flow;
    final SenderRateController rate;
    final LocalAllocation allocation;

    OutgoingGroup(EngineSettings settings, String group, long term) {
        this.flow = new MetaFlowSender(settings.site(), group, term, settings.flow());
        this.rate = new SenderRateController(settings.initialRateBytesPerSec(), settings.minRateBytesPerSec(),
                REPORT_TIMEOUT_NS);
        this.allocation = new LocalAllocation(group);
    }

    void addReceiver(String site, long nowNs, MetaFlowSender.Output out) {
        if (!flow.receiverSites().contains(site)) {
            flow.addReceiver(site, nowNs, out);
            rate.addReceiver(site, nowNs);
        }
    }

    void removeReceiver(String site, MetaFlowSender.Output out) {
        flow.removeReceiver(site, out);
        rate.removeReceiver(site);
    }

    Set<String> receiverSites() {
        return flow.receiverSites();
    }

    /** An acknowledgement with the receiving delegate's rate report. */
    void onAck(String site, Ack ack, long nowNs, MetaFlowSender.Output out) {
        flow.onAck(site, ack, nowNs, out);
        double acceptable = ack.acceptableRateBytesPerSec() == Ack.UNLIMITED ? Double.POSITIVE_INFINITY
                : ack.acceptableRateBytesPerSec();
        rate.onReport(site, acceptable, ack.receiveRateBytesPerSec(), flow.smoothedRttNs(site), nowNs);
    }

    void onNak(String site, Nak nak, long nowNs, MetaFlowSender.Output out) {
        flow.onNak(site, nak, nowNs, out);
    }

    void onDemand(Demand demand, long nowNs) {
        allocation.onDemand(demand, nowNs);
    }

    /** @return a grant for the local senders, if one is due */
    Optional<Grant> onTick(long term, long nowNs, MetaFlowSender.Output out) {
        flow.onTick(nowNs, out);
        rate.onTick(nowNs);
        return allocation.grantDue(rate.allowedRateBytesPerSec(), rate.limitingSite().orElse(null), term, nowNs);
    }
}
