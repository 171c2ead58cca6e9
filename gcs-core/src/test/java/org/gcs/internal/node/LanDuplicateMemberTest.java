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
import org.gcs.GcsConfig;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.LanConfig;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanDropReason;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A key holder that joins a site's LAN with a live member's name <em>and</em> incarnation (a clone: GCS itself never
 * does that, so it is a raw {@link JGroupsLan} endpoint with the victim's identity in its address) over real JGroups on
 * loopback: sites boston (boston-1, the delegate, and boston-2, the victim) and paris (paris-1). While both copies are
 * in the view neither is trusted: nothing the clone sends is delivered anywhere, and the victim's later messages are
 * not taken for duplicates of the clone's.
 */
class LanDuplicateMemberTest {
    private static final String KEY = "lan-duplicate-member-test-key-0123456789";
    private static final String GROUP = "g";
    // apart from LanProtectionTest's (42000-42999), LoopbackCluster's (44000-45999) and the site-derived ports
    private static final int PORT_BASE = 43_000 + (int) (ProcessHandle.current().pid() % 100) * 10;
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final int instance = INSTANCES.getAndIncrement();
    private final List<GcsNode> nodes = new ArrayList<>();
    private JGroupsLan clone;

    @AfterEach
    void close() {
        if (clone != null) {
            clone.close();
        }
        nodes.forEach(GcsNode::close);
    }

    @Test
    void shouldTrustNeitherCopyOfANameAndIncarnationAndNotSuppressTheGenuineMembersLaterMessages() throws Exception {
        NettyJGroupsNode boston1 = start("boston", "boston-1");
        NettyJGroupsNode boston2 = start("boston", "boston-2");
        NettyJGroupsNode paris1 = start("paris", "paris-1");
        List<GroupMessage> atBoston1 = new CopyOnWriteArrayList<>();
        List<GroupMessage> atParis1 = new CopyOnWriteArrayList<>();
        boston1.onMessage(atBoston1::add);
        paris1.onMessage(atParis1::add);
        for (GcsNode node : nodes) {
            node.join(GROUP);
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> nodes.stream()
                .allMatch(n -> n.view(GROUP).map(v -> v.size() == 3).orElse(false)));

        AtomicReference<String> cloneTold = new AtomicReference<>();
        clone = new JGroupsLan(config("boston", "boston-2").delegateEligible(false).build(), boston2.incarnation(),
                new CloneListener(cloneTold));
        clone.connect();
        // every member installs a view before the joiner gets it, so boston-1 and boston-2 list the clone by now
        await().atMost(Duration.ofSeconds(60)).until(() -> cloneTold.get() != null);
        assertThat(cloneTold.get()).contains("member name 'boston-2' is already taken in site boston",
                boston2.lanChannel().orElseThrow().getAddressAsUUID());
        assertThat(boston1.lanChannel().orElseThrow().getView().size()).isEqualTo(3);
        // the clone says what boston-2 will say: its next sequence numbers, in its name and incarnation
        for (long seq = 1; seq <= 5; seq++) {
            clone.send(LanCodec.encode(new LocalData("boston-2", boston2.incarnation(), GROUP, seq,
                    System.currentTimeMillis() * 1000, false, "forged".getBytes(StandardCharsets.UTF_8))));
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> drops(boston1) >= 5);
        boston2.send(GROUP, "while-cloned".getBytes(StandardCharsets.UTF_8));
        await().atMost(Duration.ofSeconds(60)).until(() -> drops(boston1) >= 6);
        assertThat(atBoston1).as("nothing of either copy while both are in the view").isEmpty();
        assertThat(atParis1).as("the delegate dropped them, so nothing crossed the WAN").isEmpty();

        clone.close();
        clone = null;
        await().atMost(Duration.ofSeconds(60)).until(() -> boston1.lanChannel().orElseThrow().getView().size() == 2);
        boston2.send(GROUP, "genuine-1".getBytes(StandardCharsets.UTF_8));
        boston2.send(GROUP, "genuine-2".getBytes(StandardCharsets.UTF_8));

        await().atMost(Duration.ofSeconds(60)).until(() -> atBoston1.size() == 2 && atParis1.size() == 2);
        for (List<GroupMessage> delivered : List.of(atBoston1, atParis1)) {
            assertThat(delivered).extracting(m -> new String(m.payload(), StandardCharsets.UTF_8))
                    .containsExactly("genuine-1", "genuine-2");
            assertThat(delivered).extracting(GroupMessage::sequence).containsExactly(2L, 3L);
        }
        assertThat(boston1.metrics().lanDrops(LanDropReason.FORGED_ORIGIN)).isZero();
    }

    private static long drops(NettyJGroupsNode node) {
        return node.metrics().lanDrops(LanDropReason.DUPLICATE_MEMBER);
    }

    /** The clone's side of the LAN: it notes that its name is taken and stays, as an attacker would. */
    private record CloneListener(AtomicReference<String> nameTaken) implements JGroupsLan.Listener {
        private static final LanInbox INBOX = new LanInbox(new DeliveryPermits(1 << 20), Runnable::run,
                (message, permitBytes, sender, nowNs) -> { }, () -> { });

        @Override
        public void onView(LanView lanView) {
        }

        @Override
        public LanInbox.Batch openBatch() {
            return INBOX.open();
        }

        @Override
        public LanInbox.Batch openOwnBatch() {
            return INBOX.openOwn();
        }

        @Override
        public void onRejected(org.jgroups.Address sender, String why) {
        }

        @Override
        public void onNameTaken(String why) {
            nameTaken.set(why);
        }

        @Override
        public void onDuplicateMember(LanView.LanMember sender, String address) {
        }
    }

    private NettyJGroupsNode start(String site, String member) {
        NettyJGroupsNode node = (NettyJGroupsNode) GcsNode.start(config(site, member).build());
        nodes.add(node);
        return node;
    }

    private org.gcs.GcsConfigBuilder config(String site, String member) {
        List<String> seeds = new ArrayList<>();
        for (GcsNode node : nodes) {
            if (!node.self().site().equals(site)) {
                seeds.add("127.0.0.1:" + node.wanAddress().getPort());
            }
        }
        return GcsConfig.builder().site(site).memberName(member).clusterKey(KEY).wanBind("127.0.0.1", 0).seeds(seeds)
                .heartbeatInterval(Duration.ofMillis(500)).siteTimeout(Duration.ofSeconds(3))
                .lan(LanConfig.builder().bindAddress("127.0.0.1")
                        .mcastPort(PORT_BASE + (instance * 2 + (site.equals("boston") ? 0 : 1)) % 10)
                        .clusterName("gcs-duplicate-member-" + ProcessHandle.current().pid() + "-" + instance + "-"
                                + site)
                        .joinTimeout(Duration.ofMillis(500)).build());
    }
}
