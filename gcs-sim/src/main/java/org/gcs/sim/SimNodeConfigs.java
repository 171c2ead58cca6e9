package org.gcs.sim;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigBuilder;
import org.gcs.alm.overlay.DelegateAddress;

/**
 * How a {@link SimNetwork} configures its nodes: the network's node settings (applied to every node started by site
 * and name, as a real node's {@code --set} would be), then what is the network's own: the node's simulated WAN address
 * ({@code sim-<site>-<member>}), its seeds and the simulated cluster key.
 */
final class SimNodeConfigs {
    /** The cluster key of a simulated node (a test node's key, which protects nothing outside the simulation). */
    static final byte[] CLUSTER_KEY = "simulated-cluster-key-0123456789".getBytes(StandardCharsets.UTF_8);
    /** The UDP port of every simulated node's WAN address ({@code sim-<site>-<member>}). */
    static final int WAN_PORT = 7700;

    private final UnaryOperator<GcsConfigBuilder> nodeSettings;

    /**
     * @param nodeSettings the settings of every node started by site and name, applied to its builder
     * @throws org.gcs.GcsConfigException if the settings are invalid (checked at once, on a throw-away node)
     */
    SimNodeConfigs(UnaryOperator<GcsConfigBuilder> nodeSettings) {
        this.nodeSettings = nodeSettings;
        nodeConfig("check", "check", true, new DelegateAddress("sim-check", WAN_PORT), List.of()); // fail fast
    }

    /** @return the builder with the simulated cluster key, as a test node (which the key is) */
    static GcsConfigBuilder withClusterKey(GcsConfigBuilder builder) {
        return builder.clusterKey(CLUSTER_KEY).testNode(true);
    }

    /** @return the simulated WAN address of a node */
    static DelegateAddress addressOf(String site, String name) {
        return new DelegateAddress("sim-" + site + "-" + name, WAN_PORT);
    }

    /** @return a node's configuration: the network's node settings, then what is the network's own */
    GcsConfig nodeConfig(String site, String name, boolean delegateEligible, DelegateAddress address,
                         List<SimNode> seedNodes) {
        GcsConfigBuilder builder = nodeSettings.apply(withClusterKey(GcsConfig.builder()));
        builder.site(site).memberName(name).delegateEligible(delegateEligible);
        return withNetwork(builder, address, seedNodes).build();
    }

    /** @return a node's own configuration with its simulated WAN address and seeds */
    static GcsConfig withNetwork(GcsConfig config, DelegateAddress address, List<SimNode> seedNodes) {
        return withNetwork(config.toBuilder(), address, seedNodes).build();
    }

    /** @return the builder with the node's simulated WAN address and seeds (no socket: port 0 is never bound) */
    private static GcsConfigBuilder withNetwork(GcsConfigBuilder builder, DelegateAddress address,
                                                List<SimNode> seedNodes) {
        List<InetSocketAddress> seeds = new ArrayList<>();
        for (SimNode seed : seedNodes) {
            seeds.add(InetSocketAddress.createUnresolved(seed.address().host(), seed.address().port()));
        }
        return builder.wanBind("0.0.0.0", 0).wanAdvertise(address.host(), address.port()).seedAddresses(seeds);
    }
}
