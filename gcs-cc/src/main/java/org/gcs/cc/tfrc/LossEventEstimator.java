package org.gcs.cc.tfrc;

/**
 * The receiving delegate's loss event rate p for one meta-flow: all flows from one sending LAN to one group
 * (seed 004 §4.2, "Loss event rate"; Xpand's variant of RFC 5348 §5). Sans-IO: the caller passes each first
 * transmission's sequence number and arrival time, and the sending delegate's smoothed RTT as it arrives.
 *
 * <h2>Losses and loss events</h2>
 * A sequence number above {@code highest + 1} means {@code highest + 1 .. seq - 1} were lost (seed 004 §4.2: a
 * loss is "a sequence number ... out of order"; no reordering tolerance: reordering is rare on a fixed tree
 * path). Each lost packet k gets a nominal arrival time interpolated linearly between the packets around the
 * gap (RFC 5348 §5.2):
 *
 * <pre>
 *   t_k = t_h + (t_a − t_h) · (k − h) / (a − h)      (h: highest seq before the gap, a: the arriving seq)
 * </pre>
 *
 * rounded to the nanosecond. A lost packet starts a new loss event if there is none yet or if
 * {@code t_k > start + RTT}, where {@code start} is the nominal time of the loss that started the current event
 * (seed 004 §4.2; RFC 5348 §5.2); otherwise it is part of the current event. One gap may start several events
 * if its nominal times span more than one RTT. Packets that arrive late ({@code seq <= highest}: reordering or
 * a repair) neither undo a loss nor count.
 *
 * <h2>Xpand's interval count</h2>
 * The count S of the interval closed by a new event at {@code start_new} is the number of packets that arrived
 * in {@code [start_prev + RTT, start_new)}: packets arriving within the first RTT after an event's start are not
 * counted (seed 004 §4.2; standard TFRC counts them and so underestimates p). Lost packets never count. Before
 * the first event, S counts every packet since the flow started. The RTT used is the latest one set.
 *
 * <h2>Average interval (seed 004, Eq. 2) and p</h2>
 * At each new event {@code S̄ ← 0.5·S̄ + 0.5·S}; at the first event, with no history, {@code S̄ ← S} (our
 * choice: the paper does not say how S̄ starts; this makes the first p = 1/(packets before the first loss),
 * like RFC 5348 §6.3.1's synthetic first interval in spirit). Between events S̄ is not updated, except that
 * while the running count S exceeds S̄ the average used is {@code 0.5·S̄ + 0.5·S} (seed 004 §4.2: "we do not
 * update S̄ until either a new loss event arrives, or S > S̄"), so a long loss-free run lowers p; the stored S̄
 * is not changed by this, so the next event's update is continuous with the average in use just before it.
 * {@code p = 1/max(1, average)} once an event was seen (an interval of 0 packets, e.g. several events inside
 * one long gap, gives p = 1), and 0 before.
 *
 * <h2>RFC 5348's average instead ({@link LossAverage#RFC5348}, GCS's default)</h2>
 * With {@link LossAverage#RFC5348} the events are found as above, but an interval is the sequence-number span
 * from the first lost packet of one event to the first lost packet of the next (lost and first-RTT packets count,
 * RFC 5348 §5.3), the first interval runs from the flow's first packet, and the average is RFC 5348 §5.4's
 * weighted mean of the last 8 intervals, the open one taken in when it raises the mean
 * ({@link LossIntervalHistory}).
 *
 * <p>Cost per call is O(1) plus O(log n) per loss event a gap of n packets starts. Sequence numbers are
 * non-negative 64-bit values and do not wrap. Not thread-safe; one instance per (sending delegate, group).
 */
public final class LossEventEstimator {
    private static final double EQ2_WEIGHT = 0.5; // seed 004, Eq. 2

    private final LossAverage average;
    private final LossIntervalHistory history = new LossIntervalHistory();
    private long rttNs;
    private long intervalStartSeq;
    private boolean started;
    private long highestSeq;
    private long highestArrivalNs;
    private long lastArrivalNs;
    private long events;
    private long eventStartNs;
    private long currentCount;
    private double averageCount;
    private long arrivedPackets;
    private long lostPackets;
    private long latePackets;

