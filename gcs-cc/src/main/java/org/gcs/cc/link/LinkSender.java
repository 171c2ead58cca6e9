package org.gcs.cc.link;

import java.util.List;
import org.gcs.cc.link.OutputBuffer.Slot;
import org.gcs.cc.link.OutputBuffer.State;
import org.gcs.cc.rtt.RttEstimator;

/**
 * The sending end of a directed edge: its output buffer of B_OUT packets and a Reno-like congestion window
 * (implementation specification §1.2; seed 001 §II-A/B; seed 000 §III allows "any other point-to-point reliable
 * protocol").
 *
 * <ul>
 *   <li><b>Output buffer.</b> {@link #offer} takes a packet only while a slot is free ({@link OutputSlots}: until the
 *       next hop acknowledges it, or until it is first sent); a refused offer is back-pressure, and the caller keeps
 *       the packet in its own input buffer. The packets not yet sent wait here: the queue cost-benefit prices (seed
 *       000 §IV-B.2).
 *   <li><b>Sending</b> ({@link #poll}): while the packets in flight (sent, not acknowledged, not SACKed, not
 *       declared lost) are fewer than {@code cwnd}: first the lost ones again, lowest first, then new ones up to the
 *       receiver's credit ({@link LinkAck#windowEndSeq()}).
 *   <li><b>Window</b> (RFC 5681 §3.1 in packets): slow start from {@code initialWindowPackets}, +1 per acknowledged
 *       packet while {@code cwnd < ssthresh}; congestion avoidance +1/cwnd per acknowledged packet; never above the
 *       most packets that can be in flight (B_IN, and B_OUT when slots are held until acknowledged).
 *   <li><b>Loss</b> (RFC 6675, simplified): a packet with {@code duplicateThreshold} SACKed packets above it, or
 *       the first unacknowledged one after as many duplicate acknowledgements, is lost. The first loss outside
 *       recovery halves the window, {@code cwnd = ssthresh = max(cwnd/2, 1)} (§1.2), retransmits the lowest lost
 *       packet at once whatever the window (RFC 6675 §5 step 4.3) and starts a recovery that lasts until everything
 *       sent so far is acknowledged; a partial acknowledgement declares the next hole lost (NewReno, RFC 6582).
 *       Only evidence from packets sent after a packet's latest transmission counts against it (RACK's send-order
 *       rule, RFC 8985 §6.2), so the late SACKs of a deep queue do not declare a retransmission lost again.
 *   <li><b>Timeout</b> (RFC 6298 through {@link RttEstimator}; a sample from the highest packet an acknowledgement
 *       newly covers or SACKs, if it was sent once (Karn) and not SACKed before, since then its cumulative
 *       acknowledgement waited for a hole): ssthresh
 *       = max(in flight / 2, 2), cwnd = 1, everything in flight is lost, the timeout doubles up to
 *       {@code maxRtoNs}.
 *   <li><b>Window probe</b> (RFC 9293 §3.8.6.1's zero-window probe). When the credit stops the sender with
 *       nothing in flight, the next packet goes out after one timeout anyway: the receiver takes it if it has room
 *       by then (its window update was lost) and refuses it otherwise. While the probe is beyond the credit its
 *       timeout sends it again with the doubled timeout and cuts no window; once the credit covers it, it is an
 *       ordinary packet.
 * </ul>
 * The packets and their states are an {@link OutputBuffer}; this class decides what happens to them.
 * With {@code fixedWindowPackets > 0} the window stays fixed (the conformance tests of seeds 001 and 003).
 * Sans-IO and not thread-safe: the caller brings the acknowledgements and the time, and sends what {@link #poll}
 * returns, in order.
 *
 * @param <P> the payload type
 */
public final class LinkSender<P> {
    private static final long NONE = Long.MAX_VALUE;
    /**
     * The longest wait between window probes (the persist timer's back-off stops here, where RFC 1122 lets TCP go to
     * a minute): a neighbour whose window stays closed but who answers is heard from at least this often, so a
     * {@link LinkRelay} can tell it from a hung one.
     */
    public static final long MAX_PROBE_INTERVAL_NS = 1_000_000_000L;

    private final LinkSettings settings;
    private final RttEstimator rtt;
    private final OutputBuffer<P> buffer;
    private long peerWindowEndSeq;
    private double cwnd;
    private double ssthresh;
    private int duplicateAcks;
    private boolean inRecovery;
    private boolean fastRetransmitDue;
    private long recoverySeq;
    private long rtoNs;
    private long rtoDeadlineNs = NONE;
    private long probeSeq; // the outstanding window probe, 0 if none
    private long probeDueNs = NONE;
    private long acknowledgementsReceived;

    private long retransmissions;
    private long timeouts;
    private long recoveries;
    private long probes;

