package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigBuilder;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.LanConfig;
import org.gcs.LanProtection;
import org.gcs.LanTransport;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanDropReason;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.internal.wire.LanMessage.StableMark;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The LAN on real JGroups clusters over loopback, attacked from inside the site's LAN: a process without the cluster
 * key (with another key, or with no protection) and a key holder that speaks for another member. Sites boston
 * (boston-1, boston-2) and paris (paris-1); the attacker joins boston's cluster name and multicast port.
 */
class LanProtectionTest {
    private static final String KEY = "lan-protection-test-cluster-key-0123456789";
    private static final String GROUP = "g";
    private static final long FORGED_SEQ = 1_000_000_000L;
    // below LoopbackCluster's ports (44000-45999) and the range derived from site names (46000-47999)
    private static final int PORT_BASE = 42_000 + (int) (ProcessHandle.current().pid() % 100) * 10;
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final int instance = INSTANCES.getAndIncrement();
    private final List<GcsNode> nodes = new ArrayList<>();
    private final List<JGroupsLan> attackers = new ArrayList<>();

    @AfterEach
    void close() {
        attackers.forEach(JGroupsLan::close);
        nodes.forEach(GcsNode::close);
    }

    @ParameterizedTest(name = "attacker with {0}")
    @ValueSource(strings = {"another key", "no protection"})
    void shouldKeepAProcessWithoutTheKeyOutOfTheSiteAndDeliverNothingItSends(String attackerKind) throws Exception {
        Site site = startSites();
        Attacker attacker = attacker("mallory", false, b -> attackerKind.equals("another key")
                ? b.clusterKey("some-other-cluster-key-0123456789abcdef")
                : b.lan(lan("boston").protection(LanProtection.NONE).build()));

        assertThat(attacker.lastView.get().members()).extracting(LanView.LanMember::name).containsExactly("mallory");
        for (int i = 0; i < 5; i++) {
            attacker.lan.send(forgedData(site.boston1));
        }
        await().atMost(Duration.ofSeconds(60)).until(() ->
                drops(site.boston1, LanDropReason.UNAUTHENTICATED) > 0 && drops(site.boston2, LanDropReason.UNAUTHENTICATED) > 0);

        site.boston1.send(GROUP, "genuine-1".getBytes(StandardCharsets.UTF_8));
        site.boston1.send(GROUP, "genuine-2".getBytes(StandardCharsets.UTF_8));
        site.awaitGenuine(2);
        site.assertNothingForged();
        assertThat(site.boston2.view(GROUP).orElseThrow().size()).isEqualTo(3);
        // nothing of the site reached the attacker as a message it could read: only its own multicasts
        assertThat(attacker.received).allSatisfy(m -> assertThat(m).isInstanceOf(LocalData.class)
                .extracting(d -> new String(((LocalData) d).payload(), StandardCharsets.UTF_8)).isEqualTo("forged"));
        assertThat(attacker.lastView.get().members()).hasSize(1);
    }

    @Test
    void shouldKeepAProcessWithAnotherKeyOutOfATcpSite() throws Exception {
        int port1 = freePort();
        int port2 = freePort();
        int attackerPort = freePort();
        List<String> hosts = List.of("127.0.0.1:" + port1, "127.0.0.1:" + port2, "127.0.0.1:" + attackerPort);
        NettyJGroupsNode t1 = (NettyJGroupsNode) GcsNode.start(tcpConfig("t1", port1, hosts).build());
        nodes.add(t1);
        NettyJGroupsNode t2 = (NettyJGroupsNode) GcsNode.start(tcpConfig("t2", port2, hosts).build());
        nodes.add(t2);
        List<GroupMessage> atT2 = new CopyOnWriteArrayList<>();
        t2.onMessage(atT2::add);
        t1.join(GROUP);
        t2.join(GROUP);
        await().atMost(Duration.ofSeconds(60)).until(() -> t2.view(GROUP).map(v -> v.size() == 2).orElse(false));

        Attacker attacker = new Attacker(tcpConfig("mallory", attackerPort, hosts)
                .clusterKey("some-other-cluster-key-0123456789abcdef").build());
        attacker.lan.send(LanCodec.encode(new LocalData("t1", t1.incarnation(), GROUP, FORGED_SEQ, 0, false,
                "forged".getBytes(StandardCharsets.UTF_8))));
        await().atMost(Duration.ofSeconds(60)).until(() -> drops(t1, LanDropReason.UNAUTHENTICATED) > 0
                && drops(t2, LanDropReason.UNAUTHENTICATED) > 0);
        t1.send(GROUP, "genuine-1".getBytes(StandardCharsets.UTF_8));

        await().atMost(Duration.ofSeconds(60)).until(() -> atT2.size() == 1);
        assertThat(new String(atT2.get(0).payload(), StandardCharsets.UTF_8)).isEqualTo("genuine-1");
        assertThat(atT2.get(0).sequence()).isEqualTo(1);
        assertThat(attacker.lastView.get().members()).extracting(LanView.LanMember::name).containsExactly("mallory");
        assertThat(t2.view(GROUP).orElseThrow().size()).isEqualTo(2);
    }

