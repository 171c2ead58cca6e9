package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.FlowStatus;
import org.gcs.GcsNode;
import org.gcs.GroupView;
import org.gcs.metrics.GcsMeters;
import org.junit.jupiter.api.Test;

/**
 * Issue 33, item 1, on real sockets: three sites, and a relay on the link from site a to site b that copies every
 * datagram a sends to b into site c, from an attacker's socket, for {@value #COPY_SECONDS} s; then a is killed and the
 * whole recording of a's datagrams to b is played to c once more. A datagram names the site it was sent to in its
 * authenticated header, so c drops every copy as {@code wrong-destination} (or, for a relay frame of a's datagrams to c
 * through b, as {@code relay-refused}): its views, deliveries, learned addresses
 * and RTTs do not change, a leaves its view within the site timeout and never returns, and nobody reports a duplicate
 * site. On wire version 4 the copies were fresh at c (one replay window per sender, whatever the receiver).
 */
class LoopbackCrossReceiverReplayTest {
    private static final String G = "g";
    private static final int COPY_SECONDS = 30;
    private static final Duration SITE_TIMEOUT = Duration.ofSeconds(3);
    private static final int PER_SENDER = 100;
    /** Datagrams the attacker plays before it waits for c to have counted all but these. */
    private static final int PACING = 128;

