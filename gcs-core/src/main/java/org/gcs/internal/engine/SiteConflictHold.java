package org.gcs.internal.engine;

import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.LanMessage.SiteConflictNotice;
import org.slf4j.LoggerFactory;

/**
 * A member's hold on new messages while its delegate reports that another delegate announces this site's name at
 * once ({@link SiteConflictNotice}: two LANs configured with one {@code site}, or the LAN split). The remote sites
 * then route the name's traffic to one of the two delegates and drop the other's, and the LAN they do not follow may
 * change or be stopped at any time: a message admitted meanwhile may never reach them. So nothing new is admitted
 * until the delegate says the conflict is over; senders wait as for a full window ({@code send} with a timeout gives
 * up), and each member logs once per episode why.
 *
 * <p>The delegate repeats the notice each heartbeat while the conflict lasts; a hold not renewed for twice the site
 * timeout ends by itself (the delegate that reported it is gone, and its successor repeats it if it still holds).
 *
 * <p>Sans-IO: time comes in as {@code nowNs}. Not thread-safe: owned by one node's protocol engine.
 */
final class SiteConflictHold {
    private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(SiteConflictHold.class));

    private final String site;
    private final String member;
    private final long renewWithinNs;
    /** Until when this member admits nothing new, unless the delegate ends the hold before. */
    private long holdUntilNs;
    private boolean holding;

    /**
     * @param site this member's site name
     * @param member this member's name (in the log)
     * @param renewWithinNs how long a notice holds unless renewed (twice the site timeout)
     */
    SiteConflictHold(String site, String member, long renewWithinNs) {
        this.site = site;
        this.member = member;
        this.renewWithinNs = renewWithinNs;
    }

    /** The delegate reported that the site's name is conflicted, or that the conflict is over. */
    void onNotice(SiteConflictNotice notice, long nowNs) {
        if (notice.conflicted()) {
            if (!holds(nowNs)) {
                LOG.warn(member + "/site-conflict-hold", nowNs, "{}/{}: sends wait: two delegates announce this"
                        + " site's name {} at once (two LANs are configured with site={}, or this LAN is split), so the"
                        + " remote sites do not acknowledge this LAN reliably. Give each LAN its own `site`; sending"
                        + " goes on once only one LAN is left", site, member, site, site);
            }
            holding = true;
            holdUntilNs = nowNs + renewWithinNs;
        } else if (holding) {
            holding = false;
            LOG.info(member + "/site-conflict-hold-over", nowNs, "{}/{}: the site's delegate reports that only one"
                    + " delegate announces {} again: sends go on", site, member, site);
        }
    }

    /** @return whether this member admits nothing new now */
    boolean holds(long nowNs) {
        if (holding && nowNs - holdUntilNs >= 0) {
            holding = false; // not renewed: the delegate that reported it is gone
        }
        return holding;
    }
}