    /**
     * An estimator with seed 004's Eq. 2 ({@link LossAverage#XPAND}).
     *
     * @param initialRttNs the RTT used for event lengths until {@link #setRttNs} is called; positive
     */
    public LossEventEstimator(long initialRttNs) {
        this(initialRttNs, LossAverage.XPAND);
    }

    /**
     * @param initialRttNs the RTT used for event lengths until {@link #setRttNs} is called; positive
     * @param average how intervals are counted and averaged
     */
    public LossEventEstimator(long initialRttNs, LossAverage average) {
        if (initialRttNs <= 0) {
            throw new IllegalArgumentException("initialRttNs must be positive, got " + initialRttNs);
        }
        if (average == null) {
            throw new IllegalArgumentException("average must not be null");
        }
        this.rttNs = initialRttNs;
        this.average = average;
    }

    /**
     * Sets the RTT that bounds a loss event and the uncounted span after its start: the sending delegate's
     * smoothed RTT, as it arrives piggy-backed on data (seed 004 §4.1).
     *
     * @param rttNs positive RTT in nanoseconds
     */
    public void setRttNs(long rttNs) {
        if (rttNs <= 0) {
            throw new IllegalArgumentException("rttNs must be positive, got " + rttNs);
        }
        this.rttNs = rttNs;
    }

    /** @return the RTT currently used for loss events, in nanoseconds */
    public long rttNs() {
        return rttNs;
    }

    /**
     * Records the arrival of a first transmission; the caller filters duplicates and retransmissions. The
     * first call starts the flow.
     *
     * @param seq the packet's sequence number in the meta-flow; not negative
     * @param arrivalNs its arrival time; never earlier than the previous call's
     * @return true if this call started at least one new loss event (the caller then reports to the sender
     *     at once)
     */
    public boolean onPacket(long seq, long arrivalNs) {
        if (seq < 0) {
            throw new IllegalArgumentException("seq must not be negative, got " + seq);
        }
        if (!started) {
            started = true;
            arrivedPackets = 1;
            intervalStartSeq = seq;
            highestSeq = seq;
            highestArrivalNs = arrivalNs;
            lastArrivalNs = arrivalNs;
            count(arrivalNs);
            return false;
        }
        if (arrivalNs < lastArrivalNs) {
            throw new IllegalArgumentException(
                    "arrivalNs must not go back in time: " + arrivalNs + " < " + lastArrivalNs);
        }
        lastArrivalNs = arrivalNs;
        if (seq <= highestSeq) {
            latePackets++;
            return false; // late: reordering or a repair; the loss stands and the packet is not counted
        }
        arrivedPackets++;
        lostPackets += seq - highestSeq - 1;
        boolean newEvent = seq > highestSeq + 1 && onGap(seq, arrivalNs);
        highestSeq = seq;
        highestArrivalNs = arrivalNs;
        count(arrivalNs);
        return newEvent;
    }

    /** Processes the lost packets {@code highestSeq + 1 .. seq - 1}; returns true if an event started. */
    private boolean onGap(long seq, long arrivalNs) {
        long firstLost = highestSeq + 1;
        long lastLost = seq - 1;
        long k = events == 0 ? firstLost : firstLostAfter(firstLost, lastLost, seq, arrivalNs, eventStartNs + rttNs);
        boolean newEvent = false;
        while (k >= 0) {
            startEvent(nominalArrivalNs(k, seq, arrivalNs), k);
            newEvent = true;
            k = firstLostAfter(k + 1, lastLost, seq, arrivalNs, eventStartNs + rttNs);
        }
        return newEvent;
    }

    /**
     * Nominal arrival time of lost packet k (RFC 5348 §5.2):
     * {@code t_h + round((t_a − t_h) · (k − h) / (a − h))}; non-decreasing in k.
     */
    private long nominalArrivalNs(long k, long arrivingSeq, long arrivalNs) {
        double fraction = (double) (k - highestSeq) / (double) (arrivingSeq - highestSeq);
        return highestArrivalNs + Math.round((double) (arrivalNs - highestArrivalNs) * fraction);
    }

