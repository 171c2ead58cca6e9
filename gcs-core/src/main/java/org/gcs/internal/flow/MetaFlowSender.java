package org.gcs.internal.flow;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.gcs.cc.rtt.RttEstimator;
import org.gcs.internal.wire.ControlBlock;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;
import org.gcs.WireCost;

/**
 * The sending delegate's side of one meta-flow (this site, one group), sans-IO.
 *
 * <p>It numbers the site's messages to the group (one sequence number per fragment), keeps every packet in a
 * retransmit buffer until all receiving delegates acknowledged it, repairs what receivers NAK, and probes
 * receivers whose acknowledgements lag (a lost tail is otherwise invisible). When the flow falls idle, it sends its
 * last packet once more to the receivers that have not acknowledged it ({@link #probeTail}), so that a lost last
 * packet is repaired a fraction of an RTT after it was due, not when later data reveals it. It measures the RTT to each
 * receiver from acknowledgement echoes as in seed 004, Fig. 3: {@code rtt = t4 − t1 − (t3 − t2)}.
 *
 * <p>The buffer is bounded by the members' send windows: a member may not have more than its window of
 * unstable bytes, and a message leaves the buffer exactly when it becomes stable (see {@link Output#stable}).
 *
 * <p>A receiver joins the flow at a start sequence number told to it with a {@link Sync}; until it acknowledges
 * that point it counts as acknowledged up to {@code start − 1}.
 */
public final class MetaFlowSender {
    /** The largest RTT sample believed (60 s); a larger one comes from a stale or forged echo and is ignored. */
    public static final long MAX_PLAUSIBLE_RTT_NS = 60_000_000_000L;
    /** What {@link #onAck} returns for an implausible echo. */
    public static final long IMPLAUSIBLE_SAMPLE = -2;

    /** What the sender asks its driver to do. */
    public interface Output {
        /** Send a data packet (a repair) to a receiving site's delegate. */
        void transmit(String receiverSite, Data packet);

        /**
         * Send a data packet's first transmission to every receiver. By default one unicast per receiver, with
         * that receiver's smoothed RTT in the packet; a delegate on a multicast tree sends it along the tree.
         *
         * @param packet the packet (no per-receiver RTT)
         * @param receiverSrttNs the receivers and their smoothed RTTs
         */
        default void multicast(Data packet, ReceiverRtts receiverSrttNs) {
            receiverSrttNs.forEach((site, srttNs) -> transmit(site, packet.forReceiver(site, srttNs, false)));
        }

        /** Send a sync to a receiving site's delegate. */
        void sync(String receiverSite, Sync sync);

        /** Everything {@code originMember} sent to {@code group} up to {@code memberSeq} is stable. */
        void stable(String group, String originMember, long originIncarnation, long memberSeq);

        /**
         * Call {@link #probeTail} at or soon after {@code dueNs}: a tail probe is due then ({@link
         * #nextTailProbeDueNs}). A driver with a deadline timer honours it; one that ignores it (the default) probes
         * on its ticks, up to a tick later.
         *
         * @param dueNs when the next tail probe is due, on the caller's {@code nowNs} clock
         */
        default void wakeAt(long dueNs) {
        }
    }

    private final String srcSite;
    private final String group;
    private final long epoch;
    private final FlowSettings settings;
    private final SequenceRing<Data> buffer;
    private final Map<String, ReceivingSite> receivers = new LinkedHashMap<>();
    private final FirstTransmissions firstTransmissions;
    /** The receivers and their smoothed RTTs, read in place by {@link Output#multicast}. */
    private final ReceiverRtts receiverRtts = each -> {
        for (ReceivingSite r : receivers.values()) {
            each.accept(r.site, r.rtt.smoothedNs());
        }
    };
    private long nextSeq = 1;
    private java.util.Iterator<ReceivingSite> rttRotation;
    private long packetsSent;
    private long retransmits;
    private long tailProbes;
    private long lastAppendNs;

    /** Told about every packet the flow numbers (its first transmission), e.g. a congestion controller. */
    @FunctionalInterface
    public interface FirstTransmissions {
        /** Ignores every packet. */
        FirstTransmissions NONE = (seq, wireBytes, nowNs) -> {
        };

