package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.FlowStatus;
import org.gcs.GroupMessage;
import org.gcs.emulator.Topology;
import org.gcs.driver.WanPacketKind;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's cost-benefit flow control end to end in virtual time: a chain A – B – C whose link B → C (1 Mbit/s) is
 * the bottleneck, twenty greedy senders in A. B prices its link to C from the packets waiting in front of it, advertises
 * the price, A's delegate prices the group's packets with it and hands the price to its senders, who buy packets from
 * their budgets.
 */
class SimCostBenefitTest {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;
    private static final String G = "g";
    private static final int SENDERS = 20;
    private static final int PAYLOAD = 1000;
    private static final String CHAIN = """
            name cb-chain
            site A B C
            defaults bandwidth=10Mbps delay=10ms queue=64KB
            link A <-> B
            link B <-> C bandwidth=1Mbps
            link A <-> C delay=20ms
            tree A-B B-C
            """;

    private final AtomicLong linkCostPackets = new AtomicLong();

    @Test
    void shouldPriceTheBottleneckAndKeepTheSendersNearItsCapacityDeliveringEverythingOnceInOrder() {
        SimNetwork net = new SimNetwork(Topology.parse(CHAIN, "test"), SimOptions.defaults(), b -> b
                .set("tree.strategy", "fixed:A-B,B-C")
                .set("congestion.control", "cost-benefit").set("wan.transport", "hop-by-hop")
                .set("hop.output.packets", "300").set("hop.input.packets", "300"));
        net.setWanFilter((from, to, packet) -> {
            if (packet.kind() == WanPacketKind.LINK_COSTS) {
                linkCostPackets.incrementAndGet();
            }
            return true;
        });
        List<SimNode> senders = new ArrayList<>();
        for (int i = 0; i < SENDERS; i++) {
            senders.add(net.start("A", "s" + i));
        }
        SimNode relay = net.start("B", "relay");
        SimNode receiver = net.start("C", "r");
        List<SimNode> members = new ArrayList<>(senders);
        members.add(receiver);
        members.forEach(n -> n.join(G));
        assertThat(net.runUntil(() -> members.stream().allMatch(n -> n.view(G).map(v -> v.size() == SENDERS + 1)
                .orElse(false)), 30 * S)).isTrue();
        net.runFor(3 * S);

        Map<String, Long> sent = new HashMap<>();
        long startNs = net.nowNs();
        double maxPrice = 0;
        int maxWaiting = 0;
        long bytesBefore = 0;
        Map<String, Long> deliveredBefore = new HashMap<>();
        while (net.nowNs() - startNs < 40 * S) {
            for (SimNode sender : senders) {
                while (sender.waitingBytes() < 4 * PAYLOAD) {
                    sender.send(G, new byte[PAYLOAD]);
                    sent.merge(sender.name(), 1L, Long::sum);
                }
            }
            net.runFor(10 * MS);
            if (net.nowNs() - startNs >= 15 * S) {
                maxPrice = Math.max(maxPrice, net.delegateOf("A").flatMap(d -> d.flows().stream().findFirst())
                        .map(f -> f.extra("priceDollarsPerPacket")).orElse(0.0));
                maxWaiting = Math.max(maxWaiting, relay.takeHopWaitingPeaks().getOrDefault("C", 0));
            } else {
                relay.takeHopWaitingPeaks(); // the start-up's peaks are not the steady state's
            }
            if (net.nowNs() - startNs == 15 * S) {
                bytesBefore = receivedBytes(receiver);
                senders.forEach(sender -> deliveredBefore.put(sender.name(), deliveredFrom(receiver, sender)));
            }
        }
        double rateBytesPerSec = (receivedBytes(receiver) - bytesBefore) * 1e9 / (net.nowNs() - startNs - 15 * S);
        FlowStatus flow = net.delegateOf("A").orElseThrow().flows().get(0);
        double[] shares = senders.stream().mapToDouble(sender -> deliveredFrom(receiver, sender)
                - deliveredBefore.get(sender.name())).toArray();
        assertThat(flow.controller()).isEqualTo("cost-benefit");
        assertThat(maxPrice).as("the bottleneck got a price").isGreaterThan(1.0);
        assertThat(linkCostPackets.get()).as("link prices were advertised").isPositive();
        assertThat(maxWaiting).as("the waiting packets stay near the soft limit M = 100 (the paper: under 150)")
                .isBetween(1, 150);
        // wire version 5 made every datagram 8 bytes longer (the destination): seeds 1-5 gave 0.852-0.858 on version 4
        // and 0.823-0.829 on version 5, and 0.848 on version 5 with 992-byte payloads (version 4's datagram size), so
        // the step is the datagram's size at this bottleneck, not the protocol
        assertThat(rateBytesPerSec / (1e6 / 8)).as("payload delivered over the bottleneck's capacity (1 000 of the"
                + " 1 128 bytes a message takes on the wire: at most 0.887)").isGreaterThan(0.815).isLessThan(0.9);
        assertThat(coefficientOfVariation(shares)).as("the senders' shares differ by under 10 %% (the paper: 4.6 %%)")
                .isLessThan(0.10);

        assertThat(net.runUntil(() -> senders.stream().allMatch(SimNode::sendIdle), 120 * S)).isTrue();
        net.runFor(2 * S);
        for (SimNode sender : senders) {
            List<Long> sequence = receiver.delivered().stream().filter(m -> m.sender().equals(sender.id()))
                    .map(GroupMessage::sequence).toList();
            assertThat(sequence).as("from %s", sender.id()).hasSize(sent.get(sender.name()).intValue()).isSorted()
                    .doesNotHaveDuplicates();
        }
    }

    private static long deliveredFrom(SimNode receiver, SimNode sender) {
        return receiver.delivered().stream().filter(m -> m.sender().equals(sender.id())).count();
    }

    private static double coefficientOfVariation(double[] values) {
        double mean = java.util.Arrays.stream(values).average().orElseThrow();
        double variance = java.util.Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / values.length;
        return Math.sqrt(variance) / mean;
    }

    private static long receivedBytes(SimNode receiver) {
        return receiver.delivered().stream().mapToLong(m -> m.payload().length).sum();
    }
}
