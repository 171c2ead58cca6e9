package org.gcs.internal.flow;

import java.util.Map;
import java.util.TreeMap;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.CcFeedback;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;
import org.gcs.WireCost;

/**
 * The receiving delegate's side of one meta-flow (a sending site, one group, one epoch), sans-IO.
 *
 * <p>It waits for the sender's {@link Sync} to learn where its part of the flow starts, detects gaps in the
 * sequence numbers, NAKs them (repeating every 1.5 RTT until repaired), drops duplicates, reassembles
 * fragments, and releases complete messages strictly in flow order, which keeps every sender's messages in
 * FIFO order. It acknowledges cumulatively what it released (and, with {@link #limitAcknowledgementTo}, what its
 * site's members hold of that), echoing the send time of the latest
 * first-transmission packet and how long it held it (seed 004, Fig. 3: t2 arrival, t3 ack).
 *
 * <p>While {@link #setPaused paused} (the site cannot take more) it keeps buffering but releases and
 * acknowledges nothing, so the sender's window fills and its members block: back-pressure across the WAN.
 *
 * <p>Congestion control is its {@link ReceiverMonitor}'s business: the monitor sees every new first transmission,
 * the sender's header fields ({@link ControlBlocks}) and RTT, and its feedback goes out on the acknowledgements
 * (TFRC's report; an urgent one, such as a new loss event, makes the next tick send an acknowledgement at once) or
 * in feedback packets of its own when its deadline comes (ORMCC's congestion indications), checked after every
 * arrival and on every tick.
 */
public final class MetaFlowReceiver {

    /** What the receiver asks its driver to do. */
    public interface Output {
        /** A complete message, in flow order; {@code first} is its first fragment (origin fields). */
        void deliver(Data first, byte[] payload);

        /** Send an acknowledgement to the sending delegate. */
        void ack(Ack ack);

        /** Send a NAK to the sending delegate. */
        void nak(Nak nak);

        /** Send congestion feedback to the sending delegate, apart from an acknowledgement. */
        void feedback(CcFeedback feedback);
    }

    private final String srcSite;
    private final String group;
    private final long epoch;
    private final String receiverSite;
    private final FlowSettings settings;
    /** Packets that arrived before the sync told us where our part starts. */
    private final TreeMap<Long, Data> preSync = new TreeMap<>();
    private SequenceRing<Data> buffer = new SequenceRing<>(1, 256);
    /** Missing sequence numbers and when to NAK each next. */
    private final TreeMap<Long, Long> missing = new TreeMap<>();
    private boolean synced;
    private boolean paused;
    private long nextSeq = 1;
    private long highestSeen;
    private long srttNs;
    private boolean srttFromSender;
    private long echoSendTimeNs;
    private long echoArrivalNs;
    private boolean ackDue;
    /** The site holds every released message up to here; acknowledgements never go further. */
    private long ackLimitSeq = Long.MAX_VALUE;
    private long lastAckedSeq;
    private long lastAckNs = Long.MIN_VALUE / 2;
    private long duplicates;
    private long naksSent;
    private long overflowDrops;
    private final ReceiverMonitor monitor;
    private final ControlBlocks blocks;

    /**
     * @param srcSite the sending site
     * @param group the group
     * @param epoch the flow's epoch (sending delegate's term)
     * @param receiverSite this receiving site (it takes the sender's RTT from packets that name it)
     * @param settings timers and limits
     * @param monitor the congestion controller's monitor of this flow
     * @param blocks the controller's wire blocks
     */
    public MetaFlowReceiver(String srcSite, String group, long epoch, String receiverSite, FlowSettings settings,
                            ReceiverMonitor monitor, ControlBlocks blocks) {
        this.srcSite = srcSite;
        this.group = group;
        this.epoch = epoch;
        this.receiverSite = receiverSite;
        this.settings = settings;
        this.srttNs = settings.initialRttNs();
        this.monitor = monitor;
        this.blocks = blocks;
    }

