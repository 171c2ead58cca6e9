package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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
 * for all that time. The next ping that goes unanswered doubts it again.
 *
 * <p><b>One-way links.</b> Apart from that, it keeps each site's run of pings that went without an answer from the site
 * itself (its Ack or Nack: the site heard this delegate). Any other datagram does not end the run: on a link that
 * carries only the other way, the site's own pings still arrive here. While a run lasts, the site is pinged again
 * {@value #RUN_PINGS_PER_PERIOD} times a reply timeout out of SWIM's schedule ({@link #reachPingsDue}); a run of
 * {@code 2 · site.timeout} with that many pings is a one-way link ({@link #oneWaySites}), which SWIM does not see
 * either. At 20 % loss a ping or its answer is lost 36 % of the time: a run of 10 pings (one a period, with the default
 * timers) then ended in a false one-way link about once in 3 · 10^4 runs (once in a 30-s run of 256 sites); a run of
 * 20 in 10^9. A run ends at its first answer, so the extra pings cost the same either way. Confined to the engine's
 * thread.
 */
final class DirectReach {
    /** How many reply timeouts after its last ping a site unanswered still counts as not reached. */
    static final int RECENT_PERIODS = 3;
    /** How many times a reply timeout a site that leaves this delegate's pings unanswered is pinged again. */
    static final int RUN_PINGS_PER_PERIOD = 2;

    /** A site pinged and not heard from since: since when, and when it was last pinged. */
    private record Unanswered(long sinceNs, long lastPingNs) {
    }

    /** How long a ping may go without any datagram from its site before the site counts as not reached. */
    private final long replyTimeoutNs;
    private final Map<String, Unanswered> unanswered = new HashMap<>();
    /** Each site's run of pings without an answer from it: since when, when last pinged, and how many pings. */
    private final Map<String, Run> runs = new HashMap<>();

    /** A run of pings to a site that it did not answer. */
    private record Run(long sinceNs, long lastPingNs, int pings) {
    }

    /** @param replyTimeoutNs how long a ping may go unanswered (a SWIM period: twice SWIM's own probe timeout) */
    DirectReach(long replyTimeoutNs) {
        this.replyTimeoutNs = replyTimeoutNs;
    }

    /** This delegate sent a site a Ping (its own probe, or one for another site's indirect probe). */
    void onPingSent(String site, long nowNs) {
        unanswered.merge(site, new Unanswered(nowNs, nowNs), (old, ping) -> isRecent(old, nowNs)
                ? new Unanswered(old.sinceNs(), nowNs) : ping);
        runs.merge(site, new Run(nowNs, nowNs, 1), (old, ping) -> new Run(old.sinceNs(), nowNs, old.pings() + 1));
    }

    /** The site answered a request of this delegate's itself (an Ack or a Nack): it hears this delegate. */
    void onAnswered(String site) {
        runs.remove(site);
    }

    /**
     * @return the sites whose run of unanswered pings lasts and whose last ping is half a reply timeout old: ping them
     *     again (a run whose last ping is {@value #RECENT_PERIODS} reply timeouts old ended without a verdict, as
     *     when SWIM took the site over as suspect, and is dropped)
     */
    List<String> reachPingsDue(long nowNs) {
        if (runs.isEmpty()) {
            return List.of();
        }
        List<String> due = new ArrayList<>(runs.size());
        for (var entry = runs.entrySet().iterator(); entry.hasNext(); ) {
            Map.Entry<String, Run> run = entry.next();
            long sinceLastNs = nowNs - run.getValue().lastPingNs();
            if (sinceLastNs > RECENT_PERIODS * replyTimeoutNs) {
                entry.remove();
            } else if (sinceLastNs >= replyTimeoutNs / RUN_PINGS_PER_PERIOD) {
                due.add(run.getKey());
            }
        }
        return due;
    }

    /**
     * @param oneWayNs how long a run must last ({@code 2 · site.timeout})
     * @return the sites whose run lasted that long, with a ping every half reply timeout: they did not answer
     *     this delegate for all that time, while the indirect probes kept them alive (a one-way link)
     */
    List<String> oneWaySites(long oneWayNs, long nowNs) {
        List<String> oneWay = new ArrayList<>(0);
        long minPings = RUN_PINGS_PER_PERIOD * oneWayNs / replyTimeoutNs;
        runs.forEach((site, run) -> {
            if (nowNs - run.sinceNs() >= oneWayNs && run.pings() >= minPings
                    && nowNs - run.lastPingNs() <= 2 * replyTimeoutNs) {
                oneWay.add(site);
            }
        });
        return oneWay;
    }

    /** This delegate did not run for a while, or its peers drop its datagrams on purpose: no run says anything. */
    void clearRuns() {
        runs.clear();
    }

    /** A datagram of any kind came from the site's delegate, directly or through a relay: the path works. */
    void onHeard(String site) {
        unanswered.remove(site);
    }

    /** The site left SWIM's members or this delegate's directory. */
    void forget(String site) {
        unanswered.remove(site);
        runs.remove(site);
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