    /** @param settings the link's settings */
    public LinkSender(LinkSettings settings) {
        this.settings = settings;
        this.rtt = new RttEstimator(settings.initialRttNs());
        this.buffer = new OutputBuffer<>(settings.outputCapacityPackets());
        this.peerWindowEndSeq = settings.inputCapacityPackets();
        this.cwnd = settings.aimd() ? settings.initialWindowPackets() : settings.fixedWindowPackets();
        this.ssthresh = settings.initialSsthreshPackets();
        this.rtoNs = Math.max(settings.minRtoNs(), Math.min(settings.maxRtoNs(), 1_000_000_000L)); // RFC 6298 §2.1
    }

    /** @return true if {@link #offer} would take a packet now */
    public boolean hasRoom() {
        int occupied = settings.outputSlots() == OutputSlots.UNACKED ? buffer.size() : unsentCount();
        return occupied < settings.outputCapacityPackets();
    }

    /**
     * Puts a packet into the output buffer, if a slot is free.
     *
     * @param payload the packet
     * @return true if taken; false if the buffer is full (back-pressure: offer it again later)
     */
    public boolean offer(P payload) {
        if (!hasRoom()) {
            return false;
        }
        buffer.add(payload);
        return true;
    }

    /**
     * The frames to send now, in order: retransmissions of lost packets first, then new packets, as the congestion
     * window and the credit allow, or a window probe.
     *
     * @param nowNs the current time
     * @param out receives the frames
     */
    public void poll(long nowNs, List<LinkData<P>> out) {
        expireTimer(nowNs);
        if (fastRetransmitDue) {
            fastRetransmitDue = false;
            if (buffer.lost() > 0) {
                transmit(buffer.lowestLost(), nowNs, out); // RFC 6675 §5 (4.3): whatever the pipe
            }
        }
        while (buffer.inFlight() < cwnd) {
            long seq = buffer.lowestLost();
            if (seq == 0) {
                if (buffer.nextUnsentSeq() > buffer.lastSeq() || buffer.nextUnsentSeq() > peerWindowEndSeq) {
                    break;
                }
                seq = buffer.takeUnsent();
            }
            transmit(seq, nowNs, out);
        }
        probeIfBlocked(nowNs, out);
        if (buffer.inFlight() > 0 && rtoDeadlineNs == NONE) {
            rtoDeadlineNs = nowNs + rtoNs;
        }
    }

    /**
     * An acknowledgement from the receiving end.
     *
     * @param ack the acknowledgement
     * @param nowNs the current time
     * @return false if it acknowledges packets never sent (ignored: a forged or corrupt acknowledgement)
     */
    public boolean onAck(LinkAck ack, long nowNs) {
        long highestSent = buffer.nextUnsentSeq() - 1;
        if (ack.cumulativeSeq() > highestSent
                || (ack.sackRangeCount() > 0 && ack.sackTo(ack.sackRangeCount() - 1) > highestSent)) {
            return false;
        }
        long windowEnd = Math.min(ack.windowEndSeq(), ack.cumulativeSeq() + settings.inputCapacityPackets());
        acknowledgementsReceived++;
        boolean windowUpdate = windowEnd > peerWindowEndSeq;
        peerWindowEndSeq = Math.max(peerWindowEndSeq, windowEnd);
        if (probeSeq != 0 && probeSeq <= peerWindowEndSeq) {
            probeSeq = 0; // the credit covers it now: an ordinary packet
        }
        if (ack.cumulativeSeq() > buffer.ackedSeq()) {
            onNewAck(ack.cumulativeSeq(), nowNs);
        } else if (ack.cumulativeSeq() == buffer.ackedSeq() && buffer.inFlight() + buffer.lost() > 0
                && ack.sackRangeCount() == 0 && !windowUpdate) {
            duplicateAcks++; // RFC 5681 §2: a window update is not a duplicate acknowledgement
        }
        boolean sacked = applySacks(ack, nowNs);
        detectLosses(sacked);
        return true;
    }

    /** @return when {@link #poll} has something to do by itself (a timeout or a probe), or {@link Long#MAX_VALUE} */
    public long nextDeadlineNs() {
        return Math.min(rtoDeadlineNs, probeDueNs);
    }

