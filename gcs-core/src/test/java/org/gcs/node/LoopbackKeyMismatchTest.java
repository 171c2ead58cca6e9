package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import org.gcs.GcsNode;
import org.junit.jupiter.api.Test;

/**
 * Two sites started with different cluster keys, each seeded with the other's address, over real sockets: each logs
 * one ERROR, after one site timeout of failed authentication, that names the other's address and says that the keys
 * differ, and shows it in {@code gcs.wan.peers.unauthenticated}.
 */
class LoopbackKeyMismatchTest {
    private static final String OTHER_KEY = "a-different-cluster-key-9876543210zyx";
    /** LoopbackCluster's site timeout. */
    private static final Duration SITE_TIMEOUT = Duration.ofSeconds(3);

    @Test
    void shouldLogOneErrorAtEachSideNamingThePeerAndSayingTheKeysDiffer() throws Exception {
        SimpleMeterRegistry registryA = new SimpleMeterRegistry();
        SimpleMeterRegistry registryB = new SimpleMeterRegistry();
        int portB = freeUdpPort();
        try (StderrLines log = new StderrLines(); LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1", c -> c.meterRegistry(registryA)
                    .seeds(List.of("127.0.0.1:" + portB)));
            GcsNode b = cluster.start("b", "b1", c -> c.meterRegistry(registryB).clusterKey(OTHER_KEY)
                    .wanBind("127.0.0.1", portB));
            long startNs = System.nanoTime(); // the site with the other key is up
            String addressA = "127.0.0.1:" + a.wanAddress().getPort();
            String addressB = "127.0.0.1:" + portB;

            await().atMost(SITE_TIMEOUT).untilAsserted(() -> { // issue 33: within one site timeout
                assertThat(errorsAbout(log, addressB)).as("a's ERROR about b").hasSize(1);
                assertThat(errorsAbout(log, addressA)).as("b's ERROR about a").hasSize(1);
            });
            long tookMs = (System.nanoTime() - startNs) / 1_000_000;
            System.out.println("both ERRORs " + tookMs + " ms after the site with the other key started");
            assertThat(errorsAbout(log, addressB).get(0)).contains("WanAuthFailures", "bad-hmac",
                    "cluster keys (or key ids) differ", "cluster.key", "cluster.key.file");
            assertThat(gauge(registryA)).isEqualTo(1);
            assertThat(gauge(registryB)).isEqualTo(1);

            // the failures go on at heartbeat rate: still one ERROR per peer, and the gauges stay
            await().during(SITE_TIMEOUT.plusSeconds(1)).atMost(SITE_TIMEOUT.plusSeconds(3)).until(() ->
                    errorsAbout(log, addressB).size() == 1 && errorsAbout(log, addressA).size() == 1
                            && gauge(registryA) == 1 && gauge(registryB) == 1);
        }
    }

    private static List<String> errorsAbout(StderrLines log, String address) {
        return log.containing(" ERROR ", "WanAuthFailures", address);
    }

    private static double gauge(SimpleMeterRegistry registry) {
        Gauge gauge = registry.find("gcs.wan.peers.unauthenticated").gauge();
        return gauge == null ? Double.NaN : gauge.value();
    }

    private static int freeUdpPort() throws Exception {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
