package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.emulator.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Membership changes and failures during traffic, in virtual time; every scenario runs on each WAN transport
 * ({@link SimChurnTest} end to end, {@link SimChurnHopByHopTest} hop by hop).
 */
abstract class SimChurnScenarios {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final String G = "g";

    private final Topology lossy = Topology.builder("lossy3").site("a").site("b").site("c")
            .bidirectionalLink("a", "b", link(20, 0.02))
            .bidirectionalLink("b", "c", link(30, 0.02))
            .bidirectionalLink("a", "c", link(45, 0.02))
            .build();

    private final Topology lossless = Topology.builder("lossless3").site("a").site("b").site("c")
            .bidirectionalLink("a", "b", link(20, 0))
            .bidirectionalLink("b", "c", link(30, 0))
            .bidirectionalLink("a", "c", link(45, 0))
            .build();

    /** @return the simulator's defaults with the transport under test */
    /** @return the settings of every node of the scenarios */
    abstract java.util.function.UnaryOperator<org.gcs.GcsConfigBuilder> nodeSettings();

    private static LinkProfile link(long delayMs, double loss) {
        return LinkProfile.IDEAL.withOneWayDelayNs(delayMs * MS).withLoss(LossProfile.bernoulli(loss))
                .withBandwidthBitsPerSec(10_000_000L).withQueueBytes(128 * 1024);
    }

