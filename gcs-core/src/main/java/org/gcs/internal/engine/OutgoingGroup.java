package org.gcs.internal.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gcs.cc.tfrc.OscillationDamper;
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
    private final Map<String, OscillationDamper> dampers = new HashMap<>();
    private final double minRateBytesPerSec;

    OutgoingGroup(EngineSettings settings, String group, long term) {
        this.flow = new MetaFlowSender(settings.site(), group, term, settings.flow());
        this.rate = new SenderRateController(settings.initialRateBytesPerSec(), settings.minRateBytesPerSec(),
                REPORT_TIMEOUT_NS);
        this.allocation = new LocalAllocation(group);
        this.minRateBytesPerSec = settings.minRateBytesPerSec();
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
        dampers.remove(site);
    }

    /**
     * The rate the local senders share: the controller's aggregate scaled by the limiting site's oscillation damper
     * (RFC 5348 §4.5; {@link OscillationDamper}). In slow start, or with no limiting site, the aggregate as is.
     *
     * @return bytes per second, +∞ if unlimited
     */
    double allowedRateBytesPerSec() {
        double allowed = rate.allowedRateBytesPerSec();
        if (rate.inSlowStart()) {
            return allowed;
        }
        OscillationDamper damper = rate.limitingSite().map(dampers::get).orElse(null);
        return damper == null ? allowed : Math.max(minRateBytesPerSec, damper.instantaneousRate(allowed));
    }

    Set<String> receiverSites() {
        return flow.receiverSites();
    }

    /**
     * An acknowledgement with the receiving delegate's rate report. An ack from a site that is not a receiver of
     * this flow (it timed out, or is not added yet) still passes to the meta-flow, which ignores what it cannot
     * use; its rate report is dropped.
     */
    void onAck(String site, Ack ack, long nowNs, MetaFlowSender.Output out) {
        long rttSampleNs = flow.onAck(site, ack, nowNs, out);
        if (rttSampleNs > 0) {
            dampers.computeIfAbsent(site, s -> new OscillationDamper())
                    .onRttSample(rttSampleNs, flow.smoothedRttNs(site), nowNs);
        }
        double acceptable = ack.acceptableRateBytesPerSec() == Ack.UNLIMITED ? Double.POSITIVE_INFINITY
                : ack.acceptableRateBytesPerSec();
        long rttNs = flow.smoothedRttNs(site);
        if (rttNs > 0) { // no RTT: the site is not (or no longer) a receiver of this flow; its report is stale
            rate.onReport(site, acceptable, ack.receiveRateBytesPerSec(), rttNs, nowNs);
        }
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
        return allocation.grantDue(allowedRateBytesPerSec(), rate.limitingSite().orElse(null), term, nowNs);
    }
}