        /**
         * @param seq the packet's flow sequence number
         * @param wireBytes its size on the wire ({@link WireCost})
         * @param nowNs the current time
         */
        void onFirstTransmission(long seq, int wireBytes, long nowNs);
    }

    /**
     * @param srcSite this site
     * @param group the group
     * @param epoch the term of this delegate
     * @param settings timers and limits
     */
    public MetaFlowSender(String srcSite, String group, long epoch, FlowSettings settings) {
        this(srcSite, group, epoch, settings, FirstTransmissions.NONE);
    }

    /**
     * @param srcSite this site
     * @param group the group
     * @param epoch the term of this delegate
     * @param settings timers and limits
     * @param firstTransmissions told about every packet the flow numbers
     */
    public MetaFlowSender(String srcSite, String group, long epoch, FlowSettings settings,
                          FirstTransmissions firstTransmissions) {
        this.srcSite = srcSite;
        this.group = group;
        this.epoch = epoch;
        this.settings = settings;
        this.buffer = new SequenceRing<>(1, 256);
        this.firstTransmissions = firstTransmissions;
    }

    /**
     * Appends a message to the flow, fragmenting it, and transmits it to every receiver.
     *
     * @param maxFragmentBytes payload bytes per fragment
     * @return the flow sequence number of the message's last fragment
     */
    public long append(String originMember, long originIncarnation, long memberSeq, long sentEpochMicros,
                       byte[] payload, int maxFragmentBytes, long nowNs, Output out) {
        return append(originMember, originIncarnation, memberSeq, sentEpochMicros, payload, maxFragmentBytes, null,
                nowNs, out);
    }

    /**
     * Appends a message to the flow, fragmenting it, and transmits it to every receiver.
     *
     * @param maxFragmentBytes payload bytes per fragment
     * @param header the congestion controller's header block for these packets, or null
     * @return the flow sequence number of the message's last fragment
     */
    public long append(String originMember, long originIncarnation, long memberSeq, long sentEpochMicros,
                       byte[] payload, int maxFragmentBytes, ControlBlock header, long nowNs, Output out) {
        int fragCount = Math.max(1, (payload.length + maxFragmentBytes - 1) / maxFragmentBytes);
        if (fragCount > 0xffff) {
            throw new IllegalArgumentException("message of " + payload.length + " bytes needs " + fragCount
                    + " fragments; at most 65535 are allowed");
        }
        if (receivers.isEmpty()) {
            return appendUnreceived(originMember, originIncarnation, memberSeq, payload.length, maxFragmentBytes,
                    fragCount, nowNs, out);
        }
        for (int i = 0; i < fragCount; i++) {
            int from = i * maxFragmentBytes;
            int to = Math.min(payload.length, from + maxFragmentBytes);
            byte[] part = fragCount == 1 ? payload : java.util.Arrays.copyOfRange(payload, from, to);
            ReceivingSite rttReceiver = nextRttReceiver();
            Data packet = new Data(srcSite, group, epoch, nextSeq, originMember, originIncarnation, memberSeq, i,
                    fragCount, nowNs, rttReceiver == null ? 0 : rttReceiver.rtt.smoothedNs(), sentEpochMicros, false,
                    part, 0, rttReceiver == null ? "" : rttReceiver.site, header);
            buffer.put(nextSeq, packet);
            firstTransmissions.onFirstTransmission(nextSeq, WireCost.datagramBytes(part.length), nowNs);
            nextSeq++;
            lastAppendNs = nowNs;
            out.multicast(packet, receiverRtts);
            packetsSent += receivers.size();
        }
        requestWake(nowNs, out);
        releaseStable(out);
        return nextSeq - 1;
    }

    /**
     * A message no site receives (a site alone in its group): numbered and told to the controller as any other, but no
     * packet is built or kept, since a receiver added later starts after it ({@link #addReceiver}); stable at once.
     */
    private long appendUnreceived(String originMember, long originIncarnation, long memberSeq, int payloadBytes,
                                  int maxFragmentBytes, int fragCount, long nowNs, Output out) {
        for (int i = 0; i < fragCount; i++) {
            int partBytes = Math.min(payloadBytes, (i + 1) * maxFragmentBytes) - i * maxFragmentBytes;
            firstTransmissions.onFirstTransmission(nextSeq, WireCost.datagramBytes(partBytes), nowNs);
            nextSeq++;
        }
        lastAppendNs = nowNs;
        buffer.advanceTo(nextSeq); // empty: removeReceiver released what the last receiver left
        out.stable(group, originMember, originIncarnation, memberSeq);
        return nextSeq - 1;
    }

