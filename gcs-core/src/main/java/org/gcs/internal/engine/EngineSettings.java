package org.gcs.internal.engine;

import java.util.List;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.cc.api.CongestionControl;
import org.gcs.internal.flow.FlowSettings;

/**
 * The engine's view of the node configuration, in nanoseconds and bytes.
 *
 * @param site this node's site
 * @param memberName this member's name
 * @param incarnation this member's incarnation (unique per process start)
 * @param delegateEligible whether this member may be the delegate
 * @param heartbeatNs interval of the delegate's site announcements
 * @param siteTimeoutNs silence after which a remote site is dropped
 * @param maxDatagramBytes the largest WAN datagram
 * @param sendWindowBytes unstable payload bytes a member may have before sends wait
 * @param flow timers and limits of the reliable meta-flows
 * @param seeds WAN addresses to announce this site to until their sites answer
 * @param selfWanAddress this node's own WAN address if known (never announced to), or null
 * @param treeStrategy the overlay tree strategy (a built-in name or a class name)
 * @param maxFanOut the most children of a site in the overlay tree
 * @param probeIntervalNs how often a delegate probes its links
 * @param treeRefreshNs how often the coordinator reconsiders the tree for better link costs
 * @param congestionControl the congestion-control scheme (built from the node's configuration)
 * @param randomSeed the seed of the controllers' random choices (each flow derives its own from it and its
 *                   identity, {@link FlowSeeds}): random per process in production, fixed per run in the simulator
 * @param transport how data crosses the WAN ({@link TransportSettings#END_TO_END} unless configured)
 */
public record EngineSettings(String site, String memberName, long incarnation, boolean delegateEligible,
                             long heartbeatNs, long siteTimeoutNs, int maxDatagramBytes, long sendWindowBytes,
                             FlowSettings flow, List<DelegateAddress> seeds, DelegateAddress selfWanAddress,
                             String treeStrategy, int maxFanOut, long probeIntervalNs, long treeRefreshNs,
                             CongestionControl congestionControl, long randomSeed, TransportSettings transport) {

    /**
     * Makes the seed list immutable; on the hop-by-hop transport, the end-to-end repair is a fallback: it waits
     * {@link TransportSettings#endToEndRepairDelayNs()} for lagging acknowledgements (the links hold packets back by
     * design), or is off.
     */
    public EngineSettings {
        seeds = List.copyOf(seeds);
        if (transport.hopByHop()) {
            flow = flow.withEndToEndRepair(transport.endToEndRepair(),
                    Math.max(flow.lagSyncFloorNs(), transport.endToEndRepairDelayNs()));
        }
    }
}
