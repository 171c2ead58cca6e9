package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.gcs.internal.engine.LanView.LanMember;
import org.gcs.internal.wire.LanDropReason;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.metrics.NodeMetrics;
import org.junit.jupiter.api.Test;
import org.slf4j.event.EventRecordingLogger;
import org.slf4j.event.Level;
import org.slf4j.event.SubstituteLoggingEvent;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.SubstituteLogger;

class LanDropReportTest {
    private final Queue<SubstituteLoggingEvent> events = new ConcurrentLinkedQueue<>();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final NodeMetrics metrics = new NodeMetrics(registry, "boston", "boston-2");
    private final LanDropReport report = new LanDropReport("boston", metrics,
            new EventRecordingLogger(new SubstituteLogger("test", events, false), events));

    @Test
    void shouldCountAForgedOriginAndLogTheSenderAndTheClaimedOriginAtWarn() {
        report.dropped(new LocalData("boston-1", 0xabc, "g", 1_000_000_000L, 0, false, new byte[1]),
                new LanMember("mallory", 7, false), LanDropReason.FORGED_ORIGIN);

        assertThat(metrics.lanDrops(LanDropReason.FORGED_ORIGIN)).isEqualTo(1);
        assertThat(registry.get("gcs.lan.messages.dropped").tag("reason", "forged-origin").counter().count())
                .isEqualTo(1);
        assertThat(lines()).singleElement().satisfies(line -> assertThat(line)
                .contains("site boston", "LocalData", "forged-origin", "JGroups sender mallory incarnation 7",
                        "claims to come from boston-1 incarnation abc"));
        assertThat(events).allMatch(e -> e.getLevel() == Level.WARN);
    }

    @Test
    void shouldCountEveryDropButHoldBackRepeatedLinesOfOneReason() {
        for (int i = 0; i < 5; i++) {
            report.dropped(new Stable(1, List.of()), new LanMember("mallory", 7, false), LanDropReason.NOT_DELEGATE);
            report.unauthenticated(null, "not encrypted");
        }

        assertThat(metrics.lanDrops(LanDropReason.NOT_DELEGATE)).isEqualTo(5);
        assertThat(metrics.lanDrops(LanDropReason.UNAUTHENTICATED)).isEqualTo(5);
        assertThat(lines()).hasSize(2);
        assertThat(lines().get(1)).contains("rejected: not encrypted", "without the cluster key");
    }

    @Test
    void shouldCountADuplicateMembersMessagesAndLogThemAtErrorOncePerInterval() {
        for (int i = 0; i < 3; i++) {
            report.duplicateMember(new LanMember("boston-1", 0xabc, true), "JGroups member 1234 at 127.0.0.1:7800");
        }

        assertThat(registry.get("gcs.lan.messages.dropped").tag("reason", "duplicate-member").counter().count())
                .isEqualTo(3);
        assertThat(lines()).singleElement().satisfies(line -> assertThat(line).contains("site boston",
                "JGroups member 1234 at 127.0.0.1:7800", "duplicate-member", "boston-1 (incarnation abc)",
                "member.name"));
        assertThat(events).allMatch(e -> e.getLevel() == Level.ERROR);
    }

    private List<String> lines() {
        return events.stream()
                .map(e -> MessageFormatter.arrayFormat(e.getMessage(), e.getArgumentArray()).getMessage()).toList();
    }
}
