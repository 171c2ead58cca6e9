package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.gcs.GcsNode;
import org.gcs.GroupView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeds by DNS name (issue 38, Deliver 2), on real sockets with a DNS server of the test's own (dnsmasq on loopback):
 * site b knows site a only by the SRV name {@code _gcs._udp.gcs.test}, site c only by the host name
 * {@code a.gcs.test}. Site a then restarts on a new address under the same name. Both find it again with no change of
 * their configuration, messages flow both ways, and the log shows each seed resolved again.
 */
class LoopbackDnsSeedTest {
    private static final String G = "g";
    private static final String SRV = "_gcs._udp." + Dnsmasq.DOMAIN;
    private static final String HOST = "a." + Dnsmasq.DOMAIN;

    @TempDir
    Path dir;

    @Test
    void shouldFindASiteByItsNamesAndAgainAfterItRestartsOnANewAddress() throws Exception {
        int portA = portFreeOn("127.0.0.2", "127.0.0.3");
        try (Dnsmasq dns = Dnsmasq.start(dir, List.of("127.0.0.2 " + HOST), List.of(SRV + "," + HOST + "," + portA));
             StderrLines log = new StderrLines();
             LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a1 = cluster.start("a", "a1", b -> b.wanBind("127.0.0.2", portA).seeds(List.of()));
            GcsNode b1 = cluster.start("b", "b1", b -> b.seeds(SRV).dnsServers(dns.server()));
            GcsNode c1 = cluster.start("c", "c1", b -> b.seeds(HOST + ":" + portA).dnsServers(dns.server()));
            for (GcsNode node : List.of(a1, b1, c1)) {
                node.join(G);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> sites(b1).size() == 3 && sites(c1).size() == 3);
            assertThat(log.containing("b1: seed " + SRV + " resolves to [127.0.0.2:" + portA + "]")).isNotEmpty();
            assertThat(log.containing("c1: seed " + HOST + ":" + portA + " resolves to [127.0.0.2:" + portA + "]"))
                    .isNotEmpty();
            assertMessagesFlow(a1, b1, c1, "before");
            assertThat(log.containing("b1: peers see this delegate at [127.0.0.1:" + b1.wanAddress().getPort() + "]",
                    "no NAT on the way")).as("the reflexive address a peer reports").isNotEmpty();
            assertThat(log.containing("c1: peers see this delegate at [127.0.0.1:" + c1.wanAddress().getPort() + "]",
                    "no NAT on the way")).isNotEmpty();

            dns.setHosts(List.of("127.0.0.3 " + HOST)); // the operator moves site a; its name stays
            await().atMost(Duration.ofSeconds(10)).until(() -> "127.0.0.3".equals(dns.addressOf(HOST)));
            a1.close();
            GcsNode a2 = cluster.start("a", "a2", b -> b.wanBind("127.0.0.3", portA).seeds(List.of()));
            a2.join(G);
            await().atMost(Duration.ofSeconds(60)).until(() -> hasMember(b1, "a2") && hasMember(c1, "a2")
                    && hasMember(a2, "b1") && hasMember(a2, "c1"));
            assertMessagesFlow(a2, b1, c1, "after");
            String moved = " now resolves to [127.0.0.3:" + portA + "] (was [127.0.0.2:" + portA + "])";
            // a delegate may learn a2 from the other one's hints before its own seed's silence makes it resolve the
            // name again: the re-resolution still comes, within a site timeout or two of a1's going
            await().atMost(Duration.ofSeconds(15)).until(() -> !log.containing("b1: seed " + SRV
                    + " does not answer at [127.0.0.2:" + portA + "]").isEmpty()
                    && !log.containing("b1: seed " + SRV + moved).isEmpty()
                    && !log.containing("c1: seed " + HOST + ":" + portA + moved).isEmpty());
        }
    }

    /** Each node sends one message; every node delivers all three. */
    private static void assertMessagesFlow(GcsNode a, GcsNode b, GcsNode c, String round) throws Exception {
        List<GcsNode> nodes = List.of(a, b, c);
        Set<String> seen = ConcurrentHashMap.newKeySet();
        for (GcsNode receiver : nodes) {
            receiver.onMessage(m -> {
                String text = new String(m.payload(), StandardCharsets.UTF_8);
                if (text.startsWith(round)) {
                    seen.add(receiver.self().name() + "<-" + text);
                }
            });
        }
        for (GcsNode sender : nodes) {
            sender.send(G, (round + " from " + sender.self().name()).getBytes(StandardCharsets.UTF_8));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> seen.size() == 9);
    }

    private static Set<String> sites(GcsNode node) {
        return node.view(G).map(GroupView::sites).map(Set::copyOf).orElse(Set.of());
    }

    private static boolean hasMember(GcsNode node, String name) {
        return node.view(G).map(v -> v.members().stream().anyMatch(m -> m.name().equals(name))).orElse(false);
    }

    /** @return a UDP port free on each of the addresses now */
    private static int portFreeOn(String first, String second) throws Exception {
        for (int attempt = 0; attempt < 20; attempt++) {
            int port;
            try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress(first, 0))) {
                port = probe.getLocalPort();
            }
            try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress(second, port))) {
                return port;
            } catch (java.net.BindException taken) {
                // try another
            }
        }
        throw new IllegalStateException("no UDP port free on both " + first + " and " + second);
    }
}
