package org.gcs.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gcs.FlowStatus;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.ReceivingFlowStatus;
import org.gcs.internal.wire.DropReason;
import org.junit.jupiter.api.Test;

/**
 * The node's meters reach a registry bound later (Micrometer's composite forwards existing and future meters), an
 * unlimited rate is absent beside a 0/1 flag, each controller's named number is a meter of its own in its base unit,
 * and close removes every meter from every registry.
 */
class NodeMetricsTest {
    private final SimpleMeterRegistry home = new SimpleMeterRegistry();
    private final SimpleMeterRegistry late = new SimpleMeterRegistry();
    private final NodeMetrics metrics = new NodeMetrics(home, "boston", "boston-1");

    @Test
    void shouldForwardExistingAndFutureMetersToARegistryBoundLater() {
        metrics.messagesSent(1, 100);
        metrics.bind(late);
        metrics.messagesSent(1, 100);
        metrics.flowsChanged(List.of(flow(5000.0)), List.of());

        assertThat(late.get(GcsMeters.MESSAGES_SENT.meterName()).tag("member", "boston-1").counter().count())
                .as("counts from the binding on").isEqualTo(1.0);
        assertThat(home.get(GcsMeters.MESSAGES_SENT.meterName()).counter().count()).isEqualTo(2.0);
        assertThat(late.get(GcsMeters.CC_RATE_ALLOWED.meterName()).tags("group", "g", "site", "boston").gauge()
                .value()).isEqualTo(5000.0);
        assertThat(late.get(GcsMeters.CC_RATE_UNLIMITED.meterName()).gauge().value()).isZero();
        assertThat(late.get(GcsMeters.CC_SENDER_GRANT.meterName()).gauge().getId().getBaseUnit())
                .isEqualTo("bytes.per.second");
    }

    @Test
    void shouldReadCountsFromTheConfiguredRegistryWhateverIsBound() {
        metrics.wanDropped(DropReason.BAD_HMAC);
        metrics.bind(late);
        metrics.bind(new SimpleMeterRegistry());
        metrics.wanDropped(DropReason.BAD_HMAC);
        assertThat(metrics.dropped(DropReason.BAD_HMAC)).isEqualTo(2);
    }

    @Test
    void shouldLeaveAnUnlimitedRateOutBesideAFlagAndBringItBackWhenLimited() {
        metrics.bind(late);
        metrics.flowsChanged(List.of(flow(Double.POSITIVE_INFINITY)), List.of());

        assertThat(late.find(GcsMeters.CC_RATE_ALLOWED.meterName()).gauge()).isNull();
        assertThat(late.get(GcsMeters.CC_RATE_UNLIMITED.meterName()).gauge().value()).isEqualTo(1.0);
        assertThat(late.find(GcsMeters.CC_SENDER_DEMAND.meterName()).gauge()).isNull();
        assertThat(late.get(GcsMeters.CC_SENDER_GRANT.meterName()).gauge().value()).isEqualTo(1000.0);

        metrics.flowsChanged(List.of(flow(5000.0)), List.of());
        assertThat(late.get(GcsMeters.CC_RATE_ALLOWED.meterName()).gauge().value()).isEqualTo(5000.0);
        assertThat(late.get(GcsMeters.CC_RATE_UNLIMITED.meterName()).gauge().value()).isZero();
        metrics.flowsChanged(List.of(flow(Double.POSITIVE_INFINITY)), List.of());
        assertThat(late.find(GcsMeters.CC_RATE_ALLOWED.meterName()).gauge()).as("gone again").isNull();
        assertThat(home.find(GcsMeters.CC_RATE_ALLOWED.meterName()).gauge()).isNull();
    }

