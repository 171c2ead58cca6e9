package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.MemberId;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.emulator.Topology;
import org.junit.jupiter.api.Test;

class SimNetworkTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    private static List<SimNode> startSites(SimNetwork net, List<String> sites, int membersPerSite, String group) {
        List<SimNode> nodes = new ArrayList<>();
        for (String site : sites) {
            for (int i = 1; i <= membersPerSite; i++) {
                nodes.add(net.start(site, site + "-" + i));
            }
        }
        nodes.forEach(n -> n.join(group));
        return nodes;
    }

    private static boolean allViewsComplete(List<SimNode> nodes, String group) {
        return nodes.stream().allMatch(n -> n.view(group).map(v -> v.size() == nodes.size()).orElse(false));
    }

    @Test
    void shouldFormViewsAcrossSites() {
        SimNetwork net = new SimNetwork(Topology.load("ron3"), SimOptions.defaults());
        List<SimNode> nodes = startSites(net, List.of("boston", "ottawa", "chicago"), 2, "g");
        assertThat(net.runUntil(() -> allViewsComplete(nodes, "g"), 10 * S)).isTrue();
        assertThat(net.delegateOf("boston")).get().extracting(SimNode::name).isEqualTo("boston-1");
        assertThat(net.delegateOf("boston").orElseThrow().remoteSites()).containsExactlyInAnyOrder("ottawa", "chicago");
    }

    @Test
    void shouldRunOverLinksComputedPerPairAsOverTheSameLinksListedInATopology() {
        LinkProfile lossy = profile(20, LossProfile.bernoulli(0.05));
        Topology listed = Topology.builder("listed3").site("a").site("b").site("c")
                .bidirectionalLink("a", "b", lossy).bidirectionalLink("b", "c", lossy)
                .bidirectionalLink("a", "c", lossy).build();
        List<String> asked = new ArrayList<>();
        SimNetwork computed = SimNetwork.withLinks((from, to) -> {
            asked.add(from + "->" + to);
            return lossy;
        }, SimOptions.defaults().withSeed(3), b -> b);
        SimNetwork fromTopology = new SimNetwork(listed, SimOptions.defaults().withSeed(3));
        List<SimNode> computedNodes = startSites(computed, List.of("a", "b", "c"), 1, "g");
        List<SimNode> topologyNodes = startSites(fromTopology, List.of("a", "b", "c"), 1, "g");

        assertThat(computed.runUntil(() -> allViewsComplete(computedNodes, "g"), 10 * S)).isTrue();
        assertThat(fromTopology.runUntil(() -> allViewsComplete(topologyNodes, "g"), 10 * S)).isTrue();
        assertThat(computed.nowNs()).as("the same links, the same seed: the same run").isEqualTo(fromTopology.nowNs());
        assertThat(asked).contains("a->b", "b->a", "c->a");
        assertThat(computed.linkCounters("a", "b").admitted()).isPositive();
    }

    @Test
    void shouldDeliverEveryMessageExactlyOnceInSenderOrderOverLossyLinks() {
        Topology lossy = Topology.builder("lossy3").site("a").site("b").site("c")
                .bidirectionalLink("a", "b", profile(20, LossProfile.bernoulli(0.05)))
                .bidirectionalLink("b", "c", profile(35, LossProfile.bursty(0.05, 3)))
                .bidirectionalLink("a", "c", profile(50, LossProfile.bernoulli(0.05)))
                .build();
        SimNetwork net = new SimNetwork(lossy, SimOptions.defaults().withSeed(7));
        List<SimNode> nodes = startSites(net, List.of("a", "b", "c"), 2, "g");
        assertThat(net.runUntil(() -> allViewsComplete(nodes, "g"), 10 * S)).isTrue();

        int perSender = 300;
        Map<MemberId, Long> sent = new HashMap<>();
        for (int k = 1; k <= perSender; k++) {
            for (SimNode n : nodes) {
                n.send("g", ByteBuffer.allocate(200).putInt(k).array());
            }
            net.runFor(5 * MS);
        }
        nodes.forEach(n -> sent.put(n.id(), (long) perSender));
        long expected = (long) perSender * nodes.size();
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.delivered().size() >= expected), 60 * S)).isTrue();
        net.runFor(2 * S);
        for (SimNode n : nodes) {
            assertThat(DeliveryChecker.problems(n.id(), n.delivered(), sent)).isEmpty();
            assertThat(n.delivered()).hasSize((int) expected);
        }
        assertThat(net.runUntil(() -> nodes.stream().allMatch(SimNode::sendIdle), 10 * S)).isTrue();
        assertThat(nodes.stream().mapToLong(SimNode::wanDatagramsLost).sum()).isPositive();
    }

    @Test
    void shouldReassembleMessagesLargerThanADatagram() {
        Topology lossy = Topology.builder("two").site("a").site("b")
                .bidirectionalLink("a", "b", profile(10, LossProfile.bernoulli(0.05))).build();
        SimNetwork net = new SimNetwork(lossy, SimOptions.defaults().withSeed(3));
        List<SimNode> nodes = startSites(net, List.of("a", "b"), 1, "g");
        assertThat(net.runUntil(() -> allViewsComplete(nodes, "g"), 10 * S)).isTrue();
        byte[] big = new byte[50_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 31);
        }
        nodes.get(0).send("g", big);
        SimNode receiver = nodes.get(1);
        assertThat(net.runUntil(() -> receiver.delivered().size() == 1, 20 * S)).isTrue();
        assertThat(receiver.delivered().get(0).payload()).isEqualTo(big);
    }

    private static LinkProfile profile(long delayMs, LossProfile loss) {
        return LinkProfile.IDEAL.withOneWayDelayNs(delayMs * MS).withLoss(loss).withBandwidthBitsPerSec(10_000_000L)
                .withQueueBytes(128 * 1024);
    }
}
