package org.gcs.internal.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * Which sites a delegate's SWIM pings no longer reach directly ({@code overlay.membership = swim}): a site sent a
 * Ping that has not sent this delegate any datagram since, for longer than the reply timeout. SWIM itself does not
 * notice: when the direct ping goes unanswered, the indirect probes through other sites answer for the site, which
 * stays alive. That is what a NAT change between two sites looks like (a site behind a NAT got a new public address,
 * and the other site's own NAT lets nothing in from it until it writes there itself), so {@link NatTraversal} then
 * relearns the site's address from its peers' hints, as it does for a silent site without SWIM.
 *
 * <p>One entry per site pinged and not heard from since: at most the sites pinged within the last few periods (a
 * site a delegate probes, or pings for another's indirect probe). Confined to the engine's thread.
 */
final class DirectReach {
    /** How long a ping may go without any datagram from its site before the site counts as not reached. */
    private final long replyTimeoutNs;
    /** When each site was first pinged since this delegate last heard from it. */
    private final Map<String, Long> unansweredSinceNs = new HashMap<>();

    /** @param replyTimeoutNs how long a ping may go unanswered (a SWIM period: twice SWIM's own probe timeout) */
    DirectReach(long replyTimeoutNs) {
        this.replyTimeoutNs = replyTimeoutNs;
    }

    /** This delegate sent a site a Ping (its own probe, or one for another site's indirect probe). */
    void onPingSent(String site, long nowNs) {
        unansweredSinceNs.putIfAbsent(site, nowNs);
    }

    /** A datagram of any kind came from the site's delegate, directly or through a relay: the path works. */
    void onHeard(String site) {
        unansweredSinceNs.remove(site);
    }

    /** The site left SWIM's members. */
    void forget(String site) {
        unansweredSinceNs.remove(site);
    }

    /** @return whether a ping to the site has gone without any datagram from it for longer than the reply timeout */
    boolean unreached(String site, long nowNs) {
        Long sinceNs = unansweredSinceNs.get(site);
        return sinceNs != null && nowNs - sinceNs > replyTimeoutNs;
    }
}