    /** Smallest lost k in [from, to] whose nominal time is after thresholdNs, or -1 (binary search). */
    private long firstLostAfter(long from, long to, long arrivingSeq, long arrivalNs, long thresholdNs) {
        if (from > to || nominalArrivalNs(to, arrivingSeq, arrivalNs) <= thresholdNs) {
            return -1;
        }
        long lo = from;
        long hi = to;
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (nominalArrivalNs(mid, arrivingSeq, arrivalNs) > thresholdNs) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /**
     * Closes the current interval (seed 004, Eq. 2, or RFC 5348 §5.4) and opens a loss event at startNs, whose
     * first lost packet is startSeq.
     */
    private void startEvent(long startNs, long startSeq) {
        history.close(startSeq - intervalStartSeq);
        intervalStartSeq = startSeq;
        averageCount = events == 0
                ? currentCount
                : EQ2_WEIGHT * averageCount + (1 - EQ2_WEIGHT) * currentCount;
        events++;
        eventStartNs = startNs;
        currentCount = 0;
    }

    /** Counts an arriving packet unless it falls within the first RTT of the current event (Xpand's rule). */
    private void count(long arrivalNs) {
        if (events == 0 || arrivalNs - eventStartNs >= rttNs) {
            currentCount++;
        }
    }

    /**
     * RFC 5348 §6.3.1: replaces the first loss interval, which counts every packet since the flow started (slow
     * start included), with a synthetic one, the interval that gives the receive rate at the first loss event in
     * Eq. 1. Only with {@link LossAverage#RFC5348}, and only while exactly one event has been seen; ignored
     * otherwise.
     *
     * @param packets the synthetic interval, {@code 1/p} with p from {@link TfrcEquation#lossEventRateFor}; not
     *     negative
     */
    public void setFirstInterval(double packets) {
        if (average == LossAverage.RFC5348 && events == 1) {
            history.replaceNewest(packets);
        }
    }

    /** @return true once a loss event has been seen */
    public boolean hasLossEvent() {
        return events > 0;
    }

    /** @return the number of loss events seen */
    public long lossEvents() {
        return events;
    }

    /** @return first transmissions that arrived in order (above every sequence number before them) */
    public long arrivedPackets() {
        return arrivedPackets;
    }

    /** @return packets counted lost: the sequence numbers skipped by in-order arrivals */
    public long lostPackets() {
        return lostPackets;
    }

    /**
     * @return first transmissions that arrived after a higher sequence number, so were counted lost (reordering on
     *     the path); a path that does not reorder keeps this at 0. Only what the caller passes counts: a receiver
     *     that already holds the packet from a repair filters it as a duplicate.
     */
    public long latePackets() {
        return latePackets;
    }

    /**
     * The average number of packets between loss events in use: with {@link LossAverage#XPAND}, S̄, or
     * {@code 0.5·S̄ + 0.5·S} while the running count S exceeds S̄ (seed 004, Eq. 2 and the "S > S̄" rule); with
     * {@link LossAverage#RFC5348}, I_mean of RFC 5348 §5.4 over the sequence-number spans.
     *
     * @return the average interval in packets, or 0 before the first loss event
     */
    public double averageInterval() {
        if (events == 0) {
            return 0.0;
        }
        if (average == LossAverage.RFC5348) {
            return history.mean(highestSeq + 1 - intervalStartSeq);
        }
        return currentCount > averageCount
                ? EQ2_WEIGHT * averageCount + (1 - EQ2_WEIGHT) * currentCount
                : averageCount;
    }

    /**
     * @return S: packets counted in the running interval (since the flow start before the first event), by seed
     *     004's rule (the first RTT after an event's start not counted) whatever the average
     */
    public long currentInterval() {
        return currentCount;
    }

    /**
     * The loss event rate {@code p = 1/max(1, average interval)} (seed 004 §4.2).
     *
     * @return p in [0, 1]; 0 while no loss event was seen
     */
    public double lossEventRate() {
        if (events == 0) {
            return 0.0;
        }
        return 1.0 / Math.max(1.0, averageInterval());
    }
}
