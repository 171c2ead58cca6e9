package org.gcs.internal.engine;

import java.util.List;
import org.gcs.FlowLimits;
import org.gcs.OverlaySettings;
import org.gcs.ProtocolTimers;
import org.gcs.TransportSettings;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.cc.api.CongestionControl;
import org.gcs.internal.flow.FlowSettings;

/**
 * The engine's view of the node configuration: the configuration's parts as they are ({@link ProtocolTimers},
 * {@link FlowLimits}, {@link OverlaySettings}, {@link TransportSettings}), with what a driver derives from them: the
 * incarnation, the seeds other than this node, its own WAN address, the congestion-control scheme and the random seed.
 * Built in one place, {@code EngineSettingsFactory.create}, from a {@code GcsConfig}, for the Netty driver and the
 * simulator alike; the engine reads the parts whole, so a new setting of a part reaches it without a change here.
 *
 * @param site this node's site
 * @param memberName this member's name
 * @param incarnation this member's incarnation (unique per process start)
 * @param delegateEligible whether this member may be the delegate
 * @param timers heartbeat, site timeout and tick
 * @param maxDatagramBytes the largest WAN datagram
 * @param limits the send window and the other byte limits
 * @param flow timers and limits of the reliable meta-flows
 * @param seeds the seeds to announce this site to until their sites answer (names are resolved by the driver)
 * @param selfWanAddress this node's own WAN address if known (never announced to), or null
 * @param overlay the overlay tree's strategy, fan-out, probe and refresh intervals
 * @param congestionControl the congestion-control scheme (built from the node's configuration)
 * @param randomSeed the seed of the controllers' random choices (each flow derives its own from it and its
 *                   identity, {@link FlowSeeds}): random per process in production, fixed per run in the simulator
 * @param transport how data crosses the WAN ({@link TransportSettings#END_TO_END} unless configured)
 */
public record EngineSettings(String site, String memberName, long incarnation, boolean delegateEligible,
                             ProtocolTimers timers, int maxDatagramBytes, FlowLimits limits, FlowSettings flow,
                             List<Seed> seeds, DelegateAddress selfWanAddress, OverlaySettings overlay,
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

    /** @return the interval of the delegate's site announcements */
    public long heartbeatNs() {
        return timers.heartbeatInterval().toNanos();
    }

    /** @return the silence after which a remote site is dropped */
    public long siteTimeoutNs() {
        return timers.siteTimeout().toNanos();
    }

    /** @return unstable payload bytes a member may have before sends wait */
    public long sendWindowBytes() {
        return limits.sendWindowBytes();
    }

    /** @return the overlay tree strategy (a built-in name or a class name) */
    public String treeStrategy() {
        return overlay.treeStrategy();
    }

    /** @return the most children of a site in the overlay tree */
    public int maxFanOut() {
        return overlay.maxFanOut();
    }

    /** @return true if the delegates run SWIM ({@code overlay.membership = swim}) instead of all-to-all announcements */
    public boolean swimMembership() {
        return overlay.swim();
    }

    /** @return how often a delegate probes its links */
    public long probeIntervalNs() {
        return overlay.probeInterval().toNanos();
    }

    /** @return how often the coordinator reconsiders the tree for better link costs */
    public long treeRefreshNs() {
        return overlay.treeRefreshInterval().toNanos();
    }
}
