package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import org.gcs.FlowStatus;
import org.gcs.GcsNode;
import org.gcs.GroupView;
import org.gcs.internal.node.NettyJGroupsNode;
import org.gcs.internal.wire.WanPacket;
import org.junit.jupiter.api.Test;

/**
 * Real sockets: every WAN datagram between two sites passes a recording relay; the recording is then replayed to
 * both delegates, from the relay's own address and from another socket. Nothing changes (views, RTT, deliveries) and
 * the replays are counted.
 */
class LoopbackReplayTest {
    private static final int PER_SENDER = 100;

    @Test
    void shouldDropReplayedDatagramsFromAnySourceAndChangeNothing() throws Exception {
        SimpleMeterRegistry registryA = new SimpleMeterRegistry();
        SimpleMeterRegistry registryB = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster();
             DatagramSocket attacker = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            GcsNode a = cluster.start("a", "a1", b -> b.meterRegistry(registryA));
            InetSocketAddress aWan = a.wanAddress();
            try (UdpRecorder relay = new UdpRecorder(new InetSocketAddress("127.0.0.1", aWan.getPort()))) {
                GcsNode b = cluster.start("b", "b1", c -> c.meterRegistry(registryB)
                        .seeds(List.of("127.0.0.1:" + relay.address().getPort())));
                SequenceChecker atA = new SequenceChecker();
                SequenceChecker atB = new SequenceChecker();
                a.onMessage(atA::accept);
                b.onMessage(atB::accept);
                a.join("g");
                b.join("g");
                await().atMost(Duration.ofSeconds(60)).until(() -> a.view("g").map(v -> v.size() == 2).orElse(false)
                        && b.view("g").map(v -> v.size() == 2).orElse(false));

                LoopbackCluster.sendFromEach(List.of(a, b), "g", PER_SENDER);
                await().atMost(Duration.ofSeconds(60)).until(() -> atA.delivered() == 2 * PER_SENDER
                        && atB.delivered() == 2 * PER_SENDER);
                assertThat(a.awaitStable(Duration.ofSeconds(60))).isTrue();
                assertThat(b.awaitStable(Duration.ofSeconds(60))).isTrue();
                List<UdpRecorder.Recorded> recording = relay.recorded();
                assertThat(recording).extracting(UdpRecorder.Recorded::type).contains((int) WanPacket.TYPE_SITE_STATE,
                        (int) WanPacket.TYPE_ACK, (int) WanPacket.TYPE_DATA);
                GroupView viewA = a.view("g").orElseThrow();
                GroupView viewB = b.view("g").orElseThrow();
                InetSocketAddress bWan = b.wanAddress();

                int sent = 0;
                for (UdpRecorder.Recorded r : recording) {
                    InetSocketAddress direct = r.to().getPort() == aWan.getPort()
                            ? new InetSocketAddress("127.0.0.1", aWan.getPort())
                            : new InetSocketAddress("127.0.0.1", bWan.getPort());
                    attacker.send(new DatagramPacket(r.bytes(), r.bytes().length, direct)); // another source
                    relay.sendFromHere(r.bytes(), r.to()); // the source the victim knows
                    sent += 2;
                    if (sent % 64 == 0) {
                        int expectedSoFar = sent;
                        await().atMost(Duration.ofSeconds(60)).until(() -> replays(registryA) + replays(registryB)
                                >= expectedSoFar - 64);
                    }
                }
                await().atMost(Duration.ofSeconds(60)).until(() -> replays(registryA) + replays(registryB) > 0);
                assertThat(a.awaitStable(Duration.ofSeconds(60))).isTrue();
                assertThat(b.awaitStable(Duration.ofSeconds(60))).isTrue();

                // traffic after the replays goes to the peers it went to before, never to the replayer
                LoopbackCluster.sendFromEach(List.of(a, b), "g", PER_SENDER);
                await().atMost(Duration.ofSeconds(60)).until(() -> atA.delivered() == 4 * PER_SENDER
                        && atB.delivered() == 4 * PER_SENDER);
                attacker.setSoTimeout(500);
                byte[] buffer = new byte[65_535];
                assertThatThrownBy(() -> attacker.receive(new DatagramPacket(buffer, buffer.length)))
                        .as("the replayer's address was never learned as a peer")
                        .isInstanceOf(java.net.SocketTimeoutException.class);

                assertThat(atA.delivered()).isEqualTo(4 * PER_SENDER);
                assertThat(atB.delivered()).isEqualTo(4 * PER_SENDER);
                assertThat(atA.problems()).isEmpty();
                assertThat(atB.problems()).isEmpty();
                assertThat(a.view("g")).contains(viewA);
                assertThat(b.view("g")).contains(viewB);
                for (GcsNode n : List.of(a, b)) {
                    for (FlowStatus flow : n.flows()) {
                        for (FlowStatus.Receiver receiver : flow.receivers()) {
                            assertThat(receiver.rttMs()).as("RTT %s -> %s", flow.site(), receiver.site())
                                    .isLessThan(2_000);
                        }
                    }
                }
                assertThat(count(registryA, "gcs.flow.rtt.samples.implausible")).isZero();
                assertThat(count(registryB, "gcs.flow.rtt.samples.implausible")).isZero();
                assertThat(a.isDelegate() && b.isDelegate()).isTrue();
            }
        }
    }

    @Test
    void shouldDropDatagramsReplayedAfterTheMaximumAgeAsStale() throws Exception {
        Duration maxAge = Duration.ofSeconds(2);
        SimpleMeterRegistry registryA = new SimpleMeterRegistry();
        SimpleMeterRegistry registryB = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster();
             DatagramSocket attacker = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            GcsNode a = cluster.start("a", "a1", b -> b.meterRegistry(registryA).replayMaxAge(maxAge));
            InetSocketAddress aWan = a.wanAddress();
            try (UdpRecorder relay = new UdpRecorder(new InetSocketAddress("127.0.0.1", aWan.getPort()))) {
                GcsNode b = cluster.start("b", "b1", c -> c.meterRegistry(registryB).replayMaxAge(maxAge)
                        .seeds(List.of("127.0.0.1:" + relay.address().getPort())));
                SequenceChecker atB = new SequenceChecker();
                b.onMessage(atB::accept);
                a.join("g");
                b.join("g");
                await().atMost(Duration.ofSeconds(60)).until(() -> a.view("g").map(v -> v.size() == 2).orElse(false)
                        && b.view("g").map(v -> v.size() == 2).orElse(false));
                LoopbackCluster.sendFromEach(List.of(a), "g", PER_SENDER);
                await().atMost(Duration.ofSeconds(60)).until(() -> atB.delivered() == PER_SENDER);
                List<UdpRecorder.Recorded> recording = relay.recorded();
                long recordedAtMs = System.currentTimeMillis();
                InetSocketAddress bWan = b.wanAddress();
                // the recording ages past the maximum age (plus margin) while the sites go on talking
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                        .until(() -> System.currentTimeMillis() > recordedAtMs + 2 * maxAge.toMillis() + 500);
                GroupView viewA = a.view("g").orElseThrow();
                GroupView viewB = b.view("g").orElseThrow();
                double staleBefore = stale(registryA) + stale(registryB);

                int sent = 0;
                for (UdpRecorder.Recorded r : recording) {
                    InetSocketAddress direct = new InetSocketAddress("127.0.0.1",
                            r.to().getPort() == aWan.getPort() ? aWan.getPort() : bWan.getPort());
                    attacker.send(new DatagramPacket(r.bytes(), r.bytes().length, direct));
                    if (++sent % 64 == 0) {
                        int soFar = sent;
                        await().atMost(Duration.ofSeconds(60))
                                .until(() -> stale(registryA) + stale(registryB) - staleBefore >= soFar - 64);
                    }
                }
                await().atMost(Duration.ofSeconds(60)).until(() -> stale(registryA) + stale(registryB) > staleBefore);
                assertThat(b.awaitStable(Duration.ofSeconds(60))).isTrue();

                assertThat(atB.delivered()).isEqualTo(PER_SENDER);
                assertThat(atB.problems()).isEmpty();
                assertThat(a.view("g")).contains(viewA);
                assertThat(b.view("g")).contains(viewB);
                assertThat(replays(registryA) + replays(registryB)).as("old datagrams fail the time check first")
                        .isZero();
            }
        }
    }

    private static double stale(SimpleMeterRegistry registry) {
        Counter counter = registry.find("gcs.wan.datagrams.dropped").tag("reason", "stale-time").counter();
        return counter == null ? 0 : counter.count();
    }

    private static double replays(SimpleMeterRegistry registry) {
        Counter counter = registry.find("gcs.wan.datagrams.dropped").tag("reason", "replayed").counter();
        return counter == null ? 0 : counter.count();
    }

    private static double count(SimpleMeterRegistry registry, String name) {
        Counter counter = registry.find(name).counter();
        return counter == null ? 0 : counter.count();
    }
}
