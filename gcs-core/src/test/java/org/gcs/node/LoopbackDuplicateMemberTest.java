package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.GcsClosedException;
import org.gcs.GcsConfig;
import org.gcs.GcsException;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.LanConfig;
import org.gcs.LanTransport;
import org.gcs.ViewListener;
import org.gcs.internal.node.NettyJGroupsNode;
import org.gcs.internal.wire.LanDropReason;
import org.junit.jupiter.api.Test;

/**
 * One member per name, over real JGroups on loopback (docs/security.md, LAN): a second process with a member name its
 * site's LAN already has is refused at start and leaves nothing behind, and two that meet later (two partitions that
 * merge) end with one, the other told why.
 */
class LoopbackDuplicateMemberTest {
    private static final String GROUP = "g";

    @Test
    void shouldRefuseASecondNodeWithATakenNameAndKeepTheFirstOneDeliveringOnce() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            SimpleMeterRegistry atOtherMember = new SimpleMeterRegistry();
            SimpleMeterRegistry atOtherSite = new SimpleMeterRegistry();
            GcsNode first = cluster.start("boston", "boston-1");
            GcsNode other = cluster.start("boston", "boston-2", b -> b.meterRegistry(atOtherMember));
            GcsNode remote = cluster.start("paris", "paris-1", b -> b.meterRegistry(atOtherSite));
            List<GroupMessage> atOther = new CopyOnWriteArrayList<>();
            List<GroupMessage> atRemote = new CopyOnWriteArrayList<>();
            other.onMessage(atOther::add);
            remote.onMessage(atRemote::add);
            for (GcsNode node : List.of(first, other, remote)) {
                node.join(GROUP);
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> other.view(GROUP).map(v -> v.size() == 3).orElse(false)
                    && remote.view(GROUP).map(v -> v.size() == 3).orElse(false));
            org.jgroups.JChannel firstLan = ((NettyJGroupsNode) first).lanChannel().orElseThrow();
            int secondWanPort = freeUdpPort();

            assertThatThrownBy(() -> cluster.start("boston", "boston-1", b -> b.wanBind("127.0.0.1", secondWanPort)))
                    .isInstanceOf(GcsException.class)
                    .hasMessageContaining("member name 'boston-1' is already taken in site boston")
                    .hasMessageContaining(firstLan.getAddressAsUUID())
                    .hasMessageContaining("at 127.0.0.1:")
                    .hasMessageContaining("set another member.name");

