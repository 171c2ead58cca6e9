package org.gcs.internal.flow;

import org.gcs.cc.rtt.RttEstimator;

/**
 * What a flow's sender knows of one receiving site ({@link MetaFlowSender}): where its part of the flow starts, what
 * it acknowledged, whether it is synced, the RTT to it, its tail probes and the rate of the repairs it asked for.
 */
final class ReceivingSite {
    final String site;
    long startSeq;
    long ackedSeq;
    boolean synced;
    long lastSyncNs;
    long lastProgressNs;
    RttEstimator rtt;
    final TailProbe tailProbe;
    final RepairRate repairRate;

    /**
     * @param startSeq the first sequence number of its part of the flow
     * @param nowNs when it joined
     */
    ReceivingSite(String site, long startSeq, RttEstimator rtt, long nowNs) {
        this.site = site;
        this.startSeq = startSeq;
        this.ackedSeq = startSeq - 1;
        this.rtt = rtt;
        this.lastProgressNs = nowNs;
        this.tailProbe = new TailProbe(nowNs);
        this.repairRate = new RepairRate(nowNs);
    }

    /**
     * @param delayNs the probe delay to it ({@link FlowSettings#tailProbeDelayNs}; {@link Long#MAX_VALUE}: probes off)
     * @return true if it should get a tail probe of packet {@code lastSeq} in time: synced, the packet in its part and
     *     not acknowledged, probes left
     */
    boolean awaitsTailProbe(long lastSeq, long delayNs) {
        return synced && ackedSeq < lastSeq && lastSeq >= startSeq && tailProbe.hasProbesLeft(lastSeq)
                && delayNs != Long.MAX_VALUE;
    }
}