    @Test
    void shouldDropCopiesOfAnotherLinksDatagramsAndChangeNothingAtTheThirdSite() throws Exception {
        SimpleMeterRegistry registryA = new SimpleMeterRegistry();
        SimpleMeterRegistry registryB = new SimpleMeterRegistry();
        SimpleMeterRegistry registryC = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster();
             DatagramSocket attacker = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            GcsNode a = cluster.start("a", "a1", b -> b.siteTimeout(SITE_TIMEOUT).meterRegistry(registryA));
            try (UdpRecorder relay = new UdpRecorder(new InetSocketAddress("127.0.0.1", a.wanAddress().getPort()))) {
                GcsNode b = cluster.start("b", "b1", c -> c.siteTimeout(SITE_TIMEOUT).meterRegistry(registryB)
                        .seeds(List.of("127.0.0.1:" + relay.address().getPort())));
                relay.onlyBetweenInnerAnd(new InetSocketAddress("127.0.0.1", b.wanAddress().getPort()));
                GcsNode c = cluster.start("c", "c1", x -> x.siteTimeout(SITE_TIMEOUT).meterRegistry(registryC));
                SequenceChecker atC = new SequenceChecker();
                c.onMessage(atC::accept);
                for (GcsNode n : List.of(a, b, c)) {
                    n.join(G);
                }
                await().atMost(Duration.ofSeconds(60)).until(() -> List.of(a, b, c).stream()
                        .allMatch(n -> n.view(G).map(v -> v.size() == 3).orElse(false)));
                LoopbackCluster.sendFromEach(List.of(a, b, c), G, PER_SENDER);
                await().atMost(Duration.ofSeconds(60)).until(() -> atC.delivered() == 3 * PER_SENDER);
                GroupView viewAtC = c.view(G).orElseThrow();
                List<GroupView> viewChangesAtC = new CopyOnWriteArrayList<>();
                c.onView(viewChangesAtC::add);

                // the copying relay: every datagram from a to b also goes to c, from another address
                InetSocketAddress cWan = new InetSocketAddress("127.0.0.1", c.wanAddress().getPort());
                AtomicLong copies = new AtomicLong();
                relay.tapInnerToOuter(bytes -> {
                    try {
                        attacker.send(new DatagramPacket(bytes, bytes.length, cWan));
                        copies.incrementAndGet();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                long copyUntilNs = System.nanoTime() + Duration.ofSeconds(COPY_SECONDS).toNanos();
                int round = 1;
                while (System.nanoTime() < copyUntilNs) { // traffic in both directions while the copies flow
                    round++;
                    LoopbackCluster.sendFromEach(List.of(a, b, c), G, PER_SENDER);
                    int expected = 3 * PER_SENDER * round;
                    await().atMost(Duration.ofSeconds(60)).until(() -> atC.delivered() == expected);
                }
                relay.tapInnerToOuter(null);
                long copied = copies.get();
                assertThat(copied).as("datagrams copied from the a-b link into c").isGreaterThan(100);
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(refused(registryC))
                        .as("copies refused at c; drops there: %s", drops(registryC)).isGreaterThanOrEqualTo(copied));

                System.out.println("copied " + copied + " datagrams from the a-b link into c in " + COPY_SECONDS + " s; c"
                        + " dropped them: " + drops(registryC) + "; c delivered " + atC.delivered());
                assertThat(viewChangesAtC).as("views at c while the copies flowed").isEmpty();
                assertThat(c.view(G)).contains(viewAtC);
                assertThat(atC.problems()).isEmpty();
                assertThat(atC.delivered()).isEqualTo(3 * PER_SENDER * round);
                for (FlowStatus flow : c.flows()) {
                    for (FlowStatus.Receiver receiver : flow.receivers()) {
                        assertThat(receiver.rttMs()).as("RTT c -> %s", receiver.site()).isLessThan(2_000);
                    }
                }
                assertThat(count(registryC, "gcs.flow.rtt.samples.implausible")).isZero();

                // a dies; then every datagram it ever sent to b is played to c: a must stay gone
                long killedAtNs = System.nanoTime();
                a.close();
                await().atMost(SITE_TIMEOUT.multipliedBy(2)).until(() -> c.view(G).map(v -> v.size() == 2)
                        .orElse(false));
                Duration leftAfter = Duration.ofNanos(System.nanoTime() - killedAtNs);
                System.out.println("a left c's view " + leftAfter.toMillis() + " ms after it was killed (site timeout "
                        + SITE_TIMEOUT.toMillis() + " ms)");
                assertThat(leftAfter).isLessThan(SITE_TIMEOUT.multipliedBy(2));
                double droppedBefore = refused(registryC) + stale(registryC);
                int played = 0;
                for (UdpRecorder.Recorded r : relay.recorded()) {
                    if (r.to().equals(relay.outer())) {
                        attacker.send(new DatagramPacket(r.bytes(), r.bytes().length, cWan));
                        if (++played % PACING == 0) { // c's socket buffer must not overflow: nothing may go uncounted
                            int soFar = played;
                            await().atMost(Duration.ofSeconds(30)).until(() -> refused(registryC) + stale(registryC)
                                    - droppedBefore >= soFar - PACING);
                        }
                    }
                }
                int playedAll = played;
                await().atMost(Duration.ofSeconds(30)).until(() -> refused(registryC) + stale(registryC)
                        - droppedBefore >= playedAll);
                System.out.println("played " + playedAll + " recorded datagrams from a to b to c after a died; c"
                        + " dropped them: " + drops(registryC));
                assertThat(c.view(G).orElseThrow().size()).as("a never returns to c's view").isEqualTo(2);
                assertThat(c.status().remoteSites()).doesNotContain("a");

                attacker.setSoTimeout(500);
                byte[] buffer = new byte[65_535];
                assertThatThrownBy(() -> attacker.receive(new DatagramPacket(buffer, buffer.length)))
                        .as("c never learned the attacker's address as a peer's")
                        .isInstanceOf(SocketTimeoutException.class);
                for (SimpleMeterRegistry registry : List.of(registryA, registryB, registryC)) {
                    assertThat(count(registry, GcsMeters.SITE_CONFLICTS.meterName()))
                            .as("no duplicate site reported").isZero();
                }
                assertThat(b.conflictedSites()).isEmpty();
                assertThat(c.conflictedSites()).isEmpty();
            }
        }
    }

    /**
     * Copies c refuses: datagrams addressed to b, and relay frames (a reaches c through b, because the recorder in
     * front of a passes only b's datagrams: a NAT that keeps a for b alone, docs/nat.md), which name no live site's
     * address when they come from the attacker.
     */
    private static double refused(SimpleMeterRegistry registry) {
        return dropped(registry, "wrong-destination") + dropped(registry, "replayed")
                + dropped(registry, "relay-refused");
    }

    private static String drops(SimpleMeterRegistry registry) {
        StringBuilder text = new StringBuilder();
        for (Counter counter : registry.find("gcs.wan.datagrams.dropped").counters()) {
            text.append(counter.getId().getTag("reason")).append('=').append((long) counter.count()).append(' ');
        }
        return text.toString();
    }

    private static double stale(SimpleMeterRegistry registry) {
        return dropped(registry, "stale-time");
    }

    private static double dropped(SimpleMeterRegistry registry, String reason) {
        Counter counter = registry.find("gcs.wan.datagrams.dropped").tag("reason", reason).counter();
        return counter == null ? 0 : counter.count();
    }

    private static double count(SimpleMeterRegistry registry, String name) {
        double total = 0;
        for (Counter counter : registry.find(name).counters()) {
            total += counter.count();
        }
        return total;
    }
}