    private void onNewAck(long cumulativeSeq, long nowNs) {
        Slot<P> newest = buffer.slot(cumulativeSeq);
        if (newest.transmissions == 1 && newest.state == State.IN_FLIGHT) {
            rtt.onSample(nowNs - newest.sentNs); // Karn: sent once, and not SACKed earlier (then its ack waited)
        }
        int newlyAcked = (int) (cumulativeSeq - buffer.ackedSeq());
        long newestAckedTransmission = buffer.acknowledge(cumulativeSeq);
        long ackedSeq = buffer.ackedSeq();
        if (probeSeq != 0 && probeSeq <= ackedSeq) {
            probeSeq = 0;
        }
        duplicateAcks = 0;
        rtoNs = rtt.retransmitTimeoutNs(0, settings.minRtoNs());
        rtoNs = Math.min(rtoNs, settings.maxRtoNs());
        rtoDeadlineNs = buffer.inFlight() > 0 ? nowNs + rtoNs : NONE;
        if (inRecovery) {
            if (ackedSeq >= recoverySeq) {
                inRecovery = false;
            } else if (buffer.slot(ackedSeq + 1).state == State.IN_FLIGHT
                    && buffer.slot(ackedSeq + 1).transmission < newestAckedTransmission) {
                buffer.markLost(ackedSeq + 1); // NewReno partial acknowledgement: the next hole is lost too,
                                               // unless it was sent again after everything this one covers
            }
        } else if (settings.aimd()) {
            cwnd = Math.min(maxUsefulWindow(), cwnd + (cwnd < ssthresh ? newlyAcked : newlyAcked / cwnd));
        }
    }

    private boolean applySacks(LinkAck ack, long nowNs) {
        boolean any = false;
        Slot<P> sample = null;
        for (int r = 0; r < ack.sackRangeCount(); r++) {
            for (long seq = Math.max(ack.sackFrom(r), buffer.ackedSeq() + 1); seq <= ack.sackTo(r); seq++) {
                State before = buffer.sack(seq);
                if (before == State.IN_FLIGHT || before == State.LOST) {
                    any = true;
                    Slot<P> s = buffer.slot(seq);
                    if (before == State.IN_FLIGHT && s.transmissions == 1) {
                        sample = s; // the highest newly SACKed packet sent once
                    }
                }
            }
        }
        if (sample != null) {
            rtt.onSample(nowNs - sample.sentNs);
        }
        return any;
    }

    /**
     * RFC 6675's IsLost with SACK, or the duplicate acknowledgements without it; the first loss outside recovery
     * halves the window.
     *
     * <p>A packet counts as lost only on evidence that came after its latest transmission, as RACK (RFC 8985 §6.2)
     * reasons in time rather than in sequence numbers: it needs {@code duplicateThreshold} SACKed packets above it
     * that were <em>sent after it</em>. Counting every SACKed packet above it, as IsLost does, declares a
     * retransmission lost again on each late SACK of a packet sent before it (one still crossing a deep queue),
     * and a single drop then costs dozens of copies. After the duplicate-acknowledgement rule fires, it needs as
     * many fresh duplicates again.
     */
    private void detectLosses(boolean sacked) {
        boolean found = false;
        if (sacked) {
            int threshold = settings.duplicateThreshold();
            long[] newest = new long[threshold]; // the latest transmissions SACKed above, descending
            int known = 0;
            for (long seq = buffer.nextUnsentSeq() - 1; seq > buffer.ackedSeq(); seq--) {
                Slot<P> s = buffer.slot(seq);
                if (s.state == State.SACKED) {
                    known = keepNewest(newest, known, s.transmission);
                } else if (s.state == State.IN_FLIGHT && known == threshold
                        && newest[threshold - 1] > s.transmission) {
                    buffer.markLost(seq);
                    found = true;
                }
            }
        }
        if (duplicateAcks >= settings.duplicateThreshold() && buffer.size() > 0
                && buffer.slot(buffer.ackedSeq() + 1).state == State.IN_FLIGHT) {
            buffer.markLost(buffer.ackedSeq() + 1);
            duplicateAcks = 0;
            found = true;
        }
        if (found && !inRecovery) {
            inRecovery = true;
            recoverySeq = buffer.nextUnsentSeq() - 1;
            recoveries++;
            fastRetransmitDue = true;
            if (settings.aimd()) {
                cwnd = Math.max(cwnd / 2, 1);
                ssthresh = cwnd;
            }
        }
    }

    /**
     * Keeps the {@code newest.length} largest transmission numbers seen, in descending order.
     *
     * @return how many of {@code newest} are filled now
     */
    private static int keepNewest(long[] newest, int known, long transmission) {
        int i;
        if (known < newest.length) {
            i = known++;
        } else if (newest[newest.length - 1] >= transmission) {
            return known; // no newer than the oldest kept
        } else {
            i = newest.length - 1;
        }
        while (i > 0 && newest[i - 1] < transmission) {
            newest[i] = newest[i - 1];
            i--;
        }
        newest[i] = transmission;
        return known;
    }

