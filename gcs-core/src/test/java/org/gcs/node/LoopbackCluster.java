package org.gcs.node;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigBuilder;
import org.gcs.GcsNode;
import org.gcs.LanConfig;
import org.gcs.internal.node.NettyJGroupsNode;

/**
 * Starts real nodes on loopback for tests: each site is a JGroups cluster (UDP multicast bound to 127.0.0.1,
 * its own port), WAN sockets on 127.0.0.1 with free ports, every node seeded with the WAN addresses of the
 * nodes started before it in other sites.
 */
final class LoopbackCluster implements AutoCloseable {
    static final String KEY = "loopback-test-cluster-key-0123456789";
    // below the range LanConfig derives from site names (46000-47999) and the demo's (50000-59999)
    private static final int PORT_BASE = 44_000 + (int) (ProcessHandle.current().pid() % 100) * 10;

    private static final java.util.concurrent.atomic.AtomicInteger INSTANCES = new java.util.concurrent.atomic.AtomicInteger();

    private final List<GcsNode> nodes = new ArrayList<>();
    private final List<String> sites = new ArrayList<>();
    /** WAN addresses (host:port) of nodes outside this JVM that every node started here is seeded with. */
    private final List<String> outsideSeeds = new ArrayList<>();
    /** Every cluster of a test JVM gets its own JGroups names and ports: tests never meet each other's nodes. */
    private final int instance = INSTANCES.getAndIncrement();

    GcsNode start(String site, String member, UnaryOperator<GcsConfigBuilder> customize) {
        return startInLan(site, site, member, customize);
    }

    /**
     * Starts a node in a LAN of its own name that may be configured with another LAN's site name (a
     * misconfiguration the overlay must detect).
     *
     * @param lan the LAN (JGroups cluster and port) to join, named apart from the sites' own LANs
     */
    GcsNode startInLan(String lan, String site, String member, UnaryOperator<GcsConfigBuilder> customize) {
        if (!sites.contains(lan)) {
            sites.add(lan);
        }
        List<String> seeds = new ArrayList<>(outsideSeeds);
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
                .heartbeatInterval(java.time.Duration.ofMillis(500))
                .siteTimeout(java.time.Duration.ofSeconds(3))
                .lan(LanConfig.builder().bindAddress("127.0.0.1")
                        .mcastPort(PORT_BASE + (instance * 8 + sites.indexOf(lan)) % 1000)
                        .clusterName("gcs-test-" + ProcessHandle.current().pid() + "-" + instance + "-" + lan)
                        .joinTimeout(java.time.Duration.ofMillis(500)).build());
        GcsNode node = GcsNode.start(customize.apply(builder).build());
        nodes.add(node);
        return node;
    }

    /** Seeds every node started from now on with a node of another JVM, at {@code host:port}. */
    void seedWith(String hostPort) {
        outsideSeeds.add(hostPort);
    }

    GcsNode start(String site, String member) {
        return start(site, member, b -> b);
    }

    List<GcsNode> nodes() {
        return nodes;
    }

    /**
     * Every node sends {@code perSender} messages of 256 bytes to the group, each starting with its number 1, 2, …
     * (a long), all nodes at once from their own threads; returns when every send has returned.
     */
    static void sendFromEach(List<GcsNode> nodes, String group, int perSender) throws Exception {
        java.util.concurrent.ExecutorService senders = java.util.concurrent.Executors.newFixedThreadPool(nodes.size());
        try {
            List<java.util.concurrent.Future<?>> sending = new ArrayList<>();
            for (GcsNode node : nodes) {
                sending.add(senders.submit(() -> {
                    for (int k = 1; k <= perSender; k++) {
                        node.send(group, java.nio.ByteBuffer.allocate(256).putLong(k).array());
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : sending) {
                f.get();
            }
        } finally {
            senders.shutdown();
        }
    }

    @Override
    public void close() {
        for (GcsNode node : nodes) {
            node.close();
        }
    }
}
