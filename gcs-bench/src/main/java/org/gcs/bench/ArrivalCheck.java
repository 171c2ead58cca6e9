package org.gcs.bench;

import java.util.BitSet;

/**
 * What one node delivered of the run's single sender: probes, then warm-up and measured messages (as each
 * payload's kind says: a settling sender's warm-up has no length known in advance) checked against the sender's
 * sequence 1, 2, 3... A message whose sequence already arrived is a duplicate; one that does not
 * come right after the highest so far (a gap, or a late one filling a gap) is out of order. Measured messages
 * also give the receive times of the first and of the last one to complete the set, and, when asked, their
 * one-way latencies (receive minus send time on the machine's wall clock, microseconds), each with its message
 * ({@link LatencySamples}).
 * Every warm-up and measured delivery, duplicates included, also goes into a rolling hash of the delivered sequence
 * (sender, sequence and, where the system numbers its agreed order, position): members that delivered the same
 * messages in the same order (at the same positions) end with the same hash, which {@link DeliveryVerdict} compares
 * for the total-order systems. Positions must grow from one delivery to the next; a position that does not is
 * counted. Once started, a {@link BacklogWatch} keeps every new message's send and receive time ({@code wan-outage}).
 * Thread-safe.
 */
final class ArrivalCheck {
    /** Told once each: the first probe arrived, the first measured message arrived, every one arrived. */
    interface Listener {
        /** The first probe arrived. */
        void probeSeen();

        /** The first measured message arrived. */
        void firstMeasured();

        /** The last missing measured message arrived. */
        void allMeasured();
    }

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private final long measuredMessages;
    private final boolean recordLatency;
    private final Listener listener;
    private final BitSet seen = new BitSet();
    private final LatencySamples samples = new LatencySamples();
    private final BacklogWatch backlog = new BacklogWatch();
    private boolean probeSeen;
    private long highest;
    private long warmup;
    private long measured;
    private long duplicates;
    private long outOfOrder;
    private long firstMeasuredMicros = -1;
    private long lastMeasuredMicros = -1;
    private long latestMeasuredMicros = -1;
    private long orderHash = FNV_OFFSET;
    private long lastPosition = Long.MIN_VALUE;
    private long positionRegressions;

    /**
     * @param measuredMessages measured messages the sender sends after its warm-up
     * @param recordLatency whether to record latencies of measured messages
     * @param listener told when the first probe and the last measured message arrive
     */
    ArrivalCheck(long measuredMessages, boolean recordLatency, Listener listener) {
        this.measuredMessages = measuredMessages;
        this.recordLatency = recordLatency;
        this.listener = listener;
    }

    /**
     * Takes one delivered payload of a system that neither names senders nor numbers its order.
     *
     * @param bytes the array holding it
     * @param offset where it starts
     * @param length its length
     */
    void accept(byte[] bytes, int offset, int length) {
        accept(0, BenchEndpoint.NO_POSITION, bytes, offset, length);
    }

    /**
     * Takes one delivered payload.
     *
     * @param senderKey identifies the sender, the same at every member
     * @param position its position in the agreed order, or {@link BenchEndpoint#NO_POSITION}
     * @param bytes the array holding it
     * @param offset where it starts
     * @param length its length
     */
    void accept(long senderKey, long position, byte[] bytes, int offset, int length) {
        long nowMicros = WallClock.nowMicros();
        byte kind = BenchPayload.kind(bytes, offset, length);
        if (kind == BenchPayload.PROBE) {
            probe();
        } else if (kind == BenchPayload.WARMUP || kind == BenchPayload.MEASURED) {
            long sequence = BenchPayload.sequence(bytes, offset);
            synchronized (this) {
                orderHash = mix(mix(mix(orderHash, senderKey), sequence), position);
                if (position != BenchEndpoint.NO_POSITION) {
                    if (lastPosition != Long.MIN_VALUE && position <= lastPosition) {
                        positionRegressions++;
                    }
                    lastPosition = position;
                }
            }
            message(sequence, kind == BenchPayload.MEASURED, BenchPayload.sentMicros(bytes, offset), nowMicros);
        }
    }

    /** FNV-1a over the 8 bytes of a value. */
    private static long mix(long hash, long value) {
        long h = hash;
        for (int shift = 0; shift < Long.SIZE; shift += Byte.SIZE) {
            h = (h ^ ((value >>> shift) & 0xff)) * FNV_PRIME;
        }
        return h;
    }

    private void probe() {
        boolean first;
        synchronized (this) {
            first = !probeSeen;
            probeSeen = true;
        }
        if (first) {
            listener.probeSeen();
        }
    }

    private void message(long sequence, boolean measuredKind, long sentMicros, long nowMicros) {
        boolean complete = false;
        boolean first = false;
        synchronized (this) {
            if (sequence < 1 || sequence > Integer.MAX_VALUE || seen.get((int) sequence)) {
                duplicates++;
                return;
            }
            seen.set((int) sequence);
            backlog.delivered(sentMicros, nowMicros);
            if (sequence != highest + 1) {
                outOfOrder++;
            }
            highest = Math.max(highest, sequence);
            if (!measuredKind) {
                warmup++;
                return;
            }
            measured++;
            latestMeasuredMicros = nowMicros;
            if (firstMeasuredMicros < 0) {
                firstMeasuredMicros = nowMicros;
                first = true;
            }
            if (recordLatency) {
                samples.add(sequence, sentMicros, Math.max(0, nowMicros - sentMicros));
            }
            if (measured == measuredMessages) {
                lastMeasuredMicros = nowMicros;
                complete = true;
            }
        }
        if (first) {
            listener.firstMeasured();
        }
        if (complete) {
            listener.allMeasured();
        }
    }

    /** @return the deliveries kept for {@code wan-outage}'s backlog time, once started */
    BacklogWatch backlog() {
        return backlog;
    }

    /** @return the counters and times so far */
    synchronized Counts counts() {
        return new Counts(warmup, measured, duplicates, outOfOrder, firstMeasuredMicros, lastMeasuredMicros,
                latestMeasuredMicros, samples.size(), orderHash, positionRegressions);
    }

    /** @return every recorded latency so far, one word of text ({@link LatencySamples#encode}) */
    synchronized String encodedSamples() {
        return samples.encode();
    }

    /**
     * A snapshot of the check.
     *
     * @param warmup distinct warm-up messages delivered
     * @param measured distinct measured messages delivered
     * @param duplicates messages delivered again
     * @param outOfOrder messages delivered while an earlier one was missing, or after a later one
     * @param firstMeasuredMicros receive time of the first measured message (-1 before)
     * @param lastMeasuredMicros receive time of the message that completed the measured set (-1 before)
     * @param latestMeasuredMicros receive time of the latest measured message (-1 before the first)
     * @param latencySamples latencies recorded
     * @param orderHash the rolling hash of every warm-up and measured delivery so far, in delivery order
     * @param positionRegressions deliveries whose position was not above the previous one's
     */
    record Counts(long warmup, long measured, long duplicates, long outOfOrder, long firstMeasuredMicros,
                  long lastMeasuredMicros, long latestMeasuredMicros, long latencySamples, long orderHash,
                  long positionRegressions) {

        /** @return all delivered messages, duplicates included */
        long deliveries() {
            return warmup + measured + duplicates;
        }
    }
}
