package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gcs.GcsConfig;
import org.gcs.GcsNode;
import org.gcs.LanConfig;
import org.gcs.LanTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A site whose members find each other through DNS (issue 38, Deliver 2: {@code lan.dns.query}, JGroups' DNS_PING),
 * as the pods behind a Kubernetes headless service do: three members on their own loopback addresses at one TCP port,
 * with no list of each other, only a name whose A records are their addresses in a DNS server of the test's own.
 * Without DNS they could not meet (the TCP transport has no multicast), so one LAN view of three shows that the
 * records were read.
 */
class LoopbackDnsPingTest {
    private static final String NAME = "k." + Dnsmasq.DOMAIN;
    private static final List<String> MEMBERS = List.of("127.0.0.11", "127.0.0.12", "127.0.0.13");

    @TempDir
    Path dir;

    @Test
    void shouldFormOneSiteFromTheMembersADnsNameLists() throws Exception {
        int tcpPort = portFreeOnEach();
        List<String> records = MEMBERS.stream().map(address -> address + " " + NAME).toList();
        List<GcsNode> nodes = new ArrayList<>();
        try (Dnsmasq dns = Dnsmasq.start(dir, records, List.of())) {
            for (int i = 0; i < MEMBERS.size(); i++) {
                nodes.add(GcsNode.start(GcsConfig.builder()
                        .site("k")
                        .memberName("k" + (i + 1))
                        .clusterKey(LoopbackCluster.KEY)
                        .wanBind(MEMBERS.get(i), 0)
                        .dnsServers(dns.server())
                        .lan(LanConfig.builder().transport(LanTransport.TCP).bindAddress(MEMBERS.get(i))
                                .tcpPort(tcpPort).dnsQuery(NAME)
                                .clusterName("gcs-dns-ping-" + ProcessHandle.current().pid())
                                .joinTimeout(Duration.ofSeconds(2)).build())
                        .build()));
            }
            for (GcsNode node : nodes) {
                node.join("g");
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> nodes.stream()
                    .allMatch(node -> node.view("g").map(v -> v.size() == MEMBERS.size()).orElse(false)));
            assertThat(nodes.stream().filter(GcsNode::isDelegate).count()).isEqualTo(1);
        } finally {
            nodes.forEach(GcsNode::close);
        }
    }

    /** @return a TCP port free on each member's address now */
    private static int portFreeOnEach() throws Exception {
        for (int attempt = 0; attempt < 20; attempt++) {
            int port;
            try (ServerSocket probe = new ServerSocket()) {
                probe.bind(new InetSocketAddress(MEMBERS.get(0), 0));
                port = probe.getLocalPort();
            }
            if (MEMBERS.stream().allMatch(address -> free(address, port))) {
                return port;
            }
        }
        throw new IllegalStateException("no TCP port free on each of " + MEMBERS);
    }

    private static boolean free(String address, int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(address, port));
            return true;
        } catch (java.io.IOException taken) {
            return false;
        }
    }
}
