package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gcs.GcsNode;
import org.gcs.driver.WanPipelineHook;
import org.junit.jupiter.api.Test;

/**
 * A peer whose clock is further off than {@code wan.replay.max.age}, over real sockets. The wall clock cannot be set
 * in a test, so site a's WAN pipeline hook holds every datagram it receives for {@value #DELAY_MS} ms, beyond its
 * 1 s maximum age: to a's time check that is the same as a sender whose clock runs that far behind. After one site
 * timeout a logs one ERROR naming b's address, the offset and the setting, and shows b in
 * {@code gcs.wan.peers.skewed} and the offset in {@code gcs.wan.clock.skew}.
 */
class LoopbackClockSkewTest {
    private static final long DELAY_MS = 2_500;
    private static final Duration SITE_TIMEOUT = Duration.ofSeconds(3);

    /** Holds each received datagram for {@link #DELAY_MS} before the node sees it; sends pass unchanged. */
    private static final WanPipelineHook LATE_ARRIVALS = context -> new ChannelInboundHandlerAdapter() {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.executor().schedule(() -> ctx.fireChannelRead(msg), DELAY_MS, TimeUnit.MILLISECONDS);
        }
    };

    @Test
    void shouldLogOneErrorWithTheOffsetAndSetTheGaugesWhenAPeersDatagramsStayTooOld() throws Exception {
        SimpleMeterRegistry registryA = new SimpleMeterRegistry();
        try (StderrLines log = new StderrLines(); LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1", c -> c.meterRegistry(registryA).replayMaxAge(Duration.ofSeconds(1))
                    .wanPipelineHook(LATE_ARRIVALS));
            GcsNode b = cluster.start("b", "b1"); // seeded with a's address: it keeps announcing itself
            String addressB = "127.0.0.1:" + b.wanAddress().getPort();

            await().atMost(SITE_TIMEOUT.multipliedBy(4)).untilAsserted(() ->
                    assertThat(errorsAbout(log, addressB)).hasSize(1));
            assertThat(errorsAbout(log, addressB).get(0)).contains("stale-time", "ms behind this node's clock",
                    "wan.replay.max.age (1000 ms)", "NTP", "raise wan.replay.max.age");
            assertThat(gauge(registryA, "gcs.wan.peers.skewed")).isEqualTo(1);
            assertThat(gauge(registryA, "gcs.wan.clock.skew")).isBetween(DELAY_MS / 1e3, DELAY_MS / 1e3 + 2);
            assertThat(gauge(registryA, "gcs.wan.peers.unauthenticated")).isZero();
            assertThat(log.containing(" WARN ", "stale-time")).as("no per-10-s WARN for it any more").isEmpty();

            await().during(SITE_TIMEOUT.plusSeconds(1)).atMost(SITE_TIMEOUT.plusSeconds(3)).until(() ->
                    errorsAbout(log, addressB).size() == 1 && gauge(registryA, "gcs.wan.peers.skewed") == 1);
        }
    }

    private static List<String> errorsAbout(StderrLines log, String address) {
        return log.containing(" ERROR ", "WanClockSkew", address);
    }

    private static double gauge(SimpleMeterRegistry registry, String name) {
        Gauge gauge = registry.find(name).gauge();
        return gauge == null ? Double.NaN : gauge.value();
    }
}
