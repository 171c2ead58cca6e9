package org.gcs.alm.overlay;

import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Round-trip time and loss per peer site, measured with probes (sans-IO: the caller sends and receives the
 * probes, and time comes in as {@code nowNs}).
 *
 * <p>The caller puts the number returned by {@link #probeSent} in a probe and reports the peer's echo with
 * {@link #probeAnswered}. Each answer gives an RTT sample (answer time minus send time), smoothed like
 * RFC 6298's SRTT: the first sample is taken as is, later ones with {@code srtt += (sample - srtt) / 8}. A
 * probe still unanswered {@code probeTimeoutNs} after it was sent is counted as lost (on {@link #tick} or on
 * the next probe or answer for that peer); its answer, if it still comes, is ignored. The loss rate is taken
 * over the last {@code lossWindow} probes resolved as answered or lost.
 *
 * <p>Probe numbers come from one counter for the whole table and are never reused, so a late echo can never
 * be mistaken for a newer probe, even after {@link #forget}. Memory is bounded: per peer, the probes sent
 * within the last {@code probeTimeoutNs} and a window of {@code lossWindow} outcomes.
 *
 * <p>Not thread-safe: owned by one delegate's protocol engine.
 */
public final class LinkQualityTable {
    private static final int SMOOTHING_SHIFT = 3; // weight 1/8, as RFC 6298's alpha

    private final long initialRttNs;
    private final long probeTimeoutNs;
    private final int lossWindow;
    private final SortedMap<String, Peer> peers = new TreeMap<>();
    private long nextSeq;
    /** No outstanding probe was sent before this time: lets {@link #tick} skip the peers until one may be overdue. */
    private long earliestOutstandingBoundNs = Long.MAX_VALUE;

    /**
     * @param initialRttNs the RTT assumed for a peer before its first sample ({@link #rttOrInitialNs}); positive
     * @param probeTimeoutNs how long a probe may stay unanswered before it counts as lost; positive
     * @param lossWindow how many resolved probes the loss rate covers; positive
     */
    public LinkQualityTable(long initialRttNs, long probeTimeoutNs, int lossWindow) {
        if (initialRttNs <= 0) {
            throw new IllegalArgumentException("initialRttNs must be positive, got " + initialRttNs);
        }
        if (probeTimeoutNs <= 0) {
            throw new IllegalArgumentException("probeTimeoutNs must be positive, got " + probeTimeoutNs);
        }
        if (lossWindow <= 0) {
            throw new IllegalArgumentException("lossWindow must be positive, got " + lossWindow);
        }
        this.initialRttNs = initialRttNs;
        this.probeTimeoutNs = probeTimeoutNs;
        this.lossWindow = lossWindow;
    }

    /**
     * Records a probe about to be sent to a peer (and first expires that peer's overdue probes).
     *
     * @param peer the peer site
     * @param nowNs the send time
     * @return the probe number to put in the probe
     */
    public long probeSent(String peer, long nowNs) {
        if (peer == null || peer.isEmpty()) {
            throw new IllegalArgumentException("peer must be a site name, got " + peer);
        }
        Peer state = peers.computeIfAbsent(peer, p -> new Peer(lossWindow));
        state.expire(nowNs, probeTimeoutNs);
        long seq = nextSeq++;
        state.outstanding.put(seq, nowNs);
        earliestOutstandingBoundNs = Math.min(earliestOutstandingBoundNs, nowNs);
        return seq;
    }

    /**
     * Records a peer's echo of a probe. Echoes of unknown, already answered or expired probes are ignored.
     * An answer at the same instant as the send gives a 1 ns sample, so the RTT is always positive.
     *
     * @param peer the peer that echoed
     * @param seq the probe number echoed
     * @param nowNs the arrival time of the echo
     */
    public void probeAnswered(String peer, long seq, long nowNs) {
        Peer state = peers.get(peer);
        if (state == null) {
            return;
        }
        state.expire(nowNs, probeTimeoutNs);
        Long sentNs = state.outstanding.remove(seq);
        if (sentNs == null) {
            return;
        }
        long sampleNs = Math.max(1, nowNs - sentNs);
        if (state.samples == 0) {
            state.srttNs = sampleNs;
        } else {
            state.srttNs += (sampleNs - state.srttNs) >> SMOOTHING_SHIFT;
        }
        state.samples++;
        state.record(false);
    }

    /**
     * Counts every probe unanswered for longer than the timeout as lost.
     *
     * @param nowNs the current time
     */
    public void tick(long nowNs) {
        if (earliestOutstandingBoundNs == Long.MAX_VALUE || nowNs - earliestOutstandingBoundNs <= probeTimeoutNs) {
            return; // called on every timer tick: visit the peers only once the oldest probe may be overdue
        }
        long earliest = Long.MAX_VALUE;
        for (Peer state : peers.values()) {
            state.expire(nowNs, probeTimeoutNs);
            if (!state.outstanding.isEmpty()) {
                earliest = Math.min(earliest, state.outstanding.get(state.outstanding.firstKey()));
            }
        }
        earliestOutstandingBoundNs = earliest;
    }

    /** @return the smoothed RTT to a peer, or empty before its first sample */
    public OptionalLong rttNs(String peer) {
        Peer state = peers.get(peer);
        return state == null || state.samples == 0 ? OptionalLong.empty() : OptionalLong.of(state.srttNs);
    }

    /** @return the smoothed RTT to a peer, or the configured initial RTT before its first sample */
    public long rttOrInitialNs(String peer) {
        return rttNs(peer).orElse(initialRttNs);
    }

    /** @return lost / (answered + lost) over the peer's last {@code lossWindow} resolved probes; 0 if none */
    public double lossRate(String peer) {
        Peer state = peers.get(peer);
        return state == null || state.resolved == 0 ? 0.0 : (double) state.lostInWindow / state.resolved;
    }

    /** @return how many RTT samples the peer gave (answered probes) */
    public long samples(String peer) {
        Peer state = peers.get(peer);
        return state == null ? 0 : state.samples;
    }

    /** @return how many probes to the peer are awaiting an answer and not yet timed out */
    public int outstandingProbes(String peer) {
        Peer state = peers.get(peer);
        return state == null ? 0 : state.outstanding.size();
    }

    /**
     * Drops everything known about a peer (it left); answers to its earlier probes are then ignored.
     *
     * @param peer the peer site
     */
    public void forget(String peer) {
        peers.remove(peer);
    }

    /** @return the peers probed since they were last forgotten, sorted */
    public SortedSet<String> peers() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(peers.keySet()));
    }

    /** Probe state of one peer. */
    private static final class Peer {
        private final SortedMap<Long, Long> outstanding = new TreeMap<>(); // probe number -> send time
        private final boolean[] lostRing;
        private int ringNext;
        private int resolved;
        private int lostInWindow;
        private long srttNs;
        private long samples;

        Peer(int lossWindow) {
            this.lostRing = new boolean[lossWindow];
        }

        /** Probe numbers grow with send time, so the overdue probes are a prefix of {@code outstanding}. */
        void expire(long nowNs, long probeTimeoutNs) {
            Iterator<Map.Entry<Long, Long>> probes = outstanding.entrySet().iterator();
            while (probes.hasNext()) {
                if (nowNs - probes.next().getValue() <= probeTimeoutNs) {
                    return;
                }
                probes.remove();
                record(true);
            }
        }

        void record(boolean lost) {
            if (resolved == lostRing.length) {
                if (lostRing[ringNext]) {
                    lostInWindow--;
                }
            } else {
                resolved++;
            }
            lostRing[ringNext] = lost;
            if (lost) {
                lostInWindow++;
            }
            ringNext = (ringNext + 1) % lostRing.length;
        }
    }
}
