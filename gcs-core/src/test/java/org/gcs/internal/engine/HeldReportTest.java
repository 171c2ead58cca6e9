package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.gcs.internal.wire.LanMessage.Held;
import org.gcs.internal.wire.LanMessage.HeldMark;
import org.junit.jupiter.api.Test;

class HeldReportTest {
    private final HeldReport report = new HeldReport("m1", 7);

    @Test
    void shouldReportTheHighestOfEachChangedOriginOnceAndAllAgainToANewDelegate() {
        assertThat(report.next()).isEmpty();
        report.onReceived(new OriginKey("s", "a", 1, "g"), 3);
        report.onReceived(new OriginKey("s", "a", 1, "g"), 2); // a re-send of an older one
        report.onReceived(new OriginKey("s", "b", 1, "g"), 1);

        Held first = report.next().orElseThrow();
        assertThat(first.member()).isEqualTo("m1");
        assertThat(first.incarnation()).isEqualTo(7);
        assertThat(first.marks()).containsExactly(new HeldMark("s", "a", 1, "g", 3), new HeldMark("s", "b", 1, "g", 1));
        assertThat(report.next()).isEmpty();

        report.reportAllAgain();
        assertThat(report.next().orElseThrow().marks()).hasSize(2);
    }

    @Test
    void shouldSplitLargeReports() {
        for (int i = 0; i < HeldReport.MAX_MARKS + 5; i++) {
            report.onReceived(new OriginKey("s", "m" + i, 1, "g"), 1);
        }
        assertThat(report.next().orElseThrow().marks()).hasSize(HeldReport.MAX_MARKS);
        assertThat(report.next().orElseThrow().marks()).hasSize(5);
        assertThat(report.next()).isEmpty();
    }
}
