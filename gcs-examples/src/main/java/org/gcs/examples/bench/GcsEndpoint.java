package org.gcs.examples.bench;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.gcs.GcsConfig;
import org.gcs.GcsNode;
import org.gcs.GroupView;
import org.gcs.LanConfig;

/**
 * A GCS node through the public API, configured like {@code gcs demo}'s nodes: its site's LAN cluster on UDP
 * multicast bound to 127.0.0.1 (cluster name and multicast port of this run), its WAN socket on 127.0.0.1, seeded
 * with the other sites' WAN ports, no link emulation (no loss, no delay), every other setting at its default
 * (TFRC congestion control included). Every node joins one group.
 */
final class GcsEndpoint implements BenchEndpoint {
    /** The group every node joins and the sender sends to. */
    static final String GROUP = "bench";

    private static final Duration HEARTBEAT = Duration.ofMillis(500);
    private static final Duration SITE_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration LAN_JOIN_TIMEOUT = Duration.ofMillis(500);

    private final NodeSpec spec;
    private GcsNode node;

    /** @param spec the node's part in the run */
    GcsEndpoint(NodeSpec spec) {
        this.spec = spec;
    }

    /** @return the node's configuration */
    GcsConfig config() {
        LanConfig lan = LanConfig.builder().bindAddress("127.0.0.1").mcastAddress(spec.mcastAddress())
                .mcastPort(spec.mcastPort()).clusterName(spec.lanClusterName("gcs")).joinTimeout(LAN_JOIN_TIMEOUT)
                .build();
        List<InetSocketAddress> seeds = new ArrayList<>();
        for (int port : spec.seedPorts()) {
            seeds.add(new InetSocketAddress("127.0.0.1", port));
        }
        return GcsConfig.builder()
                .site(spec.site())
                .memberName(spec.member())
                .clusterKey(HexFormat.of().parseHex(spec.clusterKeyHex()))
                .wanBind("127.0.0.1", spec.wanPort())
                .seedAddresses(seeds)
                .heartbeatInterval(HEARTBEAT)
                .siteTimeout(SITE_TIMEOUT)
                .lan(lan)
                .build();
    }

    @Override
    public void start(Delivery delivery) {
        node = GcsNode.start(config());
        node.onMessage(message -> delivery.deliver(message.payload(), 0, message.payload().length));
        node.join(GROUP);
    }

    @Override
    public boolean ready() {
        return node.view(GROUP)
                .map(v -> v.size() == spec.totalMembers() && v.sites().size() == spec.sites().size())
                .orElse(false);
    }

    @Override
    public boolean master() {
        return node.isDelegate();
    }

    @Override
    public String describe() {
        return node.view(GROUP).map(GroupView::toString).orElse("no view of " + GROUP)
                + ", delegate " + node.delegate().map(Object::toString).orElse("none");
    }

    @Override
    public void send(byte[] payload) throws InterruptedException {
        node.send(GROUP, payload);
    }

    @Override
    public void close() {
        if (node != null) {
            node.close();
        }
    }
}
