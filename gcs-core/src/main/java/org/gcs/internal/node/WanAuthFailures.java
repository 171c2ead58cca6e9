package org.gcs.internal.node;

import java.net.InetSocketAddress;
import org.gcs.internal.wire.DropReason;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes a peer whose cluster keys differ from this node's loud: when WAN datagrams from one address have failed
 * authentication ({@code bad-hmac}, {@code unknown-key}) for half the
 * site timeout (so that the ERROR comes within one site timeout of the first failure), and none from that address
 * authenticated meanwhile, one ERROR names the address, says that the keys differ and what to check; it is logged
 * again only if the failures stop (an authentic datagram, or a site timeout of silence) and come back. Until then the
 * address counts in {@link #unauthenticatedPeers} ({@code gcs.wan.peers.unauthenticated}).
 *
 * <p>A heartbeat-rate stream of such drops stays below the sustained-drop WARN ({@code SustainedDrops}), so without
 * this a site started with another key stays alone in silence. At most {@value #MAX_PEERS} addresses are tracked
 * (datagrams with forged source addresses cannot grow the table). Time comes in as {@code nowNs}. Thread-safe.
 */
final class WanAuthFailures {
    /** The most peer addresses tracked at once. */
    static final int MAX_PEERS = 64;
    private static final Logger LOG = LoggerFactory.getLogger(WanAuthFailures.class);

    private final SustainedPeerFailures failures;
    private final Logger log;

    /**
     * @param siteTimeoutNs the site timeout ({@code site.timeout}), in nanoseconds
     * @param log where the ERROR goes (a test passes its own)
     */
    WanAuthFailures(long siteTimeoutNs, Logger log) {
        this.failures = new SustainedPeerFailures(siteTimeoutNs / 2, siteTimeoutNs, MAX_PEERS);
        this.log = log;
    }

    /** @param siteTimeoutNs the site timeout ({@code site.timeout}), in nanoseconds */
    WanAuthFailures(long siteTimeoutNs) {
        this(siteTimeoutNs, LOG);
    }

    /** @return whether this drop reason means the datagram failed authentication under this node's keys */
    static boolean isAuthFailure(DropReason reason) {
        return reason == DropReason.BAD_HMAC || reason == DropReason.UNKNOWN_KEY;
    }

    /**
     * A datagram from {@code peer} failed authentication.
     *
     * @param reason {@code BAD_HMAC} or {@code UNKNOWN_KEY}
     * @param detail what the codec said (e.g. which key id is missing from the ring)
     * @return whether this failure made the ERROR line
     */
    boolean failed(InetSocketAddress peer, DropReason reason, String detail, long nowNs) {
        long lastedNs = failures.failed(peer, 0, nowNs);
        if (lastedNs < 0) {
            return false;
        }
        log.error("WAN datagrams from {} have failed authentication for {} ms ({}: {}), and none from that address"
                + " authenticated meanwhile: the cluster keys (or key ids) differ between this node and that peer, so"
                + " the two cannot see each other. Check that both nodes have the same cluster.key or cluster.key.hex,"
                + " or, with cluster.key.file, a common key under the same id (key.<id> lines) and a send.key the"
                + " other accepts; while rotating keys, add the new key on every node before any node sends with it."
                + " If that address is no GCS node of this cluster, something there sends forged datagrams",
                SustainedPeerFailures.hostPort(peer), lastedNs / 1_000_000, reason.tag(), detail);
        return true;
    }

    /** A datagram from {@code peer} authenticated: its failures, if any, end. */
    void authenticated(InetSocketAddress peer) {
        failures.succeeded(peer);
    }

    /** @return the addresses whose datagrams have failed authentication for longer than the site timeout, now */
    int unauthenticatedPeers(long nowNs) {
        return failures.sustainedPeers(nowNs);
    }
}
