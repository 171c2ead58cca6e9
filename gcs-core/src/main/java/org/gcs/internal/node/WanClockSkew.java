package org.gcs.internal.node;

import java.net.InetSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes a peer whose clock is further from this node's than {@code wan.replay.max.age} loud: when WAN datagrams from
 * one address authenticate but fail the time check ({@code stale-time}) for half the
 * site timeout (so that the ERROR comes within one site timeout of the first failure), with no
 * fresh datagram from that address meanwhile, one ERROR names the address, the measured offset and what to do; it is
 * logged again only if the condition clears (a fresh datagram, or a site timeout of silence) and comes back. Until
 * then the address counts in {@link #skewedPeers} ({@code gcs.wan.peers.skewed}) and its offset in
 * {@link #largestSkewMs} ({@code gcs.wan.clock.skew}).
 *
 * <p>The offset is this node's wall clock minus the datagram's send time: positive when the peer's clock is behind
 * (or the datagram is old), negative when it is ahead. At most {@value #MAX_PEERS} addresses are tracked. Time comes in
 * as {@code nowNs}. Thread-safe.
 */
final class WanClockSkew {
    /** The most peer addresses tracked at once. */
    static final int MAX_PEERS = 64;
    private static final Logger LOG = LoggerFactory.getLogger(WanClockSkew.class);

    private final SustainedPeerFailures stale;
    private final long replayMaxAgeMs;
    private final Logger log;

    /**
     * @param siteTimeoutNs the site timeout ({@code site.timeout}), in nanoseconds
     * @param replayMaxAgeMs {@code wan.replay.max.age}, in milliseconds, for the line
     * @param log where the ERROR goes (a test passes its own)
     */
    WanClockSkew(long siteTimeoutNs, long replayMaxAgeMs, Logger log) {
        this.stale = new SustainedPeerFailures(siteTimeoutNs / 2, siteTimeoutNs, MAX_PEERS);
        this.replayMaxAgeMs = replayMaxAgeMs;
        this.log = log;
    }

    /**
     * @param siteTimeoutNs the site timeout ({@code site.timeout}), in nanoseconds
     * @param replayMaxAgeMs {@code wan.replay.max.age}, in milliseconds
     */
    WanClockSkew(long siteTimeoutNs, long replayMaxAgeMs) {
        this(siteTimeoutNs, replayMaxAgeMs, LOG);
    }

    /**
     * An authentic datagram from {@code peer} failed the time check.
     *
     * @param offsetMs this node's wall clock minus the datagram's send time, in milliseconds
     * @return whether this datagram made the ERROR line
     */
    boolean stale(InetSocketAddress peer, long offsetMs, long nowNs) {
        long lastedNs = stale.failed(peer, offsetMs, nowNs);
        if (lastedNs < 0) {
            return false;
        }
        log.error("WAN datagrams from {} authenticate but have been refused as stale-time for {} ms: their send times"
                + " are {} ms {} this node's clock, more than wan.replay.max.age ({} ms) allows, so the two sites"
                + " cannot see each other. Synchronise the clocks of both hosts (NTP, chrony: check with"
                + " 'chronyc tracking' or 'timedatectl'), or raise wan.replay.max.age on every node above the offset."
                + " If the clocks agree, something at that address replays old datagrams",
                SustainedPeerFailures.hostPort(peer), lastedNs / 1_000_000, Math.abs(offsetMs), offsetMs >= 0 ? "behind" : "ahead of",
                replayMaxAgeMs);
        return true;
    }

    /** A fresh datagram came from {@code peer}: its streak of stale ones, if any, ends. */
    void fresh(InetSocketAddress peer) {
        stale.succeeded(peer);
    }

    /** @return the addresses whose datagrams have been stale for longer than the site timeout, now */
    int skewedPeers(long nowNs) {
        return stale.sustainedPeers(nowNs);
    }

    /** @return the largest absolute offset of those addresses, in milliseconds, 0 if none */
    long largestSkewMs(long nowNs) {
        return stale.largestSustainedDetail(nowNs);
    }
}
