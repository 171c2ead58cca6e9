package org.gcs.examples.kv;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigBuilder;
import org.gcs.GcsNode;
import org.gcs.LanConfig;

/**
 * Real nodes on loopback for the sample's tests, through the public API only: each site a JGroups LAN of its own
 * (a multicast port and a cluster name unique to this run), WAN sockets on 127.0.0.1 with free ports, every node
 * seeded with the WAN addresses of the nodes started before it in other sites, and a 3 s site timeout.
 */
final class LoopbackSites implements AutoCloseable {
    private static final String KEY = "kv-sample-test-cluster-key-0123456789";
    /** Below gcs-core's LoopbackCluster (44 000 and up) and the ports derived from site names (46 000-47 999). */
    private final int portBase = 40_000 + ThreadLocalRandom.current().nextInt(380) * 10;
    private final String run = ProcessHandle.current().pid() + "-" + Long.toHexString(System.nanoTime());
    private final List<GcsNode> nodes = new ArrayList<>();
    private final List<String> sites = new ArrayList<>();

    /**
     * @param site the site
     * @param member the member's name
     * @param customize changes to the configuration (a WAN pipeline hook, a meter registry)
     * @return the started node
     */
    GcsNode start(String site, String member, UnaryOperator<GcsConfigBuilder> customize) {
        if (!sites.contains(site)) {
            sites.add(site);
        }
        List<String> seeds = new ArrayList<>();
        for (GcsNode node : nodes) {
            if (!node.self().site().equals(site)) {
                InetSocketAddress wan = node.wanAddress();
                seeds.add("127.0.0.1:" + wan.getPort());
            }
        }
        GcsConfigBuilder builder = GcsConfig.builder()
                .site(site)
                .memberName(member)
                .clusterKey(KEY)
                .wanBind("127.0.0.1", 0)
                .seeds(seeds)
                .heartbeatInterval(Duration.ofMillis(500))
                .siteTimeout(Duration.ofSeconds(3))
                .lan(LanConfig.builder().bindAddress("127.0.0.1")
                        .mcastPort(portBase + sites.indexOf(site))
                        .clusterName("gcs-kv-test-" + run + "-" + site)
                        .joinTimeout(Duration.ofMillis(500)).build());
        GcsNode node = GcsNode.start(customize.apply(builder).build());
        nodes.add(node);
        return node;
    }

    @Override
    public void close() {
        for (GcsNode node : nodes) {
            node.close();
        }
    }
}
