package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.gcs.GcsNode;
import org.gcs.metrics.GcsMeters;
import org.gcs.metrics.GcsMetrics;
import org.junit.jupiter.api.Test;

/**
 * One call binds a running node's meters to any registry: those registered already, those of a flow that starts
 * later, and the gauges of the node's state; they are gone from that registry when the node closes.
 */
class GcsMetricsBinderTest {
    private static final Duration GENEROUS = Duration.ofSeconds(20);

    @Test
    void shouldBindEveryMeterOfARunningNodeIncludingLaterFlowsAndRemoveThemOnClose() throws Exception {
        SimpleMeterRegistry late = new SimpleMeterRegistry();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1");
            GcsNode b = cluster.start("b", "b1");
            GcsMetrics.binder(a).bindTo(late);

            assertThat(late.find(GcsMeters.MESSAGES_SENT.meterName()).tag("member", "a1").counter()).isNotNull();
            assertThat(late.find(GcsMeters.SEND_WINDOW.meterName()).tag("member", "a1").gauge().value()).isPositive();
            assertThat(late.find(GcsMeters.CC_RATE_ALLOWED.meterName()).gauge()).as("no flow yet").isNull();

            a.join("g");
            b.join("g");
            await().atMost(GENEROUS).until(() -> a.view("g").map(v -> v.size() == 2).orElse(false));
            for (int i = 0; i < 50; i++) {
                a.send("g", new byte[500]);
            }
            await().atMost(GENEROUS).untilAsserted(() -> {
                assertThat(late.find(GcsMeters.CC_RATE_ALLOWED.meterName()).tags("group", "g", "member", "a1")
                        .gauge()).isNotNull();
                assertThat(late.find(GcsMeters.CC_RTT.meterName()).tags("group", "g", "peer", "b").gauge())
                        .isNotNull();
                assertThat(late.find(GcsMeters.VIEW_MEMBERS.meterName()).tag("group", "g").gauge().value())
                        .isEqualTo(2.0);
                assertThat(late.find(GcsMeters.VIEW_SITES.meterName()).tag("group", "g").gauge().value())
                        .isEqualTo(2.0);
                // counted when the loop's turn that admitted the last send ends
                assertThat(late.get(GcsMeters.MESSAGES_SENT.meterName()).tag("member", "a1").counter().count())
                        .isEqualTo(50.0);
            });
            assertThat(late.find(GcsMeters.MESSAGES_SENT.meterName()).tag("member", "b1").counter())
                    .as("only the bound node").isNull();

            a.close();
            assertThat(late.getMeters()).extracting(Meter::getId)
                    .noneMatch(id -> "a1".equals(id.getTag("member")));
        }
    }

    @Test
    void shouldRefuseANodeItCannotBind() {
        assertThatThrownBy(() -> GcsMetrics.binder(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