    /** @return the receiver whose RTT the next packet carries (receivers in turn), or null without receivers */
    private ReceivingSite nextRttReceiver() {
        if (receivers.isEmpty()) {
            return null;
        }
        if (rttRotation == null || !rttRotation.hasNext()) {
            rttRotation = receivers.values().iterator();
        }
        return rttRotation.next();
    }

    /** Adds a receiving site; it receives the flow from the next message on. */
    public void addReceiver(String site, long nowNs, Output out) {
        if (receivers.containsKey(site)) {
            return;
        }
        ReceivingSite r = new ReceivingSite(site, nextSeq, new RttEstimator(settings.initialRttNs()), nowNs);
        receivers.put(site, r);
        rttRotation = null;
        sendSync(r, nowNs, out);
    }

    /** Removes a receiving site (it left the group or went silent); may make messages stable. */
    public void removeReceiver(String site, Output out) {
        if (receivers.remove(site) != null) {
            rttRotation = null;
            releaseStable(out);
        }
    }

    /**
     * A receiving site elected a new delegate: continue its part of the flow after what the old one
     * acknowledged.
     */
    public void resyncReceiver(String site, long nowNs, Output out) {
        ReceivingSite r = receivers.get(site);
        if (r == null) {
            return;
        }
        r.startSeq = Math.max(r.startSeq, r.ackedSeq + 1);
        r.synced = false;
        r.rtt = new RttEstimator(settings.initialRttNs());
        sendSync(r, nowNs, out);
    }

    /**
     * Handles an acknowledgement from a receiving site.
     *
     * <p>An echoed send time in the future, or one that gives a sample above {@link #MAX_PLAUSIBLE_RTT_NS}, is
     * ignored (a replayed or forged ack, or a bug): it never reaches the RTT estimator.
     *
     * @return the RTT sample it gave (seed 004 Fig. 3: t4 − t1 − (t3 − t2)), -1 if none, or
     *     {@link #IMPLAUSIBLE_SAMPLE} if the echo was implausible and ignored
     */
    public long onAck(String site, Ack ack, long nowNs, Output out) {
        ReceivingSite r = receivers.get(site);
        if (r == null) {
            return -1;
        }
        long sampleNs = -1;
        if (ack.echoSendTimeNs() != 0) {
            long candidate = nowNs - ack.echoSendTimeNs() - ack.holdNs();
            if (!isPlausibleRtt(ack.echoSendTimeNs(), candidate, nowNs)) {
                sampleNs = IMPLAUSIBLE_SAMPLE;
            } else if (r.rtt.onSample(candidate)) {
                sampleNs = candidate;
            }
        }
        long cumulative = Math.min(ack.cumulativeSeq(), nextSeq - 1);
        if (cumulative >= r.startSeq - 1) {
            r.synced = true;
        }
        if (cumulative > r.ackedSeq) {
            r.ackedSeq = cumulative;
            r.lastProgressNs = nowNs;
            releaseStable(out);
        }
        return sampleNs;
    }

    /**
     * @return whether an echoed send time and the sample it gives are plausible: the echo not in the future, the
     *     sample at most {@link #MAX_PLAUSIBLE_RTT_NS}
     */
    public static boolean isPlausibleRtt(long echoSendTimeNs, long sampleNs, long nowNs) {
        return nowNs - echoSendTimeNs >= 0 && sampleNs <= MAX_PLAUSIBLE_RTT_NS;
    }

