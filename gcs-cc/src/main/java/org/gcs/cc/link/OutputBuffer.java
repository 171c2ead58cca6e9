package org.gcs.cc.link;

import java.util.ArrayList;
import java.util.List;

/**
 * The packets of a {@link LinkSender}'s output buffer, in link order from the lowest one not yet acknowledged, each
 * with its state, and the send point between those sent and those not (implementation specification §1.2; seed 001
 * Fig. 1 right, where the packets in flight double as the retransmission buffer).
 *
 * <p>Every change of a packet's state goes through here, so the counts of packets in flight and lost always agree
 * with the states; which packet to send, to declare lost or to time out is the {@link LinkSender}'s decision. The
 * packets sit in a ring indexed by sequence number that grows when full: the {@link LinkSender} bounds how many it
 * puts in ({@link OutputSlots}). Sans-IO and not thread-safe.
 *
 * @param <P> the payload type
 */
final class OutputBuffer<P> {
    /** Where a packet of the buffer stands. */
    enum State {
        /** Beyond the send point: never sent. */
        UNSENT,
        /** Sent, and neither acknowledged, SACKed nor declared lost. */
        IN_FLIGHT,
        /** Selectively acknowledged: it needs no retransmission, but holds its place until the cumulative one. */
        SACKED,
        /** Declared lost: waiting to be sent again. */
        LOST
    }

    /** One packet and its latest transmission; the {@link LinkSender} reads it, only the buffer changes it. */
    static final class Slot<P> {
        final P payload;
        State state = State.UNSENT;
        int transmissions;
        long sentNs;
        long transmission; // the packetsSent count at its latest transmission: send order, ties broken

        Slot(P payload) {
            this.payload = payload;
        }
    }

    private Slot<P>[] ring;
    private int head; // ring[head] has seq ackedSeq + 1
    private int size;
    private long ackedSeq; // every packet up to here is acknowledged (and gone)
    private long nextUnsentSeq = 1;
    private int inFlight;
    private int lost;
    private long packetsSent;

    /** @param capacityPackets the packets expected at most (B_OUT): the ring starts with room for them */
    @SuppressWarnings("unchecked")
    OutputBuffer(int capacityPackets) {
        this.ring = new Slot[Integer.highestOneBit(Math.max(16, capacityPackets)) * 2];
    }

    /** Appends a packet after the last one, unsent. */
    void add(P payload) {
        if (size == ring.length) {
            grow();
        }
        ring[(head + size) & (ring.length - 1)] = new Slot<>(payload);
        size++;
    }

    /** @return the packet with this sequence number, which must be in the buffer */
    Slot<P> slot(long seq) {
        return ring[(head + (int) (seq - ackedSeq - 1)) & (ring.length - 1)];
    }

    /** @return the sequence number of the next packet to send for the first time */
    long nextUnsentSeq() {
        return nextUnsentSeq;
    }

    /** @return the sequence number the send point passes: {@link #nextUnsentSeq()}, which moves one on */
    long takeUnsent() {
        return nextUnsentSeq++;
    }

    /**
     * Sends a packet: first time, again after a loss, or again as a window probe.
     *
     * @return the frame to send
     */
    LinkData<P> send(long seq, long nowNs) {
        Slot<P> s = slot(seq);
        if (s.state == State.LOST) {
            lost--;
        }
        s.state = State.IN_FLIGHT;
        s.transmissions++;
        s.sentNs = nowNs;
        s.transmission = ++packetsSent;
        inFlight++;
        return new LinkData<>(seq, s.payload);
    }

    /** Declares a packet in flight lost (nothing happens to one in another state). */
    void markLost(long seq) {
        Slot<P> s = slot(seq);
        if (s.state == State.IN_FLIGHT) {
            inFlight--;
            lost++;
            s.state = State.LOST;
        }
    }

