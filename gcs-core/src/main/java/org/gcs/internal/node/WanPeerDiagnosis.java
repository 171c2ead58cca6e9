package org.gcs.internal.node;

import java.net.InetSocketAddress;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.MalformedDatagramException;

/**
 * The sustained WAN misconfigurations of a peer, each reported once with an ERROR and a gauge: keys that differ
 * ({@link WanAuthFailures}) and a clock further off than {@code wan.replay.max.age} ({@link WanClockSkew}).
 * Thread-safe: the loop reports, a metrics scrape reads.
 */
final class WanPeerDiagnosis implements WanPeerWatch {
    private final WanAuthFailures auth;
    private final WanClockSkew clock;

    /**
     * @param siteTimeoutNs the site timeout ({@code site.timeout}): how long a failure lasts before it is reported
     * @param replayMaxAgeMs {@code wan.replay.max.age}, in milliseconds
     */
    WanPeerDiagnosis(long siteTimeoutNs, long replayMaxAgeMs) {
        this(new WanAuthFailures(siteTimeoutNs), new WanClockSkew(siteTimeoutNs, replayMaxAgeMs));
    }

    WanPeerDiagnosis(WanAuthFailures auth, WanClockSkew clock) {
        this.auth = auth;
        this.clock = clock;
    }

    @Override
    public void accepted(InetSocketAddress from) {
        auth.authenticated(from);
        clock.fresh(from);
    }

    @Override
    public void dropped(InetSocketAddress from, MalformedDatagramException drop, long nowNs) {
        DropReason reason = drop.reason();
        if (WanAuthFailures.isAuthFailure(reason)) {
            auth.failed(from, reason, drop.getMessage(), nowNs);
        } else if (reason == DropReason.STALE_TIME) {
            auth.authenticated(from);
            clock.stale(from, drop.clockOffsetMs(), nowNs);
        }
    }

    /** @return peer addresses whose datagrams have failed authentication for longer than the site timeout, now */
    int unauthenticatedPeers(long nowNs) {
        return auth.unauthenticatedPeers(nowNs);
    }

    /** @return peer addresses whose datagrams have been stale for longer than the site timeout, now */
    int skewedPeers(long nowNs) {
        return clock.skewedPeers(nowNs);
    }

    /** @return the largest clock offset of those peers, in milliseconds, 0 if none */
    long largestSkewMs(long nowNs) {
        return clock.largestSkewMs(nowNs);
    }
}
