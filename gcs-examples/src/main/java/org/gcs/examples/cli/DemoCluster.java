package org.gcs.examples.cli;

import io.micrometer.core.instrument.MeterRegistry;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigBuilder;
import org.gcs.GcsNode;
import org.gcs.LanConfig;
import org.gcs.emulator.LinkEmulation;
import org.gcs.emulator.Topology;
import org.gcs.tools.cli.NodeSettings;
import org.gcs.tools.local.LoopbackSeeds;
import org.gcs.tools.threads.Threads;

/**
 * Real nodes of several sites on one machine: every site is a JGroups cluster on UDP multicast bound to
 * 127.0.0.1, with a multicast port and cluster name of its own for this run (so two demos on one machine do not
 * meet); WAN sockets bind free ports on 127.0.0.1 and pass through the link emulator; every node is seeded with
 * the WAN addresses of the nodes started before it in other sites; the cluster key is random.
 */
final class DemoCluster implements AutoCloseable {
    /** Lowest multicast port a run may pick (above the range LanConfig derives from site names). */
    static final int MCAST_PORT_LOW = 50_000;
    /** Number of multicast ports a run's base port is picked from. */
    static final int MCAST_PORT_SPREAD = 10_000;

    private static final Duration HEARTBEAT = Duration.ofMillis(500);
    /**
     * The demo's send window, 1 MiB, below the node default of 4 MiB: the demo's drain limits and documented times were
     * measured with it, and without a rate controller (hop by hop with {@code none}) a member's whole window queues
     * behind the slowest tree edge, so a larger window only lengthens the drain. {@code --set send.window.bytes} wins.
     */
    static final long SEND_WINDOW_BYTES = 1 << 20;
    private static final Duration SITE_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration LAN_JOIN_TIMEOUT = Duration.ofMillis(500);

    private final List<GcsNode> nodes = new ArrayList<>();
    private final String runId;

    private DemoCluster(String runId) {
        this.runId = runId;
    }

    /**
     * Starts {@code membersPerSite} members in every site of the topology, one after the other.
     *
     * @param topology the emulated WAN and its sites
     * @param membersPerSite members per site
     * @param seed the emulator's seed
     * @param registry where every node registers its meters
     * @param nodeSettings settings applied to every node (--controller, --set)
     * @return the running cluster
     * @throws org.gcs.GcsException if a node cannot start (the nodes started so far are closed)
     */
    static DemoCluster start(Topology topology, int membersPerSite, String treeStrategy, long seed,
                             MeterRegistry registry, NodeSettings nodeSettings) {
        SecureRandom random = new SecureRandom();
        byte[] clusterKey = new byte[32];
        random.nextBytes(clusterKey);
        String runId = HexFormat.of().formatHex(clusterKey, 0, 3);
        int sites = topology.sites().size();
        int portBase = MCAST_PORT_LOW + random.nextInt(MCAST_PORT_SPREAD - sites);
        DemoCluster cluster = new DemoCluster(runId);
        try {
            for (int s = 0; s < sites; s++) {
                String site = topology.sites().get(s);
                LanConfig lan = LanConfig.builder().bindAddress("127.0.0.1").mcastPort(portBase + s)
                        .clusterName("gcs-demo-" + runId + "-" + site).joinTimeout(LAN_JOIN_TIMEOUT).build();
                for (int m = 1; m <= membersPerSite; m++) {
                    GcsConfigBuilder builder = GcsConfig.builder()
                            .site(site)
                            .memberName(site + "-" + m)
                            .clusterKey(clusterKey)
                            .wanBind("127.0.0.1", 0)
                            .seedAddresses(LoopbackSeeds.outside(site, cluster.nodes))
                            .heartbeatInterval(HEARTBEAT)
                            .siteTimeout(SITE_TIMEOUT)
                            .lan(lan)
                            .wanPipelineHook(LinkEmulation.of(topology, seed))
                            .treeStrategy(treeStrategy)
                            .sendWindowBytes(SEND_WINDOW_BYTES)
                            .meterRegistry(registry);
                    GcsConfig config = nodeSettings.applyTo(builder).build(); // --set wins over the demo's defaults
                    cluster.nodes.add(GcsNode.start(config));
                }
            }
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** @return the nodes, site by site in topology order */
    List<GcsNode> nodes() {
        return nodes;
    }

    /** @return the random id of this run (part of the LAN cluster names) */
    String runId() {
        return runId;
    }

    /** Closes every node, in parallel (each close leaves a JGroups cluster, which takes a moment). */
    @Override
    public void close() {
        if (nodes.isEmpty()) {
            return;
        }
        Threads.closeAll(nodes, "gcs-demo-close", Duration.ofSeconds(30));
        nodes.clear();
    }
}