    /** Handles a data packet of this flow's epoch. */
    public void onData(Data packet, long nowNs, Output out) {
        long senderSrttNs = packet.srttNsFor(receiverSite);
        if (senderSrttNs > 0) {
            srttNs = senderSrttNs;
            srttFromSender = true;
            monitor.onSenderRtt(srttNs, nowNs);
        }
        if (!packet.retransmit()) {
            echoSendTimeNs = packet.sendTimeNs();
            echoArrivalNs = nowNs;
            ControlHeader header = blocks.decodeHeader(packet.control());
            if (header != null) {
                monitor.onHeader(header, nowNs); // repairs carry the header of their first transmission: stale
            }
        }
        long seq = packet.seq();
        if (!synced) {
            if (preSync.size() < settings.maxReorderPackets()) {
                preSync.putIfAbsent(seq, packet);
            } else {
                overflowDrops++;
            }
            return;
        }
        ackDue = true;
        if (seq < nextSeq || buffer.contains(seq)) {
            duplicates++;
            return;
        }
        if (seq - nextSeq >= settings.maxReorderPackets()) {
            overflowDrops++;
            return;
        }
        if (!packet.retransmit()) {
            // the monitor keeps its own order: it ignores late packets itself
            monitor.onFirstTransmission(seq, packet.sendTimeNs(), WireCost.datagramBytes(packet.payload().length),
                    nowNs);
        }
        buffer.put(seq, packet);
        missing.remove(seq);
        markMissingUpTo(seq - 1, nowNs);
        highestSeen = Math.max(highestSeen, seq);
        drain(out);
        sendDueFeedback(nowNs, out);
    }

    /** Sends the monitor's feedback packet if its deadline has come. */
    private void sendDueFeedback(long nowNs, Output out) {
        if (monitor.nextFeedbackDueNs() > nowNs) {
            return;
        }
        Feedback feedback = monitor.pollFeedback(nowNs);
        if (feedback != null) {
            out.feedback(new CcFeedback(srcSite, group, epoch, blocks.encodeFeedback(feedback)));
        }
    }

    /** Handles the sender's sync: the start of this receiver's part, and the highest number sent. */
    public void onSync(Sync sync, long nowNs, Output out) {
        if (!synced) {
            synced = true;
            nextSeq = sync.startSeq();
            highestSeen = nextSeq - 1;
            buffer = new SequenceRing<>(nextSeq, 256);
            for (Data packet : preSync.tailMap(nextSeq).values()) {
                if (packet.seq() - nextSeq < settings.maxReorderPackets()) {
                    markMissingUpTo(packet.seq() - 1, nowNs);
                    buffer.put(packet.seq(), packet);
                    highestSeen = Math.max(highestSeen, packet.seq());
                }
            }
            preSync.clear();
        } else if (sync.startSeq() > nextSeq) {
            // the sender restarted our part later (we were removed and re-added): skip what is not ours
            nextSeq = sync.startSeq();
            buffer.advanceTo(nextSeq);
            missing.headMap(nextSeq).clear();
            highestSeen = Math.max(highestSeen, nextSeq - 1);
        }
        // a sync travels straight from the sender and may overtake data still on the (longer) tree path:
        // what it reveals is NAKed only after a full RTT, or after the lag-sync floor on the hop-by-hop transport,
        // whose links hold packets back by design
        markMissingUpTo(sync.highestSeq(), nowNs, Math.max(srttNs, settings.lagSyncFloorNs()));
        ackDue = true;
        drain(out);
    }

    private void markMissingUpTo(long top, long nowNs) {
        markMissingUpTo(top, nowNs, settings.reorderGraceNs(srttNs));
    }

    private void markMissingUpTo(long top, long nowNs, long graceNs) {
        long limit = Math.min(top, nextSeq + settings.maxReorderPackets() - 1);
        long firstNakNs = nowNs + graceNs;
        for (long s = Math.max(highestSeen + 1, nextSeq); s <= limit; s++) {
            if (!buffer.contains(s)) {
                missing.putIfAbsent(s, firstNakNs);
            }
        }
        highestSeen = Math.max(highestSeen, limit);
    }

    /**
     * An RTT estimate to the sending delegate from elsewhere (the overlay's probes), used for repair timers
     * until the sender's own estimate arrives on a packet (packets forwarded along a tree carry none).
     */
    public void onRttHint(long rttNs, long nowNs) {
        if (!srttFromSender && rttNs > 0) {
            srttNs = rttNs;
            monitor.onSenderRtt(rttNs, nowNs);
        }
    }

    /**
     * Limits acknowledgements to what the receiving site holds: a message released to the site's members is
     * acknowledged once every member has it, so that the sending site keeps it until the receiving site can no
     * longer lose it with its delegate (architecture §7). Without a call, everything released is acknowledged.
     *
     * @param heldThroughSeq the highest sequence number up to which the site holds every released message
     */
    public void limitAcknowledgementTo(long heldThroughSeq) {
        ackLimitSeq = heldThroughSeq;
        if (Math.min(nextSeq - 1, ackLimitSeq) > lastAckedSeq) {
            ackDue = true;
        }
    }

