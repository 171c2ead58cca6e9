package org.gcs.internal.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * Which sites a delegate's SWIM pings no longer reach directly ({@code overlay.membership = swim}): a site this
 * delegate sent a Ping and that has sent it no datagram since, for longer than the reply timeout. SWIM itself does not
 * notice: when the direct ping goes unanswered, the indirect probes through other sites answer for the site, which
 * stays alive. That is what a NAT change between two sites looks like (a site behind a NAT got a new public address,
 * and the other site's own NAT lets nothing in from it until it writes there itself), so {@link NatTraversal} then
 * relearns the site's address from its peers' hints, as it does for a silent site without SWIM.
 *
 * <p>A site counts as not reached only while this delegate pinged it within the last {@value #RECENT_PERIODS} reply
 * timeouts: at a thousand sites a delegate pings a given site once in a thousand periods, and one lost answer must not
 * keep the site doubted (and the digest this delegate announces without it, which makes its peers send their hints)
 * for all that time. The next ping that goes unanswered doubts it again. Confined to the engine's thread.
 */
final class DirectReach {
    /** How many reply timeouts after its last ping a site unanswered still counts as not reached. */
    static final int RECENT_PERIODS = 3;

    /** A site pinged and not heard from since: since when, and when it was last pinged. */
    private record Unanswered(long sinceNs, long lastPingNs) {
    }

    /** How long a ping may go without any datagram from its site before the site counts as not reached. */
    private final long replyTimeoutNs;
    private final Map<String, Unanswered> unanswered = new HashMap<>();

    /** @param replyTimeoutNs how long a ping may go unanswered (a SWIM period: twice SWIM's own probe timeout) */
    DirectReach(long replyTimeoutNs) {
        this.replyTimeoutNs = replyTimeoutNs;
    }

    /** This delegate sent a site a Ping (its own probe, or one for another site's indirect probe). */
    void onPingSent(String site, long nowNs) {
        unanswered.merge(site, new Unanswered(nowNs, nowNs), (old, ping) -> isRecent(old, nowNs)
                ? new Unanswered(old.sinceNs(), nowNs) : ping);
    }

    /** A datagram of any kind came from the site's delegate, directly or through a relay: the path works. */
    void onHeard(String site) {
        unanswered.remove(site);
    }

    /** The site left SWIM's members. */
    void forget(String site) {
        unanswered.remove(site);
    }

    /**
     * @return whether a recent ping to the site (within {@value #RECENT_PERIODS} reply timeouts) has gone without any
     *     datagram from it for longer than the reply timeout; an entry no longer recent is dropped here
     */
    boolean unreached(String site, long nowNs) {
        Unanswered entry = unanswered.get(site);
        if (entry == null) {
            return false;
        }
        if (!isRecent(entry, nowNs)) {
            unanswered.remove(site);
            return false;
        }
        return nowNs - entry.sinceNs() > replyTimeoutNs;
    }

    private boolean isRecent(Unanswered entry, long nowNs) {
        return nowNs - entry.lastPingNs() <= RECENT_PERIODS * replyTimeoutNs;
    }
}
