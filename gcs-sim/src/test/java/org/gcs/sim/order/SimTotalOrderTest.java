package org.gcs.sim.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.sim.order.TotalOrderHarness.MS;
import static org.gcs.sim.order.TotalOrderHarness.S;

import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.emulator.Topology;
import org.gcs.order.OrderChecker;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;
import org.gcs.sim.SimOptions;
import org.junit.jupiter.api.Test;

/** Total order in virtual time: fixed scenarios, each checked by {@link OrderChecker}. */
class SimTotalOrderTest {
    private static Topology three(double loss) {
        LinkProfile link = LinkProfile.IDEAL.withOneWayDelayNs(30 * MS).withLoss(LossProfile.bernoulli(loss))
                .withBandwidthBitsPerSec(10_000_000L).withQueueBytes(256 * 1024);
        return Topology.builder("three").site("a").site("b").site("c")
                .bidirectionalLink("a", "b", link).bidirectionalLink("b", "c", link).bidirectionalLink("a", "c", link)
                .build();
    }

    private static TotalOrderHarness startThreeByTwo(long seed, double loss) {
        TotalOrderHarness h = new TotalOrderHarness(new SimNetwork(three(loss), SimOptions.defaults().withSeed(seed)));
        for (String site : new String[] {"a", "b", "c"}) {
            h.start(site, site + "1");
            h.start(site, site + "2");
        }
        assertThat(h.net.runUntil(() -> h.nodes.stream().allMatch(n -> h.viewSize(n) == 6), 20 * S))
                .as("every member in one agreed view").isTrue();
        return h;
    }

    private static void traffic(TotalOrderHarness h, int rounds, Runnable atHalf) {
        for (int k = 1; k <= rounds; k++) {
            if (k == rounds / 2 && atHalf != null) {
                atHalf.run();
            }
            h.alive().forEach(h::send);
            h.net.runFor(10 * MS);
        }
    }

    private static void assertAllDelivered(TotalOrderHarness h) {
        long expected = h.alive().stream().mapToLong(n -> h.sent.getOrDefault(n, 0L)).sum();
        boolean done = h.net.runUntil(() -> h.alive().stream().allMatch(n -> fromAlive(h, n) >= expected), 60 * S);
        OrderChecker.Result result = h.check();
        System.out.println("total order: " + result.members() + " logs, " + result.events() + " events, done=" + done
                + ", at " + h.net.nowNs() / MS + " ms, expected " + expected + ", per member "
                + h.alive().stream().map(n -> fromAlive(h, n)).toList());
        assertThat(result.problems()).isEmpty();
        assertThat(result.ok()).isTrue();
        assertThat(done).as("every survivor delivered every survivor's messages").isTrue();
    }

    private static long fromAlive(TotalOrderHarness h, SimNode n) {
        var aliveIds = h.alive().stream().map(SimNode::id).toList();
        return h.logs.get(n).incarnations().stream().flatMap(java.util.List::stream)
                .filter(e -> !e.isView() && aliveIds.contains(e.sender())).count();
    }

    @Test
    void shouldRefuseToSwitchAJoinedGroupsOrdering() {
        SimNetwork net = new SimNetwork(three(0.0), SimOptions.defaults().withSeed(9));
        SimNode node = net.start("a", "a1");
        org.gcs.order.TotalOrderMember member = new org.gcs.order.TotalOrderMember(node, net::nowNs, 1);
        member.join("f", org.gcs.order.Ordering.FIFO);
        member.join("t", org.gcs.order.Ordering.TOTAL);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> member.join("f", org.gcs.order.Ordering.TOTAL))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("fifo ordering; leave it first");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> member.join("t", org.gcs.order.Ordering.FIFO))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("total ordering; leave it first");
        assertThat(member.ordering("f")).contains(org.gcs.order.Ordering.FIFO);
        assertThat(member.ordering("t")).contains(org.gcs.order.Ordering.TOTAL);
    }

    @Test
    void shouldDeliverEveryMessageInOneOrderAtEveryMember() {
        TotalOrderHarness h = startThreeByTwo(1, 0.0);
        traffic(h, 200, null);
        assertAllDelivered(h);
        assertThat(h.check().events()).isGreaterThan(6 * 1200);
    }

    @Test
    void shouldKeepOneOrderUnderLoss() {
        TotalOrderHarness h = startThreeByTwo(2, 0.05);
        traffic(h, 200, null);
        assertAllDelivered(h);
    }

    @Test
    void shouldKeepOneOrderWhenTheSequencerCrashes() {
        TotalOrderHarness h = startThreeByTwo(3, 0.02);
        SimNode sequencer = h.nodes.get(0); // a1 founded the order (the lowest name)
        traffic(h, 200, () -> h.net.crash(sequencer));
        assertAllDelivered(h);
    }

    @Test
    void shouldKeepOneOrderWhenTheSequencersSiteIsLost() {
        TotalOrderHarness h = startThreeByTwo(4, 0.02);
        traffic(h, 200, () -> {
            h.net.crash(h.nodes.get(0));
            h.net.crash(h.nodes.get(1));
        });
        assertAllDelivered(h);
    }
}
