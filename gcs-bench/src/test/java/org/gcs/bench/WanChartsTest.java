package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.gcs.tools.netns.LossModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The WAN charts: one PNG per WAN scenario, whatever its kind, none for the loopback scenarios. */
class WanChartsTest {

    @Test
    void shouldDrawOneChartPerWanScenarioOfEveryKind(@TempDir Path dir) throws IOException {
        WanPoint fair = new WanPoint(100, "0", LossModel.NONE, 1, "reno");
        WanPoint lossless = new WanPoint(20, "0", LossModel.NONE);
        List<ScenarioSummary> summaries = List.of(
                summary(Scenario.WAN_FAIRNESS, fair, new CompetingTcp(1, "reno", 500_000), DeliveryFaults.NONE),
                summary(Scenario.WAN_FAILOVER, lossless, CompetingTcp.NONE, new DeliveryFaults(12, 0, 0)),
                summary(Scenario.WAN_FANOUT, lossless, CompetingTcp.NONE, DeliveryFaults.NONE),
                summary(Scenario.WAN_OUTAGE, lossless, CompetingTcp.NONE, DeliveryFaults.NONE),
                summary(Scenario.CROSS_SITE_THROUGHPUT, null, CompetingTcp.NONE, DeliveryFaults.NONE));

        WanCharts.write(dir, summaries);

        for (String scenario : List.of("wan-fairness", "wan-failover", "wan-fanout", "wan-outage")) {
            assertThat(dir.resolve(scenario + ".png")).isNotEmptyFile();
        }
        assertThat(dir.resolve("cross-site-throughput.png")).doesNotExist();
        assertThat(summaries.get(0).systems().get(0).tcpShare()).isEqualTo(1.2);
        assertThat(summaries.get(3).systems().get(0).backlogMillis()).isEqualTo(1234.5);
    }

    private static ScenarioSummary summary(Scenario scenario, WanPoint point, CompetingTcp tcp,
                                           DeliveryFaults faults) {
        RunResult run = new RunResult(scenario, BenchSystem.GCS, 1, 1000, 1000, 1000, 1_000_000, 600, 0.6, 600,
                LatencyFigures.NONE, 0, 100, List.of("a1"), 10, 600, 0, faults, 1, 2, tcp,
                scenario == Scenario.WAN_OUTAGE ? 1234.5 : Double.NaN, List.of(), MemoryFigures.UNKNOWN,
                JvmCpuFigures.UNKNOWN);
        return new ScenarioSummary(scenario, List.of(SystemFigures.of(BenchSystem.GCS, List.of(run))), 10, point);
    }
}
