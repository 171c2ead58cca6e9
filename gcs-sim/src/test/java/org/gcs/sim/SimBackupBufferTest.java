package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.gcs.emulator.Topology;
import org.junit.jupiter.api.Test;

/**
 * Seed 001's backup buffers (Theorem 2) on GCS's hop-by-hop transport in virtual time, with the end-to-end repair
 * switched off so that only the links and the backups can deliver: a chain c0 – c1 – c2 – c3 whose last link is the
 * bottleneck, so every buffer upstream of it is full when relays die. B_OUT = B_IN = 20.
 * <ul>
 *   <li>r = 1, c1's delegate dies: c0's backup of r(B_IN + B_OUT) + B_OUT = 60 packets replays what c1 held;</li>
 *   <li>r = 2, the delegates of c1 and c2 die together: a backup of 100 packets replays what both held;</li>
 *   <li>the same two failures with a backup one B_OUT too small (80): the oldest packets the dead relays held are in
 *       no backup, and the members behind them never get them.</li>
 * </ul>
 */
class SimBackupBufferTest {
    private static final long S = 1_000_000_000L;
    private static final String G = "g";
    private static final int MESSAGES = 400;
    private static final List<String> CHAIN = List.of("c0", "c1", "c2", "c3");
    private static final Topology WAN = Topology.parse("""
            site c0 c1 c2 c3
            defaults bandwidth=100Mbps queue=256KB
            link c0 <-> c1 rtt=20ms
            link c1 <-> c2 rtt=20ms
            link c2 <-> c3 rtt=20ms bandwidth=160kbps queue=4KB
            """, "chain4");

    @Test
    void shouldLoseNothingWhenOneRelayFailsWithABackupForOneFailure() {
        Outcome outcome = run(1, 0, List.of("c1"));
        outcome.assertEverySurvivorDeliveredEverythingOnceInOrder();
    }

    @Test
    void shouldLoseNothingWhenTwoConsecutiveRelaysFailWithABackupForTwoFailures() {
        Outcome outcome = run(2, 0, List.of("c1", "c2"));
        outcome.assertEverySurvivorDeliveredEverythingOnceInOrder();
    }

    @Test
    void shouldLoseWhenTwoConsecutiveRelaysFailWithABackupOneOutputBufferTooSmall() {
        Outcome outcome = run(2, 2 * (20 + 20) + 20 - 20, List.of("c1", "c2"));
        List<Long> atSink = outcome.sequencesAt("c3");
        assertThat(atSink).as("in order and once, as far as it goes").isSorted().doesNotHaveDuplicates();
        assertThat(atSink.size()).as("the sink misses what no backup held").isLessThan(MESSAGES);
    }

    private record Outcome(SimNetwork net, MemberId sender, List<SimNode> survivors) {
        List<Long> sequencesAt(String site) {
            List<Long> all = new ArrayList<>();
            for (SimNode node : survivors) {
                if (node.site().equals(site)) {
                    all = node.delivered().stream().filter(m -> m.sender().equals(sender))
                            .map(GroupMessage::sequence).toList();
                }
            }
            return all;
        }

        void assertEverySurvivorDeliveredEverythingOnceInOrder() {
            for (SimNode node : survivors) {
                if (node.id().equals(sender)) {
                    continue;
                }
                List<Long> sequence = node.delivered().stream().filter(m -> m.sender().equals(sender))
                        .map(GroupMessage::sequence).toList();
                java.util.Set<Long> missing = new java.util.TreeSet<>();
                for (long k = 1; k <= MESSAGES; k++) {
                    if (!sequence.contains(k)) {
                        missing.add(k);
                    }
                }
                assertThat(sequence).as("at %s, missing %s", node.id(), missing).hasSize(MESSAGES).isSorted().doesNotHaveDuplicates();
            }
        }
    }

    /**
     * @param failures r
     * @param backupPackets B_back set directly, or 0 for r's
     * @param failing the sites whose delegates die together once every buffer is full
     */
    private static Outcome run(int failures, int backupPackets, List<String> failing) {
        SimNetwork net = new SimNetwork(WAN, SimOptions.defaults(), b -> b.treeStrategy("fixed:c0-c1,c1-c2,c2-c3")
                .set("wan.transport", "hop-by-hop").set("congestion.control", "none")
                .set("hop.output.packets", "20").set("hop.input.packets", "20")
                .set("hop.backup.failures", Integer.toString(failures))
                .set("hop.backup.packets", Integer.toString(backupPackets))
                .set("hop.e2e.repair", "false"));
        List<SimNode> nodes = new ArrayList<>();
        for (String site : CHAIN) {
            nodes.add(net.start(site, site + "a"));
            nodes.add(net.start(site, site + "b"));
        }
        nodes.forEach(n -> n.join(G));
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.view(G).map(v -> v.size() == 8).orElse(false)
                && n.tree(G).map(t -> t.sites().size() == 4).orElse(false)), 30 * S)).isTrue();
        SimNode sender = net.delegateOf("c0").orElseThrow();
        for (int i = 0; i < MESSAGES; i++) {
            sender.send(G, new byte[1000]);
        }
        net.runFor(3 * S); // the bottleneck c2 -> c3 carries 20 packets a second: every buffer before it fills
        List<SimNode> dead = new ArrayList<>();
        for (String site : failing) {
            SimNode delegate = net.delegateOf(site).orElseThrow();
            dead.add(delegate);
            net.crash(delegate);
        }
        List<SimNode> survivors = nodes.stream().filter(n -> !dead.contains(n)).toList();
        net.runUntil(() -> survivors.stream().allMatch(n -> n == sender || n.delivered().size() == MESSAGES), 90 * S);
        net.runFor(5 * S); // nothing more (no duplicate) arrives
        return new Outcome(net, sender.id(), survivors);
    }
}