    @Test
    void shouldDropCountAndLogAKeyHoldersMessagesInAnotherMembersName() throws Exception {
        Site site = startSites();
        Attacker insider = attacker("mallory", false, b -> b);
        await().atMost(Duration.ofSeconds(60)).until(() -> insider.lastView.get().members().size() == 3);

        insider.lan.send(forgedData(site.boston1));
        insider.lan.send(LanCodec.encode(new Stable(Long.MAX_VALUE, List.of(
                new StableMark("boston-1", site.boston1.incarnation(), GROUP, FORGED_SEQ)))));
        insider.lan.send(LanCodec.encode(new RemoteData("paris", "paris-1", 1, GROUP, FORGED_SEQ, 0,
                "forged".getBytes(StandardCharsets.UTF_8))));
        await().atMost(Duration.ofSeconds(60)).until(() -> drops(site.boston2, LanDropReason.FORGED_ORIGIN) == 1
                && drops(site.boston2, LanDropReason.NOT_DELEGATE) == 2 && drops(site.boston1, LanDropReason.FORGED_ORIGIN) == 1
                && drops(site.boston1, LanDropReason.NOT_DELEGATE) == 2);

        site.boston1.send(GROUP, "genuine-1".getBytes(StandardCharsets.UTF_8));
        site.boston1.send(GROUP, "genuine-2".getBytes(StandardCharsets.UTF_8));
        site.awaitGenuine(2);
        site.assertNothingForged();
        assertThat(drops(site.boston2, LanDropReason.UNAUTHENTICATED)).isZero();
    }

    @Test
    void shouldCarryTheLargestMessageThroughTheSealedLanInFragments() throws Exception {
        Site site = startSites();
        byte[] large = new byte[GcsConfig.builder().site("boston").clusterKey(KEY).build().maxMessageBytes()]; // the default: 1 MiB
        new java.util.Random(15).nextBytes(large);
        site.boston1.send(GROUP, large);

        await().atMost(Duration.ofSeconds(60)).until(() -> site.atBoston2.size() == 1 && site.atParis1.size() == 1);
        assertThat(site.atBoston2.get(0).payload()).isEqualTo(large);
        assertThat(site.atParis1.get(0).payload()).isEqualTo(large);
        assertThat(drops(site.boston2, LanDropReason.UNAUTHENTICATED)).isZero();
    }

    // ------------------------------------------------------------------ fixtures

    private static long drops(NettyJGroupsNode node, LanDropReason reason) {
        return node.metrics().lanDrops(reason);
    }

    private static byte[] forgedData(NettyJGroupsNode victim) {
        return LanCodec.encode(new LocalData("boston-1", victim.incarnation(), GROUP, FORGED_SEQ,
                System.currentTimeMillis() * 1000, false, "forged".getBytes(StandardCharsets.UTF_8)));
    }

    /** The three nodes, every one in the group, with what each delivered. */
    private final class Site {
        final NettyJGroupsNode boston1;
        final NettyJGroupsNode boston2;
        final NettyJGroupsNode paris1;
        final List<GroupMessage> atBoston1 = new CopyOnWriteArrayList<>();
        final List<GroupMessage> atBoston2 = new CopyOnWriteArrayList<>();
        final List<GroupMessage> atParis1 = new CopyOnWriteArrayList<>();

        Site(NettyJGroupsNode boston1, NettyJGroupsNode boston2, NettyJGroupsNode paris1) {
            this.boston1 = boston1;
            this.boston2 = boston2;
            this.paris1 = paris1;
            boston1.onMessage(atBoston1::add);
            boston2.onMessage(atBoston2::add);
            paris1.onMessage(atParis1::add);
        }

