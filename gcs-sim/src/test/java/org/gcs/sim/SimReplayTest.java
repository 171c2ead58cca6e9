package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gcs.MemberId;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.emulator.Topology;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.WanPacket;
import org.junit.jupiter.api.Test;

/**
 * Captured WAN datagrams replayed, at once and after the maximum age, from another source address: dropped and
 * counted, with no effect on views or deliveries (issue 15: a replayed SiteState kept a dead site alive).
 */
class SimReplayTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final DelegateAddress ATTACKER = new DelegateAddress("sim-attacker", 6666);

    private record Captured(String fromSite, String toSite, byte[] datagram) {
        int type() {
            return datagram[3];
        }
    }

    @Test
    void shouldDropReplaysAndKeepADeadSiteDead() {
        SimNetwork net = new SimNetwork(Topology.load("ron3"), SimOptions.defaults().withSeed(11));
        List<Captured> captured = new ArrayList<>();
        net.setWanTap((from, to, bytes) -> captured.add(new Captured(from, to, bytes)));
        SimNode boston = net.start("boston", "boston-1");
        SimNode ottawa = net.start("ottawa", "ottawa-1");
        SimNode chicago = net.start("chicago", "chicago-1");
        List<SimNode> nodes = List.of(boston, ottawa, chicago);
        nodes.forEach(n -> n.join("g"));
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.view("g").map(v -> v.size() == 3).orElse(false)),
                20 * S)).isTrue();
        int perSender = 50;
        for (int k = 1; k <= perSender; k++) {
            for (SimNode n : nodes) {
                n.send("g", ByteBuffer.allocate(100).putInt(k).array());
            }
            net.runFor(10 * MS);
        }
        long expected = (long) perSender * nodes.size();
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.delivered().size() == expected), 30 * S)).isTrue();
        net.runFor(S);
        assertThat(captured).extracting(Captured::type).contains((int) WanPacket.TYPE_SITE_STATE,
                (int) WanPacket.TYPE_ACK, (int) WanPacket.TYPE_DATA);

        // 1. every captured datagram again, at once, from another address: each one is a replay
        List<Captured> recording = List.copyOf(captured);
        net.setWanTap(null);
        for (Captured c : recording) {
            net.injectWan(net.delegateOf(c.toSite()).orElseThrow(), ATTACKER, c.datagram());
        }
        net.runFor(2 * S);
        long replayed = nodes.stream().mapToLong(n -> n.wanDropped(DropReason.REPLAYED.tag())).sum();
        assertThat(replayed).isEqualTo(recording.size());
        for (SimNode n : nodes) {
            assertThat(n.delivered()).as("delivered once at %s", n.name()).hasSize((int) expected);
            assertThat(DeliveryChecker.problems(n.id(), n.delivered(), Map.of(boston.id(), (long) perSender,
                    ottawa.id(), (long) perSender, chicago.id(), (long) perSender))).isEmpty();
            assertThat(n.view("g").orElseThrow().size()).isEqualTo(3);
        }

        // 2. chicago dies; long after the maximum age its SiteStates, Acks and Data are replayed
        net.crash(chicago);
        assertThat(net.runUntil(() -> !boston.remoteSites().contains("chicago")
                && !ottawa.remoteSites().contains("chicago"), 30 * S)).isTrue();
        net.runFor(org.gcs.WanSecurity.DEFAULTS.replayMaxAge().toMillis() * MS + 5 * S);
        long staleBefore = boston.wanDropped(DropReason.STALE_TIME.tag()) + ottawa.wanDropped(DropReason.STALE_TIME.tag());
        int fromChicago = 0;
        for (int round = 0; round < 3; round++) {
            for (Captured c : recording) {
                if (c.fromSite().equals("chicago")) {
                    net.injectWan(net.delegateOf(c.toSite()).orElseThrow(), ATTACKER, c.datagram());
                    fromChicago++;
                }
            }
            net.runFor(S);
        }
        net.runFor(5 * S);
        assertThat(boston.wanDropped(DropReason.STALE_TIME.tag()) + ottawa.wanDropped(DropReason.STALE_TIME.tag()) - staleBefore)
                .isEqualTo(fromChicago);
        for (SimNode n : List.of(boston, ottawa)) {
            assertThat(n.remoteSites()).as("chicago stays gone at %s", n.name()).doesNotContain("chicago");
            assertThat(n.view("g").orElseThrow().members()).extracting(MemberId::site).doesNotContain("chicago");
            assertThat(n.delivered()).hasSize((int) expected);
        }
    }
}
