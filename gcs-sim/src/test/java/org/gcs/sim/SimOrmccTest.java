package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.FlowStatus;
import org.gcs.GroupMessage;
import org.gcs.ReceivingFlowStatus;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;
import org.gcs.WireCost;
import org.junit.jupiter.api.Test;

/**
 * ORMCC (seed 002) end to end through the engine, in virtual time: the receiving delegates' congestion indications
 * cross the WAN in their own packets, the sending delegate picks the slowest receiving site as its representative
 * and its rate follows that site's bottleneck; everything arrives once and in order.
 */
class SimOrmccTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final String G = "g";
    private static final int MESSAGE_BYTES = 1000;

    private static LinkProfile link(long delayMs, long bitsPerSec, long queueBytes) {
        return LinkProfile.IDEAL.withOneWayDelayNs(delayMs * MS).withBandwidthBitsPerSec(bitsPerSec)
                .withQueueBytes(queueBytes);
    }

    @Test
    void shouldFollowTheSlowestReceivingSitesBottleneck() {
        Topology wan = Topology.builder("two-bottlenecks").site("src").site("slow").site("fast")
                .link("src", "slow", link(20, 1_000_000, 25 * 1024))
                .link("slow", "src", link(20, 0, 0))
                .link("src", "fast", link(20, 4_000_000, 100 * 1024))
                .link("fast", "src", link(20, 0, 0))
                .build();
        SimNetwork net = new SimNetwork(wan, SimOptions.defaults().withSeed(5), b -> b.treeStrategy("star")
                .set("congestion.control", "ormcc").set("cc.ormcc.beta", "0.75")
                .set("cc.ormcc.increase.rtt", "indications")); // the thesis's settings
        SimNode sender = net.start("src", "s1");
        SimNode slow = net.start("slow", "l1");
        SimNode fast = net.start("fast", "f1");
        for (SimNode node : List.of(sender, slow, fast)) {
            node.join(G);
        }
        assertThat(net.runUntil(() -> sender.view(G).map(v -> v.size() == 3).orElse(false), 10 * S)).isTrue();
        List<SimNode.Send> sends = new ArrayList<>();
        long start = net.nowNs();
        List<FlowStatus> samples = new ArrayList<>();
        while (net.nowNs() < start + 80 * S) {
            while (sender.waitingBytes() < 16 * MESSAGE_BYTES) {
                sends.add(sender.send(G, new byte[MESSAGE_BYTES]));
            }
            net.runFor(100 * MS);
            if (net.nowNs() > start + 20 * S) {
                samples.add(net.delegateOf("src").orElseThrow().flows().get(0));
            }
        }
        assertThat(net.runUntil(sender::sendIdle, 60 * S)).as("everything sent becomes stable").isTrue();

        assertThat(samples).allSatisfy(f -> assertThat(f.controller()).isEqualTo("ormcc"));
        long representativeIsSlow = samples.stream().filter(f -> f.limitingSite().orElse("").equals("slow")).count();
        assertThat(representativeIsSlow).as("samples with the slow site as representative")
                .isGreaterThanOrEqualTo(Math.round(0.9 * samples.size()));
        double meanAllowed = samples.stream().mapToDouble(FlowStatus::allowedRateBytesPerSec).average().orElseThrow();
        long admitted = sends.stream().filter(s -> s.admittedAtNs() >= start + 20 * S).count();
        double sendingRate = admitted * (double) WireCost.messageBytes(MESSAGE_BYTES) / 60;
        assertThat(meanAllowed / 125_000).as("mean rate / the 1 Mbit/s bottleneck").isBetween(0.6, 1.1);
        assertThat(sendingRate / meanAllowed).as("a greedy sender sends at the allowed rate").isBetween(0.9, 1.05);

        ReceivingFlowStatus atSlow = slow.receivingFlows().get(0);
        assertThat(atSlow.controller()).isEqualTo("ormcc");
        assertThat(atSlow.value("indicationsSent")).isPositive();
        assertThat(atSlow.value("representative")).isEqualTo(1.0);
        assertThat(fast.receivingFlows().get(0).value("indicationsSent"))
                .as("the fast site, never congested after slow start, hardly speaks").isLessThanOrEqualTo(3);
        for (SimNode receiver : List.of(slow, fast)) {
            List<Long> sequence = receiver.delivered().stream().filter(m -> m.sender().equals(sender.id()))
                    .map(GroupMessage::sequence).toList();
            assertThat(sequence).hasSize(sends.size());
            for (int i = 0; i < sequence.size(); i++) {
                assertThat(sequence.get(i)).isEqualTo(i + 1L);
            }
        }
    }
}
