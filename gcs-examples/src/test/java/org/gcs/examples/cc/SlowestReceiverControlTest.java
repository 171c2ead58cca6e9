package org.gcs.examples.cc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gcs.FlowStatus;
import org.gcs.GroupMessage;
import org.gcs.emulator.Topology;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;
import org.gcs.sim.SimOptions;
import org.junit.jupiter.api.Test;

/**
 * A congestion controller from outside GCS, selected by its class name, runs end to end in virtual time: its
 * monitors' feedback crosses the WAN in its own blocks, its source limits the senders, every message arrives once and
 * in order.
 */
class SlowestReceiverControlTest {
    private static final long S = 1_000_000_000L;
    private static final String G = "board";

    @Test
    void shouldRunAControllerSelectedByClassNameEndToEnd() {
        SimNetwork net = new SimNetwork(Topology.load("ron3"), SimOptions.defaults().withSeed(3), b -> b
                .congestionControl(SlowestReceiverControl.class.getName())
                .set("cc.slowest.headroom", "1.5"));
        List<SimNode> nodes = new ArrayList<>();
        for (String site : List.of("boston", "ottawa", "chicago")) {
            SimNode node = net.start(site, site + "-1");
            node.join(G);
            nodes.add(node);
        }
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.view(G).map(v -> v.size() == 3).orElse(false)),
                20 * S)).isTrue();
        SimNode sender = nodes.get(0);
        int sent = 0;
        long end = net.nowNs() + 20 * S;
        List<FlowStatus> samples = new ArrayList<>();
        while (net.nowNs() < end) {
            while (sender.waitingBytes() < 8_000) {
                sender.send(G, new byte[800]);
                sent++;
            }
            net.runFor(50_000_000L);
            samples.addAll(sender.flows());
        }
        net.runUntil(sender::sendIdle, 30 * S);

        FlowStatus last = samples.get(samples.size() - 1);
        assertThat(last.controller()).isEqualTo("slowest");
        assertThat(last.congestionMeasure()).isEqualTo("receiveRateBytesPerSec");
        assertThat(last.extras()).isEqualTo(Map.of("headroom", 1.5));
        assertThat(samples).anySatisfy(f -> {
            assertThat(f.limitingSite()).isPresent();
            assertThat(f.allowedRateBytesPerSec()).isFinite();
            assertThat(f.limitingReceiver().orElseThrow().feedback("receiveRateBytesPerSec")).isPositive();
        });
        for (SimNode receiver : nodes.subList(1, 3)) {
            List<Long> sequence = receiver.delivered().stream().filter(m -> m.sender().equals(sender.id()))
                    .map(GroupMessage::sequence).toList();
            assertThat(sequence).hasSize(sent);
            for (int i = 0; i < sequence.size(); i++) {
                assertThat(sequence.get(i)).isEqualTo(i + 1L);
            }
            assertThat(receiver.receivingFlows()).singleElement()
                    .satisfies(flow -> assertThat(flow.controller()).isEqualTo("slowest"));
        }
    }
}