    /** Retransmits what a receiving site reports missing (still in the buffer). */
    public void onNak(String site, Nak nak, long nowNs, Output out) {
        ReceivingSite r = receivers.get(site);
        if (r == null) {
            return;
        }
        long[] ranges = nak.ranges();
        int budget = settings.maxRetransmitsPerNak();
        for (int i = 0; i < ranges.length && budget > 0; i += 2) {
            long from = Math.max(ranges[i], Math.max(buffer.base(), r.startSeq));
            long to = Math.min(ranges[i + 1], nextSeq - 1);
            for (long seq = from; seq <= to && budget > 0; seq++) {
                Data packet = buffer.get(seq);
                if (packet != null) {
                    out.transmit(site, packet.forReceiver(site, r.rtt.smoothedNs(), true));
                    int wireBytes = WireCost.datagramBytes(packet.payload().length);
                    r.tailProbe.onRepair(wireBytes);
                    r.repairRate.add(wireBytes, nowNs, r.rtt.smoothedNs());
                    retransmits++;
                    budget--;
                }
            }
        }
    }

    /** Retries syncs and probes receivers whose acknowledgements lag behind. */
    public void onTick(long nowNs, Output out) {
        for (ReceivingSite r : receivers.values()) {
            long interval = settings.repairIntervalNs(r.rtt.smoothedNs());
            if (nowNs - r.lastSyncNs < interval) {
                continue;
            }
            boolean lagging = r.ackedSeq < nextSeq - 1
                    && nowNs - waitingSinceNs(r) >= settings.lagSyncIntervalNs(r.rtt.smoothedNs());
            if (!r.synced || lagging) {
                sendSync(r, nowNs, out);
            }
        }
    }

    /**
     * Sends the flow's last packet again, up to {@link TailProbe#PER_PACKET} times, to every synced receiver that
     * has not acknowledged it: the first probe when the flow has been idle since that packet for
     * {@link FlowSettings#tailProbeDelayNs}, the second half that delay after the first, each only if the flow is
     * still idle and the rate the flow's senders leave unused has paid for it ({@link ProbeCredit}, which repairs
     * drain too). The copy is a repair (retransmit flag set): a receiver that holds the packet counts a duplicate; one
     * that lost it has it a fraction of an RTT later instead of after the next data or a lag sync; one that lost
     * earlier packets too sees the gap and NAKs it. Probes are counted in {@link #retransmits()} and in
     * {@link #tailProbes()}.
     *
     * @param unusedBytesPerSec the part of the flow's allowed rate its senders leave unused (the controller's
     *     aggregate less the senders' requests); 0 or less sends no probes: a flow limited by its rate has its next
     *     datagram coming
     */
    public void probeTail(double unusedBytesPerSec, long nowNs, Output out) {
        long lastSeq = nextSeq - 1;
        Data last = buffer.get(lastSeq);
        if (last == null) {
            return; // nothing sent yet, or everything acknowledged by all
        }
        int wireBytes = WireCost.datagramBytes(last.payload().length);
        double fillBytesPerSec = unusedBytesPerSec > 0 ? unusedBytesPerSec : 0;
        for (ReceivingSite r : receivers.values()) {
            r.tailProbe.accrue(fillBytesPerSec, nowNs, wireBytes);
            long delayNs = settings.tailProbeDelayNs(r.rtt.smoothedNs());
            if (fillBytesPerSec == 0 || !r.awaitsTailProbe(lastSeq, delayNs)
                    || nowNs < r.tailProbe.dueNs(lastSeq, lastAppendNs, delayNs) || !r.tailProbe.paidFor(wireBytes)) {
                continue;
            }
            r.tailProbe.onProbe(lastSeq, nowNs, wireBytes);
            out.transmit(r.site, last.forReceiver(r.site, r.rtt.smoothedNs(), true));
            retransmits++;
            tailProbes++;
        }
        requestWake(nowNs, out);
    }

    /**
     * @return when the next tail probe of the flow's last packet is due at some receiver ({@link #probeTail}), or
     *     {@link Long#MAX_VALUE} if none is awaited (everything acknowledged, probes spent, or probes off). Whether it
     *     then goes depends on the probe credit as well.
     */
    public long nextTailProbeDueNs() {
        long lastSeq = nextSeq - 1;
        if (buffer.get(lastSeq) == null) {
            return Long.MAX_VALUE;
        }
        long dueNs = Long.MAX_VALUE;
        for (ReceivingSite r : receivers.values()) {
            long delayNs = settings.tailProbeDelayNs(r.rtt.smoothedNs());
            if (r.awaitsTailProbe(lastSeq, delayNs)) {
                dueNs = Math.min(dueNs, r.tailProbe.dueNs(lastSeq, lastAppendNs, delayNs));
            }
        }
        return dueNs;
    }

