package org.gcs.emulator;

import io.netty.channel.ChannelHandler;
import java.util.Objects;
import org.gcs.driver.WanHookContext;
import org.gcs.driver.WanPipelineHook;

/**
 * The link emulator as a node's WAN pipeline hook: every datagram a node sends to another site crosses the emulated
 * link from its site to that site ({@link LinkEmulatorHandler}). For tests and demos that run several sites on one
 * machine:
 *
 * <pre>{@code
 * GcsConfig config = GcsConfig.builder().site("boston")...
 *         .wanPipelineHook(LinkEmulation.of(Topology.load("ron3"), 42))
 *         .build();
 * }</pre>
 *
 * <p>The drops count in {@code gcs.emulator.datagrams.dropped{reason=loss|queue}}. A node's properties file asks for
 * it with {@code emulation.topology} and {@code emulation.seed} ({@link LinkEmulationKeys}).
 *
 * @param topology the emulated WAN; the node's site must be one of its sites
 * @param seed the seed of the random loss and jitter (each link derives its own from it)
 */
public record LinkEmulation(Topology topology, long seed) implements WanPipelineHook {

    /** Requires a topology. */
    public LinkEmulation {
        Objects.requireNonNull(topology, "topology");
    }

    /**
     * @param topology the emulated WAN
     * @param seed the seed of the random loss and jitter
     * @return the hook
     */
    public static LinkEmulation of(Topology topology, long seed) {
        return new LinkEmulation(topology, seed);
    }

    @Override
    public void check(String site) {
        if (!topology.sites().contains(site)) {
            throw new IllegalArgumentException("site '" + site + "' is not in the emulated topology '" + topology.name()
                    + "' (sites: " + topology.sites() + "): pick one of those site names");
        }
    }

    @Override
    public ChannelHandler newHandler(WanHookContext context) {
        LinkEmulatorHandler handler = new LinkEmulatorHandler(context.site(), topology, context::siteOf, seed);
        context.countDrops("loss", handler::droppedByLoss);
        context.countDrops("queue", handler::droppedByQueue);
        return handler;
    }

    @Override
    public String toString() {
        return "emulation " + topology.name() + " (seed " + seed + ")";
    }
}