    @Test
    void shouldMeterEachNamedNumberOfAControllerUnderANameOfItsOwnInItsBaseUnit() {
        metrics.bind(late);
        FlowStatus.Receiver ottawa = new FlowStatus.Receiver("ottawa", 20.0, 0.01,
                Map.of("acceptableRateBytesPerSec", 4000.0, "ageSec", 0.5, "lossEventRate", 0.01,
                        "meanSegmentBytes", Double.NaN));
        FlowStatus flow = new FlowStatus("boston", "g", "tfrc", 5000.0, Optional.of("ottawa"), false,
                "lossEventRate", List.of(ottawa), List.of(), Map.of("rttCrNs", 2e7));
        metrics.flowsChanged(List.of(flow), List.of(new ReceivingFlowStatus("ottawa", "g", "tfrc",
                Map.of("rttSec", 0.02, "lossEvents", 3.0))));

        assertThat(late.get("gcs.cc.feedback.acceptable.rate").tag("peer", "ottawa").gauge().getId().getBaseUnit())
                .isEqualTo("bytes.per.second");
        assertThat(late.get("gcs.cc.feedback.age").gauge().getId().getBaseUnit()).isEqualTo("seconds");
        assertThat(late.get("gcs.cc.feedback.loss.event.rate").gauge().getId().getBaseUnit()).isNull();
        assertThat(late.find("gcs.cc.feedback.mean.segment").gauge()).as("NaN is absent").isNull();
        assertThat(late.get("gcs.cc.congestion.loss.event.rate").gauge().value()).isEqualTo(0.01);
        assertThat(late.get("gcs.cc.state.rtt.cr").gauge().value()).as("ns to seconds").isEqualTo(0.02);
        assertThat(late.get("gcs.cc.monitor.rtt").gauge().getId().getBaseUnit()).isEqualTo("seconds");
        assertThat(late.get("gcs.cc.monitor.loss.events").gauge().value()).isEqualTo(3.0);
        assertThat(late.getMeters()).extracting(m -> m.getId().getName())
                .doesNotContain("gcs.cc.feedback", "gcs.cc.state", "gcs.cc.monitor", "gcs.cc.congestion");
        assertThat(late.getMeters()).flatExtracting(m -> m.getId().getTags())
                .extracting(io.micrometer.core.instrument.Tag::getKey)
                .doesNotContain("field", "name", "measure");
    }

    @Test
    void shouldMeterTheViewOfEachJoinedGroupUntilLeft() {
        metrics.bind(late);
        metrics.viewChanged(new GroupView("g", 1, List.of(new MemberId("boston", "boston-1"),
                new MemberId("boston", "boston-2"), new MemberId("ottawa", "ottawa-1"))));

        assertThat(late.get(GcsMeters.VIEW_MEMBERS.meterName()).tag("group", "g").gauge().value()).isEqualTo(3.0);
        assertThat(late.get(GcsMeters.VIEW_SITES.meterName()).tag("group", "g").gauge().value()).isEqualTo(2.0);
        metrics.groupLeft("g");
        assertThat(late.find(GcsMeters.VIEW_MEMBERS.meterName()).gauge()).isNull();
        assertThat(home.find(GcsMeters.VIEW_SITES.meterName()).gauge()).isNull();
    }

    @Test
    void shouldRemoveEveryMeterFromEveryRegistryOnClose() {
        metrics.bind(late);
        metrics.flowsChanged(List.of(flow(5000.0)), List.of());
        assertThat(late.getMeters()).isNotEmpty();

        metrics.close();

        assertThat(home.getMeters()).extracting(Meter::getId).isEmpty();
        assertThat(late.getMeters()).extracting(Meter::getId).isEmpty();
    }

    private static FlowStatus flow(double allowedBytesPerSec) {
        return new FlowStatus("boston", "g", "tfrc", allowedBytesPerSec, Optional.of("ottawa"), false,
                "lossEventRate", List.of(new FlowStatus.Receiver("ottawa", 20.0, 0.01, Map.of())),
                List.of(new FlowStatus.Sender("boston-1", Double.POSITIVE_INFINITY, 1000.0)), Map.of());
    }
}