            // it left the LAN and released its sockets
            await().atMost(Duration.ofSeconds(30)).until(() -> firstLan.getView().size() == 2);
            try (DatagramSocket rebound = new DatagramSocket(secondWanPort, InetAddress.getLoopbackAddress())) {
                assertThat(rebound.getLocalPort()).isEqualTo(secondWanPort);
            }
            for (int k = 1; k <= 20; k++) {
                first.send(GROUP, ByteBuffer.allocate(64).putLong(k).array());
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> atOther.size() == 20 && atRemote.size() == 20);
            for (List<GroupMessage> delivered : List.of(atOther, atRemote)) {
                assertThat(delivered).extracting(GroupMessage::sequence)
                        .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, 20).boxed().toList());
                assertThat(delivered).allMatch(m -> m.sender().equals(first.self()));
            }
            for (SimpleMeterRegistry registry : List.of(atOtherMember, atOtherSite)) {
                assertThat(registry.get("gcs.messages.duplicates.suppressed").counter().count()).isZero();
                assertThat(registry.get("gcs.messages.delivered").counter().count()).isEqualTo(20);
            }
            assertThat(((NettyJGroupsNode) other).metrics().lanDrops(LanDropReason.DUPLICATE_MEMBER)).isZero();
            assertThat(other.view(GROUP).orElseThrow().size()).isEqualTo(3);
        }
    }

    /** A process restarted while its previous copy is still in the view starts once the LAN has dropped that copy. */
    @Test
    void shouldStartASecondCopyWhenTheOlderOneLeavesWithinTheGracePeriod() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode old = cluster.start("boston", "boston-1");
            org.jgroups.JChannel oldLan = ((NettyJGroupsNode) old).lanChannel().orElseThrow();

            java.util.concurrent.CompletableFuture<GcsNode> restarted = java.util.concurrent.CompletableFuture
                    .supplyAsync(() -> cluster.start("boston", "boston-1"));
            await().atMost(Duration.ofSeconds(30)).until(() -> oldLan.getView().size() == 2);
            old.close();

            GcsNode copy = restarted.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(copy.self()).isEqualTo(old.self());
            await().atMost(Duration.ofSeconds(30)).until(copy::isDelegate);
        }
    }

    /**
     * Two TCP members with one name form two partitions: the first starts alone (the second's port is not open yet),
     * the second lists only itself; the first's merge protocol then finds the second and the two merge. A third
     * member, started afterwards, sees that the remaining one still works.
     */
    @Test
    void shouldMakeTheYoungerCopyLeaveWhenTwoPartitionsWithOneNameMerge() throws Exception {
        int portA = freeTcpPort();
        int portB = freeTcpPort();
        int portC = freeTcpPort();
        String lan = "gcs-duplicate-member-tcp-" + ProcessHandle.current().pid() + "-" + portA;
        List<GcsNode> nodes = new ArrayList<>();
        try {
            Map<GcsNode, String> excluded = new ConcurrentHashMap<>();
            GcsNode a = tcpNode(lan, "same", portA, List.of(portA, portB));
            nodes.add(a);
            GcsNode b = tcpNode(lan, "same", portB, List.of(portB));
            nodes.add(b);
            for (GcsNode node : nodes) {
                node.onView(new ViewListener() {
                    @Override
                    public void onView(GroupView view) {
                    }

                    @Override
                    public void onExcluded(String group, String reason) {
                        excluded.put(node, reason);
                    }
                });
                node.join(GROUP);
            }

            await().atMost(Duration.ofSeconds(60)).until(() -> excluded.size() == 1);
            GcsNode left = excluded.keySet().iterator().next();
            GcsNode stayed = left == a ? b : a;
            assertThat(excluded.get(left)).contains("an older member of the site has this member's name",
                    "member name 'same' is already taken in site tcpsite", "set another member.name");
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThatThrownBy(() -> left.send(GROUP,
                    new byte[1])).isInstanceOf(GcsClosedException.class).hasMessageContaining("already taken"));

            GcsNode c = tcpNode(lan, "c", portC, List.of(portA, portB, portC));
            nodes.add(c);
            List<GroupMessage> atC = new CopyOnWriteArrayList<>();
            c.onMessage(atC::add);
            c.join(GROUP);
            await().atMost(Duration.ofSeconds(60)).until(() -> c.view(GROUP).map(v -> v.size() == 2).orElse(false)
                    && stayed.view(GROUP).map(v -> v.size() == 2).orElse(false));
            stayed.send(GROUP, new byte[] {1});
            await().atMost(Duration.ofSeconds(60)).until(() -> atC.size() == 1);
            assertThat(excluded).hasSize(1);
        } finally {
            nodes.forEach(GcsNode::close);
        }
    }

    private static GcsNode tcpNode(String lan, String member, int port, List<Integer> hostPorts) {
        return GcsNode.start(GcsConfig.builder().site("tcpsite").memberName(member)
                .clusterKey(LoopbackCluster.KEY).wanBind("127.0.0.1", 0)
                .lan(LanConfig.builder().transport(LanTransport.TCP).bindAddress("127.0.0.1").tcpPort(port)
                        .tcpInitialHosts(hostPorts.stream().map(p -> "127.0.0.1:" + p).toList())
                        .clusterName(lan)
                        .joinTimeout(Duration.ofMillis(500)).build()).build());
    }

    private static int freeUdpPort() throws Exception {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static int freeTcpPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