    private void expireTimer(long nowNs) {
        if (nowNs < rtoDeadlineNs) {
            return;
        }
        rtoDeadlineNs = NONE;
        if (buffer.inFlight() == 0) {
            return; // everything sent since was SACKed or declared lost: nothing to time out, no back-off
        }
        rtoNs = Math.min(settings.maxRtoNs(), 2 * rtoNs); // RFC 6298 §5.5; the persist timer's back-off too
        if (probeSeq != 0) {
            rtoNs = Math.min(rtoNs, Math.max(settings.minRtoNs(), MAX_PROBE_INTERVAL_NS));
            buffer.markLost(probeSeq); // only the window probe is out: send it again, cut nothing
            return;
        }
        timeouts++;
        if (settings.aimd()) {
            ssthresh = Math.max(buffer.inFlight() / 2.0, 2);
            cwnd = 1;
        }
        buffer.markAllInFlightLost();
        inRecovery = true; // the losses of this window are one event
        recoverySeq = buffer.nextUnsentSeq() - 1;
        duplicateAcks = 0;
    }

    private void probeIfBlocked(long nowNs, List<LinkData<P>> out) {
        boolean blocked = buffer.inFlight() == 0 && buffer.lost() == 0 && buffer.nextUnsentSeq() <= buffer.lastSeq()
                && buffer.nextUnsentSeq() > peerWindowEndSeq;
        if (!blocked) {
            probeDueNs = NONE;
            return;
        }
        if (probeDueNs == NONE) {
            probeDueNs = nowNs + Math.min(rtoNs, Math.max(settings.minRtoNs(), MAX_PROBE_INTERVAL_NS));
        } else if (nowNs >= probeDueNs) {
            probeSeq = buffer.takeUnsent();
            probeDueNs = NONE;
            transmit(probeSeq, nowNs, out);
        }
    }

    private void transmit(long seq, long nowNs, List<LinkData<P>> out) {
        if (seq == probeSeq) {
            probes++;
        } else if (buffer.slot(seq).state == State.LOST) {
            retransmissions++;
        }
        out.add(buffer.send(seq, nowNs));
    }

    /**
     * The most packets that can ever be in flight: the credit B_IN bounds them, and with {@link OutputSlots#UNACKED}
     * B_OUT too. The window does not grow past it, so a loss after a long credit-limited stretch still halves the
     * rate (cf. RFC 7661).
     */
    private double maxUsefulWindow() {
        int credit = settings.inputCapacityPackets();
        return settings.outputSlots() == OutputSlots.UNACKED
                ? Math.min(credit, settings.outputCapacityPackets()) : credit;
    }

    /** Packets not yet sent within the credit: never sent, or a window probe the receiver has not made room for. */
    private int unsentCount() {
        int probeBeyondCredit = probeSeq != 0 && probeSeq > peerWindowEndSeq ? 1 : 0;
        return (int) (buffer.lastSeq() - buffer.nextUnsentSeq() + 1) + probeBeyondCredit;
    }

    /**
     * @return valid acknowledgements received, window updates and answers to window probes included: this count
     *     moves while the neighbour is alive, even when its window stays closed
     */
    public long acknowledgementsReceived() {
        return acknowledgementsReceived;
    }

    /**
     * @return the packets of the output buffer not yet acknowledged, in link order (what a replacement link must
     *     carry when this one is abandoned)
     */
    public List<P> unacknowledged() {
        return buffer.unacknowledged();
    }

    /** Recounts the slots and throws if the counters or the send point disagree with them (for tests). */
    void checkCounters() {
        buffer.checkCounters();
    }

    /** @return the congestion window, packets */
    public double windowPackets() {
        return cwnd;
    }

    /** @return the slow-start threshold, packets */
    public double ssthreshPackets() {
        return ssthresh;
    }

    /** @return packets sent and neither acknowledged, SACKed nor declared lost */
    public int inFlightPackets() {
        return buffer.inFlight();
    }

    /** @return packets in the output buffer: waiting, in flight, SACKed or lost */
    public int bufferedPackets() {
        return buffer.size();
    }

    /**
     * @return packets in the output buffer not sent within the credit (never sent, or a window probe beyond it): the
     *     queue in front of the edge
     */
    public int waitingPackets() {
        return unsentCount();
    }

    /** @return the highest sequence number acknowledged cumulatively */
    public long ackedSeq() {
        return buffer.ackedSeq();
    }

    /** @return the smoothed RTT of the edge, or the initial RTT before the first sample */
    public long smoothedRttNs() {
        return rtt.smoothedNs();
    }

    /** @return the current retransmission timeout */
    public long rtoNs() {
        return rtoNs;
    }

    /** @return frames sent, first transmissions, retransmissions and probes together */
    public long packetsSent() {
        return buffer.packetsSent();
    }

    /** @return retransmissions of packets declared lost */
    public long retransmissions() {
        return retransmissions;
    }

    /** @return retransmission timeouts */
    public long timeouts() {
        return timeouts;
    }

    /** @return loss recoveries entered on SACK or duplicate acknowledgements */
    public long recoveries() {
        return recoveries;
    }

    /** @return window probes sent */
    public long probes() {
        return probes;
    }
}