        void awaitGenuine(int count) {
            await().atMost(Duration.ofSeconds(60)).until(() -> genuine(atBoston1) == count
                    && genuine(atBoston2) == count && genuine(atParis1) == count);
            for (List<GroupMessage> delivered : List.of(atBoston1, atBoston2, atParis1)) {
                assertThat(delivered).extracting(GroupMessage::sequence).containsExactly(1L, 2L);
            }
        }

        void assertNothingForged() {
            for (List<GroupMessage> delivered : List.of(atBoston1, atBoston2, atParis1)) {
                assertThat(delivered).noneMatch(m -> new String(m.payload(), StandardCharsets.UTF_8).equals("forged"));
                assertThat(delivered).noneMatch(m -> m.sequence() == FORGED_SEQ);
            }
        }

        private long genuine(List<GroupMessage> delivered) {
            return delivered.stream().filter(m -> new String(m.payload(), StandardCharsets.UTF_8).startsWith("genuine"))
                    .count();
        }
    }

    private Site startSites() {
        NettyJGroupsNode boston1 = start("boston", "boston-1");
        NettyJGroupsNode boston2 = start("boston", "boston-2");
        NettyJGroupsNode paris1 = start("paris", "paris-1");
        for (GcsNode node : nodes) {
            node.join(GROUP);
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> nodes.stream()
                .allMatch(n -> n.view(GROUP).map(v -> v.size() == 3).orElse(false)));
        return new Site(boston1, boston2, paris1);
    }

    private NettyJGroupsNode start(String site, String member) {
        NettyJGroupsNode node = (NettyJGroupsNode) GcsNode.start(config(site, member).build());
        nodes.add(node);
        return node;
    }

    private GcsConfigBuilder config(String site, String member) {
        List<String> seeds = new ArrayList<>();
        for (GcsNode node : nodes) {
            if (!node.self().site().equals(site)) {
                seeds.add("127.0.0.1:" + node.wanAddress().getPort());
            }
        }
        return GcsConfig.builder().site(site).memberName(member).clusterKey(KEY).wanBind("127.0.0.1", 0).seeds(seeds)
                .heartbeatInterval(Duration.ofMillis(500)).siteTimeout(Duration.ofSeconds(3))
                .lan(lan(site).build());
    }

    private LanConfig.Builder lan(String site) {
        return LanConfig.builder().bindAddress("127.0.0.1")
                .mcastPort(PORT_BASE + (instance * 2 + (site.equals("boston") ? 0 : 1)) % 1000)
                .clusterName("gcs-lan-protection-" + ProcessHandle.current().pid() + "-" + instance + "-" + site)
                .joinTimeout(Duration.ofMillis(500));
    }

    private GcsConfigBuilder tcpConfig(String member, int port, List<String> hosts) {
        return GcsConfig.builder().site("tcpsite").memberName(member).clusterKey(KEY).wanBind("127.0.0.1", 0)
                .lan(LanConfig.builder().transport(LanTransport.TCP).bindAddress("127.0.0.1").tcpPort(port)
                        .tcpInitialHosts(hosts).clusterName("gcs-lan-protection-tcp-" + ProcessHandle.current().pid()
                                + "-" + instance).joinTimeout(Duration.ofMillis(500)).build());
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** A raw LAN endpoint built like a member's, on boston's cluster name and port, with what it received. */
    private final class Attacker {
        final JGroupsLan lan;
        final AtomicReference<LanView> lastView = new AtomicReference<>();
        final List<LanMessage> received = new CopyOnWriteArrayList<>();

        Attacker(GcsConfig config) throws Exception {
            LanInbox inbox = new LanInbox(new DeliveryPermits(1 << 20), Runnable::run,
                    (message, permitBytes, sender, nowNs) -> received.add(message), () -> { });
            lan = new JGroupsLan(config, 7, new JGroupsLan.Listener() {
                @Override
                public void onView(LanView view) {
                    lastView.set(view);
                }

                @Override
                public LanInbox.Batch openBatch() {
                    return inbox.open();
                }

                @Override
                public LanInbox.Batch openOwnBatch() {
                    return inbox.openOwn();
                }

                @Override
                public void onRejected(org.jgroups.Address sender, String why) {
                }

                @Override
                public void onNameTaken(String why) {
                    // a key holder that impersonates a member does not leave
                }

                @Override
                public void onDuplicateMember(LanView.LanMember sender, String address) {
                }
            });
            attackers.add(lan);
            lan.connect();
        }
    }

    private Attacker attacker(String member, boolean eligible, UnaryOperator<GcsConfigBuilder> customize) throws Exception {
        return new Attacker(customize.apply(config("boston", member).delegateEligible(eligible)).build());
    }
}