    /** Declares every packet in flight lost (a retransmission timeout). */
    void markAllInFlightLost() {
        for (long seq = ackedSeq + 1; seq < nextUnsentSeq; seq++) {
            markLost(seq);
        }
    }

    /**
     * Records a selective acknowledgement of a packet in flight or lost.
     *
     * @return its state before: {@link State#IN_FLIGHT} or {@link State#LOST} if it is newly SACKed
     */
    State sack(long seq) {
        Slot<P> s = slot(seq);
        State before = s.state;
        if (before == State.IN_FLIGHT) {
            inFlight--;
            s.state = State.SACKED;
        } else if (before == State.LOST) {
            lost--;
            s.state = State.SACKED;
        }
        return before;
    }

    /**
     * Drops every packet up to a cumulative acknowledgement above {@link #ackedSeq()}.
     *
     * @return the latest transmission (send order) among the packets dropped
     */
    long acknowledge(long cumulativeSeq) {
        long newestTransmission = 0;
        while (ackedSeq < cumulativeSeq) {
            Slot<P> s = ring[head];
            newestTransmission = Math.max(newestTransmission, s.transmission);
            if (s.state == State.IN_FLIGHT) {
                inFlight--;
            } else if (s.state == State.LOST) {
                lost--;
            }
            ring[head] = null;
            head = (head + 1) & (ring.length - 1);
            size--;
            ackedSeq++;
        }
        return newestTransmission;
    }

    /** @return the lowest packet declared lost, 0 if none */
    long lowestLost() {
        if (lost == 0) {
            return 0;
        }
        for (long seq = ackedSeq + 1; seq < nextUnsentSeq; seq++) {
            if (slot(seq).state == State.LOST) {
                return seq;
            }
        }
        throw new IllegalStateException("lost count " + lost + " but no lost slot");
    }

    /** @return the highest sequence number acknowledged cumulatively */
    long ackedSeq() {
        return ackedSeq;
    }

    /** @return the sequence number of the last packet in the buffer ({@link #ackedSeq()} if it is empty) */
    long lastSeq() {
        return ackedSeq + size;
    }

    /** @return packets in the buffer: waiting, in flight, SACKed or lost */
    int size() {
        return size;
    }

    /** @return packets sent and neither acknowledged, SACKed nor declared lost */
    int inFlight() {
        return inFlight;
    }

    /** @return packets declared lost and not sent again since */
    int lost() {
        return lost;
    }

    /** @return transmissions so far, first ones, retransmissions and probes together */
    long packetsSent() {
        return packetsSent;
    }

    /** @return the payloads not yet acknowledged, in link order */
    List<P> unacknowledged() {
        List<P> packets = new ArrayList<>(size);
        for (long seq = ackedSeq + 1; seq <= lastSeq(); seq++) {
            packets.add(slot(seq).payload);
        }
        return packets;
    }

    /** Recounts the slots and throws if the counters or the send point disagree with them (for tests). */
    void checkCounters() {
        int flying = 0;
        int missing = 0;
        for (long seq = ackedSeq + 1; seq <= lastSeq(); seq++) {
            State state = slot(seq).state;
            if ((seq < nextUnsentSeq) == (state == State.UNSENT)) {
                throw new IllegalStateException("slot " + seq + " is " + state + " with the send point at "
                        + nextUnsentSeq);
            }
            flying += state == State.IN_FLIGHT ? 1 : 0;
            missing += state == State.LOST ? 1 : 0;
        }
        if (flying != inFlight || missing != lost) {
            throw new IllegalStateException("counted " + inFlight + " in flight and " + lost + " lost, found "
                    + flying + " and " + missing);
        }
    }

    @SuppressWarnings("unchecked")
    private void grow() {
        Slot<P>[] bigger = new Slot[ring.length * 2];
        for (int i = 0; i < size; i++) {
            bigger[i] = ring[(head + i) & (ring.length - 1)];
        }
        ring = bigger;
        head = 0;
    }
}
