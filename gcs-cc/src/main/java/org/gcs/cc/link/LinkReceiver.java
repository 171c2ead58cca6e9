package org.gcs.cc.link;

/**
 * The receiving end of a directed edge: its input buffer of B_IN packets, the in-order hand-over and the
 * acknowledgements (implementation specification §1.2; seed 001 §II-B; seed 003 Fig. 4).
 *
 * <ul>
 *   <li><b>Input buffer.</b> Frames are held by link sequence number, in order and out of order together. The
 *       buffer has room for every frame up to {@code taken + B_IN}, where {@code taken} is the last frame the caller
 *       {@link #take took}: that is the credit the acknowledgements advertise as {@code windowEndSeq}. A frame above
 *       it (only a window probe, or a forged frame) is refused and counted; one already held or taken is a duplicate.
 *   <li><b>Copy-out.</b> The caller {@link #peek peeks} at the next in-order frame and {@link #take takes} it only
 *       when it has copied it everywhere it must go (every next hop's output buffer, the local site, the backup
 *       buffer): the credit returns upstream on the copy, not on arrival (seed 003: "acknowledge only when the
 *       packet can be copied into all output buffers"), so back-pressure reaches the sender.
 *   <li><b>Acknowledgements</b> (RFC 5681 §4.2, RFC 2018): at once for a frame out of order, a duplicate, a refused
 *       frame or one that fills a gap; every second in-order frame; otherwise within {@code ackDelayNs}. A window
 *       update goes out when the credit has grown by {@code min(windowUpdatePackets, B_IN)} packets (2 by default)
 *       since the last advertisement (seed 001 §II-B: "two Maximal Segment Size (MSS) or more"). Up to {@value LinkSettings#MAX_SACK_RANGES} SACK
 *       ranges, the lowest first.
 * </ul>
 * Sans-IO and not thread-safe: the caller brings the frames and the time, and sends what {@link #pollAck} returns.
 *
 * @param <P> the payload type
 */
public final class LinkReceiver<P> implements LinkInput<P> {
    private static final long NONE = Long.MAX_VALUE;

    private final LinkSettings settings;
    private final Object[] held;
    private long takenSeq;
    private long cumulativeSeq;
    private long advertisedEndSeq;
    private int heldCount;
    private int inOrderUnacked;
    private boolean ackNow;
    private long ackDueNs = NONE;

    private long framesReceived;
    private long duplicates;
    private long refused;
    private long outOfOrder;
    private long acksSent;

    /** @param settings the link's settings (B_IN, the acknowledgement delay) */
    public LinkReceiver(LinkSettings settings) {
        this.settings = settings;
        this.held = new Object[settings.inputCapacityPackets()];
        this.advertisedEndSeq = settings.inputCapacityPackets();
    }

    /**
     * A data frame arrived.
     *
     * @param frame the frame
     * @param nowNs the current time
     */
    public void onData(LinkData<P> frame, long nowNs) {
        long seq = frame.seq();
        framesReceived++;
        if (seq <= cumulativeSeq || (seq <= windowEndSeq() && held[index(seq)] != null)) {
            duplicates++;
            ackNow = true;
            return;
        }
        if (seq > windowEndSeq()) {
            refused++;
            ackNow = true;
            return;
        }
        held[index(seq)] = frame.payload();
        heldCount++;
        if (seq != cumulativeSeq + 1) {
            outOfOrder++;
            ackNow = true;
            return;
        }
        while (cumulativeSeq < windowEndSeq() && held[index(cumulativeSeq + 1)] != null) {
            cumulativeSeq++;
        }
        if (heldCount > cumulativeSeq - takenSeq) {
            ackNow = true; // frames beyond a gap remain: tell the sender at once (RFC 5681 §4.2)
        } else if (++inOrderUnacked >= 2 || settings.ackDelayNs() == 0) {
            ackNow = true;
        } else if (ackDueNs == NONE) {
            ackDueNs = nowNs + settings.ackDelayNs();
        }
    }

    /** @return the next frame's payload in link order, or null if it has not arrived (or nothing is held) */
    @Override
    @SuppressWarnings("unchecked")
    public P peek() {
        return takenSeq < cumulativeSeq ? (P) held[index(takenSeq + 1)] : null;
    }

    /**
     * The caller copied the next in-order frame everywhere it must go: it leaves the input buffer and its slot
     * returns upstream as credit.
     *
     * @param nowNs the current time
     * @return its payload
     * @throws IllegalStateException if no in-order frame is held ({@link #peek} returned null)
     */
    @Override
    @SuppressWarnings("unchecked")
    public P take(long nowNs) {
        if (takenSeq >= cumulativeSeq) {
            throw new IllegalStateException("no in-order frame to take; call peek() first");
        }
        takenSeq++;
        int i = index(takenSeq);
        P payload = (P) held[i];
        held[i] = null;
        heldCount--;
        if (windowEndSeq() - advertisedEndSeq >= Math.min(settings.windowUpdatePackets(),
                settings.inputCapacityPackets())) {
            ackNow = true;
        }
        return payload;
    }

    /**
     * @param nowNs the current time
     * @return the acknowledgement to send now, or null if none is due
     */
    public LinkAck pollAck(long nowNs) {
        if (!ackNow && nowNs < ackDueNs) {
            return null;
        }
        ackNow = false;
        ackDueNs = NONE;
        inOrderUnacked = 0;
        advertisedEndSeq = windowEndSeq();
        acksSent++;
        return new LinkAck(cumulativeSeq, advertisedEndSeq, sackRanges());
    }

    /** @return when {@link #pollAck} will have a delayed acknowledgement, or {@link Long#MAX_VALUE} if never */
    public long nextDeadlineNs() {
        return ackNow ? Long.MIN_VALUE : ackDueNs;
    }

    private long[] sackRanges() {
        long[] ranges = new long[2 * LinkSettings.MAX_SACK_RANGES];
        int n = 0;
        long seq = cumulativeSeq + 2;
        long end = windowEndSeq();
        while (seq <= end && n < ranges.length) {
            if (held[index(seq)] == null) {
                seq++;
                continue;
            }
            long from = seq;
            while (seq + 1 <= end && held[index(seq + 1)] != null) {
                seq++;
            }
            ranges[n++] = from;
            ranges[n++] = seq;
            seq++;
        }
        return java.util.Arrays.copyOf(ranges, n);
    }

    private long windowEndSeq() {
        return takenSeq + held.length;
    }

    private int index(long seq) {
        return (int) Math.floorMod(seq, (long) held.length);
    }

    /** @return frames held: arrived and not taken, in order or not (at most B_IN) */
    public int heldPackets() {
        return heldCount;
    }

    /** @return the highest link sequence number up to which every frame arrived */
    public long cumulativeSeq() {
        return cumulativeSeq;
    }

    /** @return the last frame taken */
    public long takenSeq() {
        return takenSeq;
    }

    /** @return data frames that arrived, counted or not */
    public long framesReceived() {
        return framesReceived;
    }

    /** @return frames that arrived again (held, taken or below the cumulative point) */
    public long duplicates() {
        return duplicates;
    }

    /** @return frames above the advertised credit (window probes, or forged frames) */
    public long refused() {
        return refused;
    }

    /** @return frames that arrived above a gap */
    public long outOfOrder() {
        return outOfOrder;
    }

    /** @return acknowledgements sent */
    public long acksSent() {
        return acksSent;
    }
}
