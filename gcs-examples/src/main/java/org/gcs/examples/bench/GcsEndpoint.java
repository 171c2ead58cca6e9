package org.gcs.examples.bench;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.gcs.FlowStatus;
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
    private static final Duration LAN_JOIN_TIMEOUT = Duration.ofMillis(JGroupsStacks.LAN_JOIN_TIMEOUT_MS);

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
    public String status() {
        StringBuilder text = new StringBuilder();
        for (FlowStatus flow : node.flows()) {
            text.append(String.format(Locale.ROOT, "allowed %s%s", rate(flow.allowedRateBytesPerSec()),
                    flow.slowStart() ? " (slow start)" : ""));
            for (FlowStatus.Receiver r : flow.receivers()) {
                text.append(String.format(Locale.ROOT, "; %s: acceptable %s, receives %s, rtt %.1f ms, p %.4f",
                        r.site(), rate(r.acceptableRateBytesPerSec()), rate(r.receiveRateBytesPerSec()), r.rttMs(),
                        r.lossEventRate()));
            }
            for (FlowStatus.Sender s : flow.senders()) {
                text.append(String.format(Locale.ROOT, "; sender %s demands %s, granted %s", s.member(),
                        rate(s.demandBytesPerSec()), rate(s.grantBytesPerSec())));
            }
        }
        return text.toString();
    }

    private static String rate(double bytesPerSec) {
        if (Double.isNaN(bytesPerSec)) {
            return "-";
        }
        return Double.isInfinite(bytesPerSec) || bytesPerSec >= Double.MAX_VALUE / 2 ? "unlimited"
                : String.format(Locale.ROOT, "%.2f MB/s", bytesPerSec / 1e6);
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
