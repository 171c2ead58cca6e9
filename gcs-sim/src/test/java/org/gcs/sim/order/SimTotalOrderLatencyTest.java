package org.gcs.sim.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.sim.order.TotalOrderHarness.MS;
import static org.gcs.sim.order.TotalOrderHarness.S;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;
import org.gcs.sim.SimOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What total order costs in latency, in virtual time: three sites with one-way delay D between each pair, two
 * members each, every member sending 20 messages/s to a FIFO group and to a total-order group at once; prints the
 * p50/p99 from send to delivery of both (docs/architecture.md §12 quotes it). The only assertion: total order is
 * never faster than FIFO, and stays within four one-way delays plus 100 ms at the median.
 */
class SimTotalOrderLatencyTest {

    @ParameterizedTest(name = "one-way {0} ms")
    @ValueSource(longs = {10, 50, 100})
    void shouldReportTheLatencyOfTotalOrderBesideFifo(long oneWayMs) {
        LinkProfile link = LinkProfile.IDEAL.withOneWayDelayNs(oneWayMs * MS).withBandwidthBitsPerSec(50_000_000L)
                .withQueueBytes(512 * 1024);
        Topology topology = Topology.builder("three-" + oneWayMs).site("a").site("b").site("c")
                .bidirectionalLink("a", "b", link).bidirectionalLink("b", "c", link).bidirectionalLink("a", "c", link)
                .build();
        SimNetwork net = new SimNetwork(topology, SimOptions.defaults().withSeed(oneWayMs));
        List<SimNode> nodes = new ArrayList<>();
        List<TotalOrderMember> members = new ArrayList<>();
        List<Long> fifoNs = new ArrayList<>();
        List<Long> totalNs = new ArrayList<>();
        for (String site : new String[] {"a", "b", "c"}) {
            for (int i = 1; i <= 2; i++) {
                SimNode node = net.start(site, site + i);
                TotalOrderMember member = new TotalOrderMember(node, net::nowNs, nodes.size() + 1);
                member.onMessage(m -> {
                    long sentNs = ByteBuffer.wrap(m.payload()).getLong();
                    (m.group().equals("total") ? totalNs : fifoNs).add(net.nowNs() - sentNs);
                });
                member.join("fifo", Ordering.FIFO);
                member.join("total", Ordering.TOTAL);
                tick(net, member);
                nodes.add(node);
                members.add(member);
            }
        }
        assertThat(net.runUntil(() -> members.stream().allMatch(m -> m.view("total").map(v -> v.size() == 6)
                .orElse(false) && m.view("fifo").map(v -> v.size() == 6).orElse(false)), 30 * S)).isTrue();
        for (int k = 0; k < 200; k++) { // 10 s at 20 messages/s per member and group
            for (TotalOrderMember member : members) {
                byte[] payload = ByteBuffer.allocate(100).putLong(net.nowNs()).array();
                member.sendAsync("fifo", payload);
                member.sendAsync("total", payload.clone());
            }
            net.runFor(50 * MS);
        }
        net.runUntil(() -> fifoNs.size() == 6 * 6 * 200 && totalNs.size() == 6 * 6 * 200, 30 * S);
        assertThat(totalNs).hasSize(fifoNs.size()).hasSize(6 * 6 * 200);
        double fifoP50 = percentileMs(fifoNs, 0.50);
        double totalP50 = percentileMs(totalNs, 0.50);
        System.out.printf("total-order latency, one-way %d ms: fifo p50 %.1f ms p99 %.1f ms; total p50 %.1f ms"
                + " p99 %.1f ms (%d messages each)%n", oneWayMs, fifoP50, percentileMs(fifoNs, 0.99), totalP50,
                percentileMs(totalNs, 0.99), totalNs.size());
        assertThat(totalP50).isGreaterThanOrEqualTo(fifoP50).isLessThan(4 * oneWayMs + 100);
    }

    private static void tick(SimNetwork net, TotalOrderMember member) {
        net.clock().after(TotalOrderMember.TICK_MS * MS, () -> {
            member.tick();
            tick(net, member);
        });
    }

    private static double percentileMs(List<Long> samplesNs, double quantile) {
        List<Long> sorted = new ArrayList<>(samplesNs);
        Collections.sort(sorted);
        return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(quantile * sorted.size()))) / 1e6;
    }
}