    private static List<SimNode> start(SimNetwork net, int perSite) {
        List<SimNode> nodes = new ArrayList<>();
        for (String site : List.of("a", "b", "c")) {
            for (int i = 1; i <= perSite; i++) {
                nodes.add(net.start(site, site + i));
            }
        }
        nodes.forEach(n -> n.join(G));
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.view(G).map(v -> v.size() == nodes.size())
                .orElse(false)), 10 * S)).isTrue();
        return nodes;
    }

    /** Sends {@code rounds} rounds of one message per live node, 10 ms apart; returns what each sender sent. */
    private static Map<MemberId, Long> traffic(SimNetwork net, List<SimNode> nodes, int rounds, Runnable atHalf) {
        Map<MemberId, Long> sent = new HashMap<>();
        for (int k = 1; k <= rounds; k++) {
            if (k == rounds / 2 && atHalf != null) {
                atHalf.run();
            }
            for (SimNode n : nodes) {
                if (n.alive()) {
                    n.send(G, ByteBuffer.allocate(100).putInt(k).array());
                    sent.merge(n.id(), 1L, Long::sum);
                }
            }
            net.runFor(10 * MS);
        }
        return sent;
    }

    private static void assertExactlyOnceInOrder(SimNetwork net, List<SimNode> survivors, Map<MemberId, Long> sentBySurvivors) {
        long expected = sentBySurvivors.values().stream().mapToLong(Long::longValue).sum();
        boolean done = net.runUntil(() -> survivors.stream().allMatch(n -> countFrom(n, sentBySurvivors) >= expected), 60 * S);
        net.runFor(3 * S);
        for (SimNode n : survivors) {
            List<GroupMessage> fromSurvivors = n.delivered().stream()
                    .filter(m -> sentBySurvivors.containsKey(m.sender())).toList();
            assertThat(DeliveryChecker.problems(n.id(), fromSurvivors, sentBySurvivors)).as("deliveries at " + n).isEmpty();
        }
        assertThat(done).isTrue();
    }

    private static long countFrom(SimNode n, Map<MemberId, Long> senders) {
        return n.delivered().stream().filter(m -> senders.containsKey(m.sender())).count();
    }

    private static Map<MemberId, Long> without(Map<MemberId, Long> sent, SimNode dead) {
        Map<MemberId, Long> copy = new HashMap<>(sent);
        copy.remove(dead.id());
        return copy;
    }

    /**
     * Starts three members per site, crashes the delegates of {@code sites} at once halfway through {@code rounds}
     * rounds of traffic, and checks that every survivor got every survivor's messages exactly once, in order.
     */
    private static SimNetwork crashDelegatesDuringTraffic(SimNetwork net, int rounds, String... sites) {
        List<SimNode> nodes = start(net, 3);
        List<SimNode> delegates = java.util.Arrays.stream(sites).map(site -> net.delegateOf(site).orElseThrow())
                .toList();
        Map<MemberId, Long> sent = traffic(net, nodes, rounds, () -> delegates.forEach(net::crash));
        assertSurvivorsGotEverySurvivorsMessages(net, nodes, sent);
        return net;
    }

    private static void assertSurvivorsGotEverySurvivorsMessages(SimNetwork net, List<SimNode> nodes,
                                                                 Map<MemberId, Long> sent) {
        Map<MemberId, Long> fromSurvivors = new HashMap<>(sent);
        nodes.stream().filter(n -> !n.alive()).forEach(n -> fromSurvivors.remove(n.id()));
        assertExactlyOnceInOrder(net, nodes.stream().filter(SimNode::alive).toList(), fromSurvivors);
    }

    @Test
    void shouldKeepDeliveringWhenANonDelegateMemberCrashes() {
        SimNetwork net = new SimNetwork(lossy, SimOptions.defaults().withSeed(11), nodeSettings());
        List<SimNode> nodes = start(net, 2);
        SimNode victim = nodes.get(1); // a2, not the delegate
        Map<MemberId, Long> sent = traffic(net, nodes, 200, () -> net.crash(victim));
        List<SimNode> survivors = nodes.stream().filter(SimNode::alive).toList();
        assertExactlyOnceInOrder(net, survivors, without(sent, victim));
        assertThat(net.runUntil(() -> survivors.stream().allMatch(n -> n.view(G).orElseThrow().size() == 5), 10 * S)).isTrue();
    }

    @Test
    void shouldLoseNothingFromSurvivorsWhenTheSendingSitesDelegateCrashes() {
        SimNetwork net = crashDelegatesDuringTraffic(new SimNetwork(lossy, SimOptions.defaults().withSeed(12), nodeSettings()), 300,
                "a");
        assertThat(net.delegateOf("a")).get().extracting(SimNode::name).isEqualTo("a2");
    }

    @Test
    void shouldLoseNothingFromSurvivorsWhenAReceivingSitesDelegateCrashes() {
        crashDelegatesDuringTraffic(new SimNetwork(lossy, SimOptions.defaults().withSeed(13), nodeSettings()), 300, "b");
    }

    /**
     * A slow LAN (30 ms until a multicast arrives) widens the window in which a receiving delegate has taken
     * messages off the WAN but its members do not hold them yet; its crash then loses what it had multicast. The
     * site's new delegate must get those messages again from the sending site.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {21, 22, 23, 24})
    void shouldLoseNothingArrivingWhenAReceivingDelegateDiesBeforeItsMembersHoldWhatItTookOffTheWan(long seed) {
        crashDelegatesDuringTraffic(new SimNetwork(lossless,
                SimOptions.defaults().withSeed(seed).withLanDelayNs(30 * MS), nodeSettings()), 200, "b");
    }

    /** The same slow LAN on the sending side: the dead delegate's Stable news and hand-offs in flight are lost. */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {31, 32})
    void shouldLoseNothingLeavingWhenASendingDelegateDiesOnASlowLan(long seed) {
        crashDelegatesDuringTraffic(new SimNetwork(lossless,
                SimOptions.defaults().withSeed(seed).withLanDelayNs(30 * MS), nodeSettings()), 200, "a");
    }

    /** Two sites lose their delegates at the same moment, on lossy links and a slow LAN. */
    @Test
    void shouldLoseNothingWhenTwoSitesLoseTheirDelegatesAtOnce() {
        crashDelegatesDuringTraffic(new SimNetwork(lossy, SimOptions.defaults().withSeed(41).withLanDelayNs(10 * MS), nodeSettings()),
                200, "a", "b");
    }

    /** A site loses its delegate and then, during the hand-over, the next one. */
    @Test
    void shouldLoseNothingWhenASiteLosesTwoDelegatesInARow() {
        SimNetwork net = new SimNetwork(lossy, SimOptions.defaults().withSeed(42).withLanDelayNs(10 * MS), nodeSettings());
        List<SimNode> nodes = start(net, 3);
        SimNode first = net.delegateOf("b").orElseThrow();
        Map<MemberId, Long> sent = traffic(net, nodes, 200, () -> {
            net.crash(first);
            net.runFor(250 * MS); // the site noticed (200 ms) and b2 took over
            net.crash(net.delegateOf("b").orElseThrow());
        });
        assertThat(nodes.stream().filter(SimNode::alive)).extracting(SimNode::name).contains("b3")
                .doesNotContain("b1", "b2");
        assertSurvivorsGotEverySurvivorsMessages(net, nodes, sent);
    }

    @Test
    void shouldDropACrashedSiteFromViewsAndKeepTheRestFlowing() {
        SimNetwork net = new SimNetwork(lossy, SimOptions.defaults().withSeed(14), nodeSettings());
        List<SimNode> nodes = start(net, 1);
        SimNode c = nodes.get(2);
        Map<MemberId, Long> sent = traffic(net, nodes, 100, () -> net.crash(c));
        List<SimNode> survivors = nodes.subList(0, 2);
        assertExactlyOnceInOrder(net, survivors, without(sent, c));
        assertThat(net.runUntil(() -> survivors.stream()
                .allMatch(n -> n.view(G).orElseThrow().sites().equals(java.util.Set.of("a", "b"))), 10 * S)).isTrue();
        assertThat(net.runUntil(() -> survivors.stream().allMatch(SimNode::sendIdle), 10 * S)).isTrue();
    }

    @Test
    void shouldUpdateViewsOnLeaveAndJoinAndStartNewMembersAtTheJoinPoint() {
        SimNetwork net = new SimNetwork(lossy, SimOptions.defaults().withSeed(15), nodeSettings());
        List<SimNode> nodes = start(net, 1);
        SimNode a = nodes.get(0);
        SimNode c = nodes.get(2);
        c.leave(G);
        assertThat(net.runUntil(() -> a.view(G).orElseThrow().sites().equals(java.util.Set.of("a", "b")), 5 * S)).isTrue();
        for (int i = 0; i < 20; i++) {
            a.send(G, new byte[10]);
        }
        net.runFor(2 * S);
        int before = c.delivered().size();
        c.join(G);
        assertThat(net.runUntil(() -> a.view(G).orElseThrow().size() == 3, 5 * S)).isTrue();
        for (int i = 0; i < 20; i++) {
            a.send(G, new byte[10]);
        }
        assertThat(net.runUntil(() -> c.delivered().size() == before + 20, 10 * S)).isTrue();
        assertThat(c.delivered().subList(before, before + 20)).extracting(GroupMessage::sequence)
                .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(21, 40).boxed().toList());
    }

    @Test
    void shouldRepeatTheSameRunFromTheSameSeed() {
        List<String> first = run(99);
        List<String> second = run(99);
        assertThat(second).isEqualTo(first);
    }

    private List<String> run(long seed) {
        SimNetwork net = new SimNetwork(lossy, SimOptions.defaults().withSeed(seed), nodeSettings());
        List<SimNode> nodes = start(net, 2);
        traffic(net, nodes, 50, null);
        net.runFor(5 * S);
        return nodes.get(3).delivered().stream().map(m -> m.sender() + "#" + m.sequence()).toList();
    }
}
