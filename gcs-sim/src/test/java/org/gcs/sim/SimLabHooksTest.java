package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.gcs.GroupTree;
import org.gcs.emulator.CrossTraffic;
import org.gcs.emulator.EmulatedLink;
import org.gcs.emulator.LinkChange;
import org.gcs.emulator.LinkCounters;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;
import org.gcs.driver.WanPacketKind;
import org.junit.jupiter.api.Test;

/** What the lab needs from the simulator: scheduled link changes, cross traffic, a WAN filter, queue readings. */
class SimLabHooksTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final String G = "g";

    private static LinkProfile link(long delayMs, long bitsPerSec, long queueBytes) {
        return LinkProfile.IDEAL.withOneWayDelayNs(delayMs * MS).withBandwidthBitsPerSec(bitsPerSec)
                .withQueueBytes(queueBytes);
    }

    private static Topology testTopology(String fileName) {
        try {
            return Topology.load(Path.of(SimLabHooksTest.class.getResource("/org/gcs/emulator/lab/" + fileName)
                    .toURI()).toString());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<SimNode> startAll(SimNetwork net, List<String> sites) {
        List<SimNode> nodes = new ArrayList<>();
        for (String site : sites) {
            nodes.add(net.start(site, site.toLowerCase() + "1"));
        }
        nodes.forEach(n -> n.join(G));
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.view(G).map(v -> v.size() == nodes.size())
                .orElse(false)), 20 * S)).isTrue();
        return nodes;
    }

    /** Runs every event up to and including {@code timeNs}. */
    private static void runTo(SimNetwork net, long timeNs) {
        net.runFor(timeNs - net.nowNs());
    }

    @Test
    void shouldApplyScheduledChangesAtTheirTimesKeepingTheQueue() {
        Topology two = Topology.builder("two").site("a").site("b")
                .bidirectionalLink("a", "b", link(10, 1_000_000, 256 * 1024)).build();
        SimNetwork net = new SimNetwork(two, SimOptions.defaults().withSeed(5), b -> b.congestionControl("none"));
        List<SimNode> nodes = startAll(net, List.of("a", "b"));
        SimNode sender = nodes.get(0);
        long origin = net.nowNs();
        LinkProfile slow = link(10, 250_000, 256 * 1024);
        net.scheduleLinkChanges(List.of(new LinkChange(2 * S, "a", "b", slow),
                new LinkChange(4 * S, "a", "b", link(10, 1_000_000, 256 * 1024))), origin);

        // a 60 KB message at 1 Mb/s is still partly queued when the link narrows at 2 s
        runTo(net, origin + 2 * S - 100 * MS);
        sender.send(G, new byte[60_000]);
        runTo(net, origin + 2 * S - 1);
        long before = net.linkBacklogBytes("a", "b");
        EmulatedLink senderLink = sender.wan().existingLink("b").orElseThrow();
        assertThat(senderLink.profile().bandwidthBitsPerSec()).isEqualTo(1_000_000);
        assertThat(before).isGreaterThan(40_000);

        runTo(net, origin + 2 * S);
        assertThat(senderLink.profile()).as("the same link, reconfigured").isEqualTo(slow);
        assertThat(net.linkBacklogBytes("a", "b")).as("the queue is kept").isGreaterThan(before - 1_000);
        runTo(net, origin + 3 * S);
        assertThat(net.linkBacklogBytes("a", "b")).as("and drains at 250 kb/s").isGreaterThan(before - 33_000);

        runTo(net, origin + 4 * S);
        assertThat(sender.wan().existingLink("b").orElseThrow()).isSameAs(senderLink);
        assertThat(senderLink.profile().bandwidthBitsPerSec()).isEqualTo(1_000_000);
        assertThat(net.runUntil(() -> nodes.get(1).delivered().size() == 1, 20 * S)).isTrue();
        assertThat(net.linkCounters("a", "b").droppedByQueue()).isZero();
    }

    @Test
    void shouldRunTheTopologysCrossTrafficOnTheDelegatesLinks() {
        Topology chain = testTopology("chain-cross.topo");
        SimNetwork net = new SimNetwork(chain, SimOptions.defaults().withSeed(11));
        startAll(net, List.of("A", "B", "C", "D"));
        net.runFor(100 * S);

        LinkCounters bc = net.linkCounters("B", "C");
        LinkCounters ab = net.linkCounters("A", "B");
        // B -> C: 200 kb/s half the time (1000-byte packets) and 500 kb/s a quarter of it (500-byte packets),
        // 12.5 + 31.25 packets a second; 50 on/off cycles of the second stream make this about +-15 %
        double expectedPackets = net.nowNs() / (double) S * (100_000 / 8000.0 + 125_000 / 4000.0);
        assertThat((double) bc.crossAdmitted() + bc.crossDropped()).isBetween(0.5 * expectedPackets,
                1.5 * expectedPackets);
        assertThat(bc.admitted()).as("our own datagrams too").isPositive();
        assertThat(ab.crossAdmitted() + ab.crossDropped()).isZero();
        assertThat(net.linkCounters("C", "B").crossAdmitted()).isPositive();
        assertThat(net.linkBacklogBytes("B", "C")).isBetween(0L, 64L * 1024);
        assertThat(net.linkBacklogBytes("nowhere", "C")).isZero();
    }

    @Test
    void shouldBuildTheTopologysFixedTree() {
        Topology chain = testTopology("chain-cross.topo");
        SimNetwork net = new SimNetwork(chain, SimOptions.defaults().withSeed(3),
                b -> b.treeStrategy(chain.treeStrategy().orElseThrow()).maxFanOut(1));
        List<SimNode> nodes = startAll(net, List.of("D", "C", "B", "A"));

        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.tree(G)
                .map(t -> t.sites().size() == 4).orElse(false)), 20 * S)).isTrue();
        GroupTree tree = nodes.get(0).tree(G).orElseThrow();
        assertThat(tree.strategy()).isEqualTo("fixed");
        assertThat(tree.root()).isEqualTo("A");
        assertThat(tree.edges()).extracting(e -> e.parent() + "-" + e.child())
                .containsExactlyInAnyOrder("A-B", "B-C", "C-D");
    }

    @Test
    void shouldDropTheDatagramsTheFilterRefusesBeforeTheLink() {
        SimNetwork net = new SimNetwork(Topology.load("ron3"), SimOptions.defaults().withSeed(2));
        Set<String> seenPairs = new TreeSet<>();
        net.setWanFilter((from, to, packet) -> {
            seenPairs.add(from + ">" + to);
            return packet.kind() != WanPacketKind.PROBE && !(from.equals("boston") && to.equals("ottawa"));
        });
        List<SimNode> nodes = new ArrayList<>();
        for (String site : List.of("boston", "ottawa", "chicago")) {
            nodes.add(net.start(site, site + "1"));
        }
        nodes.forEach(n -> n.join(G));
        net.runFor(10 * S);

        assertThat(net.filteredDatagrams()).isPositive();
        assertThat(seenPairs).contains("boston>ottawa", "ottawa>boston", "chicago>ottawa")
                .allSatisfy(pair -> assertThat(pair.split(">")[0]).isNotEqualTo(pair.split(">")[1]));
        assertThat(net.linkCounters("boston", "ottawa")).isEqualTo(LinkCounters.ZERO);
        assertThat(net.linkCounters("ottawa", "boston").admitted()).isPositive();
        // no probe ever reaches a link, so no delegate measures a link: every tree edge has an unknown RTT
        SimNode chicago = nodes.get(2);
        assertThat(chicago.view(G).orElseThrow().size()).as("membership works without probes").isEqualTo(3);
        assertThat(chicago.tree(G)).hasValueSatisfying(tree -> assertThat(tree.edges())
                .allSatisfy(edge -> assertThat(edge.rttMs()).isGreaterThanOrEqualTo(1000.0)));
    }

    @Test
    void shouldFilterNothingByDefault() {
        SimNetwork net = new SimNetwork(Topology.load("ron3"), SimOptions.defaults().withSeed(2));
        startAll(net, List.of("boston", "ottawa"));

        assertThat(net.filteredDatagrams()).isZero();
        assertThat(net.linkCounters("boston", "ottawa").admitted()).isPositive();
        assertThat(net.linkCounters("boston", "ottawa"))
                .isEqualTo(new LinkCounters(net.delegateOf("boston").orElseThrow().wanDatagramsSent()
                        - net.delegateOf("boston").orElseThrow().wanDatagramsLost(), 0, 0, 0, 0));
    }

    @Test
    void shouldReconfigureExistingLinksAtOnceOnSetLink() {
        SimNetwork net = new SimNetwork(Topology.load("ron3"), SimOptions.defaults().withSeed(4));
        List<SimNode> nodes = startAll(net, List.of("boston", "ottawa"));
        EmulatedLink link = nodes.get(0).wan().existingLink("ottawa").orElseThrow();
        LinkProfile narrow = link(25, 100_000, 8 * 1024);

        net.setLink("boston", "ottawa", narrow);

        assertThat(link.profile()).isEqualTo(narrow);
        assertThat(nodes.get(0).wan().existingLink("ottawa")).containsSame(link);
        CrossTraffic unused = new CrossTraffic("boston", "ottawa", 1, 1, 0, 1, true);
        assertThat(link.crossTraffic()).doesNotContain(unused).isEmpty();
    }
}