    /**
     * Asks the driver to run {@link #probeTail} when the next tail probe is due, if one is awaited later than now. A
     * probe due now that did not go (its credit did not cover it yet) is left to the ticks, which accrue the credit:
     * asking for a wake-up now would run this again at once, for ever.
     */
    private void requestWake(long nowNs, Output out) {
        long dueNs = nextTailProbeDueNs();
        if (dueNs != Long.MAX_VALUE && dueNs > nowNs) {
            out.wakeAt(dueNs);
        }
    }

    /** @return since when the receiver's oldest unacknowledged packet has been waiting */
    private long waitingSinceNs(ReceivingSite r) {
        Data oldest = buffer.get(r.ackedSeq + 1);
        return oldest == null ? r.lastProgressNs : Math.max(r.lastProgressNs, oldest.sendTimeNs());
    }

    /**
     * Tells a receiver where its part starts: after what it acknowledged. A receiver that kept its state ignores a
     * start below its own position; one that lost it (it timed this site out during a partition and the link came
     * back before this side timed it out) starts after its last acknowledgement instead of waiting for packets
     * released long ago.
     */
    private void sendSync(ReceivingSite r, long nowNs, Output out) {
        r.lastSyncNs = nowNs;
        long start = Math.max(r.startSeq, r.ackedSeq + 1);
        out.sync(r.site, new Sync(srcSite, group, epoch, start, Math.max(start - 1, nextSeq - 1)));
    }

    private void releaseStable(Output out) {
        long stable = nextSeq - 1;
        for (ReceivingSite r : receivers.values()) {
            stable = Math.min(stable, Math.max(r.ackedSeq, r.startSeq - 1));
        }
        for (long seq = buffer.base(); seq <= stable; seq++) {
            Data packet = buffer.get(seq);
            if (packet != null && packet.lastFragment()) {
                out.stable(group, packet.originMember(), packet.originIncarnation(), packet.memberSeq());
            }
        }
        buffer.advanceTo(stable + 1);
    }

    /** @return the group of this flow */
    public String group() {
        return group;
    }

    /** @return the epoch (delegate term) of this flow */
    public long epoch() {
        return epoch;
    }

    /** @return true if some site receives the flow */
    public boolean hasReceivers() {
        return !receivers.isEmpty();
    }

    /** @return the receiving sites */
    public Set<String> receiverSites() {
        return Collections.unmodifiableSet(receivers.keySet());
    }

    /** @return the smoothed RTT to a receiver, or -1 if it is not a receiver */
    public long smoothedRttNs(String site) {
        ReceivingSite r = receivers.get(site);
        return r == null ? -1 : r.rtt.smoothedNs();
    }

    /** @return packets waiting for acknowledgement */
    public int bufferedPackets() {
        return buffer.size();
    }

    /** @return the highest sequence number assigned so far */
    public long highestSeq() {
        return nextSeq - 1;
    }

    /** @return first transmissions so far (one per packet per receiver) */
    public long packetsSent() {
        return packetsSent;
    }

    /** @return retransmissions so far (repairs of NAKs and tail probes) */
    public long retransmits() {
        return retransmits;
    }

    /**
     * The rate of the repairs that NAKs asked for, to one receiver ({@link RepairRate}: decayed with its smoothed
     * RTT), or to the receiver that takes the most; tail probes are not counted, they only spend what the senders
     * leave unused.
     *
     * @param site the receiving site, or null for the receiver that takes the most
     * @return bytes on the wire per second; 0 for an unknown site or without receivers
     */
    public double repairBytesPerSec(String site, long nowNs) {
        if (site != null) {
            ReceivingSite r = receivers.get(site);
            return r == null ? 0 : r.repairRate.bytesPerSec(nowNs, r.rtt.smoothedNs());
        }
        double most = 0;
        for (ReceivingSite r : receivers.values()) {
            most = Math.max(most, r.repairRate.bytesPerSec(nowNs, r.rtt.smoothedNs()));
        }
        return most;
    }

    /** @return tail probes so far ({@link #probeTail}) */
    public long tailProbes() {
        return tailProbes;
    }
}