    /** Sends due NAKs, acknowledgements (with the monitor's feedback) and the monitor's own feedback. */
    public void onTick(long nowNs, Output out) {
        sendDueFeedback(nowNs, out);
        if (!synced) {
            return;
        }
        sendDueNaks(nowNs, out);
        if ((ackDue && nowNs - lastAckNs >= settings.ackIntervalNs()) || monitor.ackUrgent()) {
            ackDue = false;
            lastAckNs = nowNs;
            long hold = echoSendTimeNs == 0 ? 0 : nowNs - echoArrivalNs;
            Feedback feedback = monitor.onAck(nowNs);
            lastAckedSeq = Math.min(nextSeq - 1, ackLimitSeq);
            out.ack(new Ack(srcSite, group, epoch, lastAckedSeq, echoSendTimeNs, hold, blocks.encodeFeedback(feedback)));
        }
    }

    /** @return the congestion controller's monitor of this flow */
    public ReceiverMonitor monitor() {
        return monitor;
    }

    private void sendDueNaks(long nowNs, Output out) {
        if (missing.isEmpty() || !settings.endToEndRepair()) {
            return;
        }
        long retryNs = settings.repairIntervalNs(srttNs);
        long[] ranges = new long[2 * Nak.MAX_RANGES];
        int count = 0;
        long from = -1;
        long to = -1;
        for (Map.Entry<Long, Long> e : missing.entrySet()) {
            if (e.getValue() > nowNs) {
                continue;
            }
            long seq = e.getKey();
            if (from >= 0 && seq == to + 1) {
                to = seq;
            } else {
                if (from >= 0) {
                    ranges[2 * count] = from;
                    ranges[2 * count + 1] = to;
                    count++;
                }
                if (count == Nak.MAX_RANGES) {
                    break; // this one waits for the next NAK; its timer is untouched
                }
                from = seq;
                to = seq;
            }
            e.setValue(nowNs + retryNs);
        }
        if (from >= 0 && count < Nak.MAX_RANGES) {
            ranges[2 * count] = from;
            ranges[2 * count + 1] = to;
            count++;
        }
        if (count > 0) {
            naksSent++;
            out.nak(new Nak(srcSite, group, epoch, java.util.Arrays.copyOf(ranges, 2 * count)));
        }
    }

    /**
     * Pauses or resumes releasing messages (back-pressure from the site).
     *
     * @param paused true to hold messages back
     */
    public void setPaused(boolean paused, Output out) {
        this.paused = paused;
        if (!paused) {
            drain(out);
        }
    }

    private void drain(Output out) {
        if (!synced || paused) {
            return;
        }
        while (true) {
            Data first = buffer.get(nextSeq);
            if (first == null) {
                return;
            }
            int count = first.fragCount();
            if (first.fragIndex() != 0) {
                // cannot happen with a correct sender (a flow starts on a message boundary): skip the orphan
                buffer.advanceTo(++nextSeq);
                ackDue = true;
                continue;
            }
            if (count == 1) {
                buffer.advanceTo(++nextSeq);
                ackDue = true;
                out.deliver(first, first.payload());
                continue;
            }
            for (long s = nextSeq + 1; s < nextSeq + count; s++) {
                if (!buffer.contains(s)) {
                    return;
                }
            }
            int length = 0;
            for (long s = nextSeq; s < nextSeq + count; s++) {
                length += buffer.get(s).payload().length;
            }
            byte[] whole = new byte[length];
            int at = 0;
            for (long s = nextSeq; s < nextSeq + count; s++) {
                byte[] part = buffer.get(s).payload();
                System.arraycopy(part, 0, whole, at, part.length);
                at += part.length;
            }
            nextSeq += count;
            buffer.advanceTo(nextSeq);
            ackDue = true;
            out.deliver(first, whole);
        }
    }

    /** @return the flow's epoch */
    public long epoch() {
        return epoch;
    }

    /** @return true once the sender's sync arrived */
    public boolean synced() {
        return synced;
    }

    /** @return the next sequence number to release */
    public long nextSeq() {
        return nextSeq;
    }

    /** @return sequence numbers currently missing */
    public int missingCount() {
        return missing.size();
    }

    /** @return packets buffered (received but not yet released) */
    public int bufferedPackets() {
        return buffer.size() + preSync.size();
    }

    /** @return duplicates received and dropped */
    public long duplicates() {
        return duplicates;
    }

    /** @return NAK packets sent */
    public long naksSent() {
        return naksSent;
    }

    /** @return packets dropped because they were too far ahead */
    public long overflowDrops() {
        return overflowDrops;
    }

    /** @return the sender's smoothed RTT as last received */
    public long srttNs() {
        return srttNs;
    }
}
