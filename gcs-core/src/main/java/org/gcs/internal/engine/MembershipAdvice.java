package org.gcs.internal.engine;

import java.util.concurrent.TimeUnit;
import org.gcs.internal.log.RateLimitedLog;
import org.slf4j.LoggerFactory;

/**
 * Tells the operator when the overlay outgrows the all-to-all membership (issue 38): once a delegate knows more than
 * {@value #ALL_TO_ALL_SITES} sites on {@code overlay.membership = all-to-all}, it logs one WARN that names the setting
 * to change and the figures behind it, and again only after the overlay shrank to that and grew past it anew. All to
 * all, a delegate announces its site to every other one every heartbeat and probes every link twice a second: in
 * {@code gcs lab membership-scaling} (docs/experiments.md) it sent 315 datagrams a second at 64 sites and 637 at 128,
 * about 5 per site, while with {@code swim} it sent about 12 whatever the sites, up to 1024 (the largest measured).
 * Engine thread only.
 */
final class MembershipAdvice {
    /** The most sites the all-to-all membership is advised for. */
    static final int ALL_TO_ALL_SITES = 64;
    /** One line per process and hour at most, as {@link TransportAdvice}: the simulator runs many delegates. */
    private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(MembershipAdvice.class),
            TimeUnit.HOURS.toNanos(1));

    private final String memberName;
    private final boolean swim;
    private final ThresholdCrossing crossing = new ThresholdCrossing(ALL_TO_ALL_SITES);

    /**
     * @param memberName this member, for the log
     * @param swim whether the node runs SWIM (then there is nothing to advise)
     */
    MembershipAdvice(String memberName, boolean swim) {
        this.memberName = memberName;
        this.swim = swim;
    }

    /**
     * @param sites the sites this delegate knows, its own included
     * @param nowNs the engine's time
     * @return whether this call gave the advice (logged unless another delegate of this process did within the hour)
     */
    boolean onSiteCount(int sites, long nowNs) {
        if (swim || !crossing.crossed(sites)) {
            return false;
        }
        LOG.warn("advice", nowNs, "{}: the overlay has {} sites on overlay.membership = all-to-all, where every"
                + " delegate announces itself to every site and probes every link (gcs lab membership-scaling: 315"
                + " datagrams per delegate per second at 64 sites, 637 at 128; with swim about 12 at up to 1024"
                + " sites): above {} sites set overlay.membership = swim on every node (docs/experiments.md,"
                + " membership-scaling)", memberName, sites, ALL_TO_ALL_SITES);
        return true;
    }
}
