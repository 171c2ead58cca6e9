package org.gcs.internal.engine;

import java.util.concurrent.TimeUnit;
import org.gcs.internal.log.RateLimitedLog;
import org.slf4j.LoggerFactory;

/**
 * Tells the operator when the overlay outgrows the end-to-end transport (issue 38): once a delegate knows more than
 * {@value #END_TO_END_SITES} sites on {@code wan.transport = end-to-end}, it logs one WARN that names the setting to
 * change and the figures behind it, and again only after the overlay shrank below that and grew past it anew. End to
 * end, TFRC's rate follows the worst path's loss, which grows with the depth of the tree: in
 * {@code gcs lab transport-scaling} (docs/experiments.md) its throughput at 32 sites was 0.28 of its 8-site
 * throughput and at 512 sites 0.03, while hop by hop kept 0.96 and 0.89. The threshold lies between the measured 8
 * and 32 sites. Engine thread only.
 */
final class TransportAdvice {
    /** The most sites the end-to-end transport is advised for. */
    static final int END_TO_END_SITES = 16;
    /**
     * One line per process and hour at most: the simulator runs hundreds of delegates in one process (the lab's
     * transport-scaling on end to end with 512 sites would otherwise print 512 lines), a deployment one per process.
     */
    private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(TransportAdvice.class),
            TimeUnit.HOURS.toNanos(1));

    private final String memberName;
    private final boolean hopByHop;
    private final ThresholdCrossing crossing = new ThresholdCrossing(END_TO_END_SITES);

    /**
     * @param memberName this member, for the log
     * @param hopByHop whether the node runs the hop-by-hop transport (then there is nothing to advise)
     */
    TransportAdvice(String memberName, boolean hopByHop) {
        this.memberName = memberName;
        this.hopByHop = hopByHop;
    }

    /**
     * @param sites the sites this delegate knows, its own included
     * @param nowNs the engine's time
     * @return whether this call gave the advice (logged unless another delegate of this process did within the hour)
     */
    boolean onSiteCount(int sites, long nowNs) {
        if (hopByHop || !crossing.crossed(sites)) {
            return false;
        }
        LOG.warn("advice", nowNs, "{}: the overlay has {} sites on wan.transport = end-to-end, whose throughput falls as the tree"
                + " deepens (gcs lab transport-scaling: 0.28 of the 8-site throughput at 32 sites, 0.03 at 512; hop by"
                + " hop kept 0.96 and 0.89): above {} sites set wan.transport = hop-by-hop on every node"
                + " (docs/experiments.md, transport-scaling)", memberName, sites, END_TO_END_SITES);
        return true;
    }
}
