package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gcs.tools.json.JsonWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioSummaryTest {

    @Test
    void shouldTakeMediansOfOddAndEvenCountsAndIgnoreNaN() {
        assertThat(Stats.median(3, 1, 2)).isEqualTo(2);
        assertThat(Stats.median(4, 1, 3, 2)).isEqualTo(2.5);
        assertThat(Stats.median(Double.NaN, 5)).isEqualTo(5);
        assertThat(Stats.median()).isNaN();
    }

    @Test
    void shouldOrientTheThroughputRatioAsGcsOverTheBaseline() {
        ScenarioSummary summary = new ScenarioSummary(Scenario.CROSS_SITE_THROUGHPUT, List.of(
                SystemFigures.of(BenchSystem.GCS_PLAIN, List.of(throughput(BenchSystem.GCS_PLAIN, 1, 30_000),
                        throughput(BenchSystem.GCS_PLAIN, 2, 20_000), throughput(BenchSystem.GCS_PLAIN, 3, 25_000))),
                SystemFigures.of(BenchSystem.RELAY2, List.of(throughput(BenchSystem.RELAY2, 1, 10_000),
                        throughput(BenchSystem.RELAY2, 2, 12_500), throughput(BenchSystem.RELAY2, 3, 11_000)))), 60);

        assertThat(summary.systems().get(0).messagesPerSec()).isEqualTo(25_000);
        assertThat(summary.systems().get(0).megabytesPerSec()).isEqualTo(25);
        assertThat(summary.ratio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(25_000 / 11_000.0, within(1e-9)));
        assertThat(summary.ratioOf()).isEqualTo("messagesPerSec gcs-plain/jgroups-relay2");
        assertThat(summary.ratios()).containsKeys("messagesPerSec", "megabytesPerSec");
    }

    @Test
    void shouldOrientTheLatencyRatioAsTheBaselineOverGcs() {
        ScenarioSummary summary = new ScenarioSummary(Scenario.CROSS_SITE_LATENCY, List.of(
                SystemFigures.of(BenchSystem.GCS_PLAIN, List.of(latency(BenchSystem.GCS_PLAIN, 1, 2_000))),
                SystemFigures.of(BenchSystem.RELAY2, List.of(latency(BenchSystem.RELAY2, 1, 3_000)))), 60);

        assertThat(summary.ratio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(1.5, within(1e-9)));
        assertThat(summary.ratioOf()).isEqualTo("p99 latency jgroups-relay2/gcs-plain");
        assertThat(summary.ratios()).containsOnlyKeys("p50", "p99", "p999");
    }

    @Test
    void shouldCompareLatencyWithTheBetterRelayVariantByP99AndNameIt() {
        ScenarioSummary nodelayBetter = new ScenarioSummary(Scenario.CROSS_SITE_LATENCY, List.of(
                SystemFigures.of(BenchSystem.GCS_PLAIN, List.of(latency(BenchSystem.GCS_PLAIN, 1, 2_000, 100))),
                SystemFigures.of(BenchSystem.RELAY2, List.of(latency(BenchSystem.RELAY2, 1, 40_000, 50))),
                SystemFigures.of(BenchSystem.RELAY2_NODELAY,
                        List.of(latency(BenchSystem.RELAY2_NODELAY, 1, 1_000, 80)))), 60);

        assertThat(nodelayBetter.baseline()).hasValueSatisfying(
                b -> assertThat(b.system()).isEqualTo(BenchSystem.RELAY2_NODELAY));
        assertThat(nodelayBetter.baselines()).extracting(SystemFigures::system)
                .containsExactly(BenchSystem.RELAY2, BenchSystem.RELAY2_NODELAY);
        assertThat(nodelayBetter.ratio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(0.5, within(1e-9)));
        assertThat(nodelayBetter.ratioOf()).isEqualTo("p99 latency jgroups-relay2-nodelay/gcs-plain");
        assertThat(nodelayBetter.ratioAgainst(nodelayBetter.systems().get(1))).isCloseTo(20, within(1e-9));
        assertThat(nodelayBetter.cpuRatio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(1.25, within(1e-9)));
        assertThat(nodelayBetter.cpuRatioOf()).isEqualTo("cpuMicrosPerMessage gcs-plain/jgroups-relay2-nodelay");
        assertThat(nodelayBetter.cpuRatioAgainst(nodelayBetter.systems().get(1)))
                .hasValueSatisfying(r -> assertThat(r).isCloseTo(2, within(1e-9)));

        ScenarioSummary nagleBetter = new ScenarioSummary(Scenario.CROSS_SITE_LATENCY, List.of(
                SystemFigures.of(BenchSystem.GCS_PLAIN, List.of(latency(BenchSystem.GCS_PLAIN, 1, 2_000, 100))),
                SystemFigures.of(BenchSystem.RELAY2, List.of(latency(BenchSystem.RELAY2, 1, 3_000, 50))),
                SystemFigures.of(BenchSystem.RELAY2_NODELAY,
                        List.of(latency(BenchSystem.RELAY2_NODELAY, 1, 5_000, 80)))), 60);

        assertThat(nagleBetter.ratioOf()).isEqualTo("p99 latency jgroups-relay2/gcs-plain");
        assertThat(nagleBetter.ratio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(1.5, within(1e-9)));
        assertThat(nagleBetter.cpuRatio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(2, within(1e-9)));
    }

    @Test
    void shouldCompareThroughputWithTheFasterBaselineAndGiveTheCpuRatioAsGcsOverIt() {
        ScenarioSummary summary = new ScenarioSummary(Scenario.CROSS_SITE_THROUGHPUT, List.of(
                SystemFigures.of(BenchSystem.GCS_PLAIN, List.of(throughput(BenchSystem.GCS_PLAIN, 1, 20_000, 30))),
                SystemFigures.of(BenchSystem.RELAY2, List.of(throughput(BenchSystem.RELAY2, 1, 40_000, 15))),
                SystemFigures.of(BenchSystem.RELAY2_NODELAY,
                        List.of(throughput(BenchSystem.RELAY2_NODELAY, 1, 10_000, 60)))), 60);

        assertThat(summary.ratioOf()).isEqualTo("messagesPerSec gcs-plain/jgroups-relay2");
        assertThat(summary.ratio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(0.5, within(1e-9)));
        assertThat(summary.cpuRatio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(2, within(1e-9)));
    }

    @Test
    void shouldWriteOneCsvRowPerSystemWithTheRatiosAgainstEachBaseline(@TempDir Path dir) throws IOException {
        ScenarioSummary summary = new ScenarioSummary(Scenario.CROSS_SITE_LATENCY, List.of(
                SystemFigures.of(BenchSystem.GCS_PLAIN, List.of(latency(BenchSystem.GCS_PLAIN, 1, 2_000, 100))),
                SystemFigures.of(BenchSystem.RELAY2, List.of(latency(BenchSystem.RELAY2, 1, 40_000, 50))),
                SystemFigures.of(BenchSystem.RELAY2_NODELAY,
                        List.of(latency(BenchSystem.RELAY2_NODELAY, 1, 1_000, 80)))), 60);

        SummaryCsv.write(dir, 100, List.of(summary));

        assertThat(Files.readAllLines(dir.resolve(SummaryCsv.FILE))).containsExactly(
                "scenario,system,runs,messageBytes,messagesPerSec,megabytesPerSec,sendRatePerSec,latencyP50Micros,"
                        + "latencyP99Micros,latencyP999Micros,latencyMaxMicros,lossRate,cpuMicrosPerMessage,baseline,"
                        + "ratioOf,ratio,cpuRatio,endToEndMessagesPerSec,totalOverFifo,lost,duplicated,reordered,"
                        + "tcpShare,backlogMillis,allocatedBytesPerMessage,gcCollections,gcPausedMillis,"
                        + "gcLongestPauseMillis,jitCpuMicrosPerMessage,gcCpuMicrosPerMessage,"
                        + "cpuMicrosPerMessageWithoutJit,cpuRatioWithoutJit",
                "cross-site-latency,gcs-plain,1,100,2000,2,2000,1000,2000,4000,8000,0,100,,,,,2000,,0,0,0,,,,,,,,,,",
                "cross-site-latency,jgroups-relay2,1,100,2000,2,2000,20000,40000,80000,160000,0,50,false,"
                        + "p99 latency jgroups-relay2/gcs-plain,20,2,2000,,0,0,0,,,,,,,,,,",
                "cross-site-latency,jgroups-relay2-nodelay,1,100,2000,2,2000,500,1000,2000,4000,0,80,true,"
                        + "p99 latency jgroups-relay2-nodelay/gcs-plain,0.5,1.25,2000,,0,0,0,,,,,,,,,,");
    }

    @Test
    void shouldHaveNoCpuRatioWhenTheCpuTimeIsUnknown() {
        ScenarioSummary summary = new ScenarioSummary(Scenario.LAN_THROUGHPUT, List.of(
                SystemFigures.of(BenchSystem.GCS_PLAIN, List.of(throughput(BenchSystem.GCS_PLAIN, 1, 20_000,
                        Double.NaN))),
                SystemFigures.of(BenchSystem.JGROUPS, List.of(throughput(BenchSystem.JGROUPS, 1, 40_000,
                        Double.NaN)))), 60);

        assertThat(summary.ratio()).isPresent();
        assertThat(summary.cpuRatio()).isEmpty();
        assertThat(summary.cpuRatioOf()).isEqualTo("cpuMicrosPerMessage gcs-plain/jgroups");
    }

    @Test
    void shouldCompareTheCpuWithoutTheJitCompilersToo() {
        // throughput(): the JIT's CPU is 0.1 us per message times the run's number, the collector's 0.01 times it
        ScenarioSummary summary = new ScenarioSummary(Scenario.CROSS_SITE_THROUGHPUT, List.of(
                SystemFigures.of(BenchSystem.GCS_PLAIN, List.of(throughput(BenchSystem.GCS_PLAIN, 1, 40_000, 10),
                        throughput(BenchSystem.GCS_PLAIN, 3, 40_000, 12))),
                SystemFigures.of(BenchSystem.RELAY2, List.of(throughput(BenchSystem.RELAY2, 2, 20_000, 5)))), 60);

        SystemFigures gcs = summary.systems().get(0);
        assertThat(gcs.runs().get(1).cpuMicrosPerMessageWithoutJit()).isCloseTo(11.7, within(1e-9));
        assertThat(gcs.cpuMicrosPerMessageWithoutJit()).as("the median of the runs' differences")
                .isCloseTo((9.9 + 11.7) / 2, within(1e-9));
        assertThat(gcs.jvmCpu().jitMicrosPerMessage()).isCloseTo(0.2, within(1e-9));
        assertThat(gcs.jvmCpu().gcMicrosPerMessage()).isCloseTo(0.02, within(1e-9));
        assertThat(summary.cpuRatio().orElseThrow()).isCloseTo(11.0 / 5, within(1e-9));
        assertThat(summary.cpuRatioWithoutJit().orElseThrow()).isCloseTo(10.8 / 4.8, within(1e-9));
    }

    @Test
    void shouldHaveNoRatioWithoutGcsEvenWithTwoSystems() {
        ScenarioSummary summary = new ScenarioSummary(Scenario.CROSS_SITE_LATENCY, List.of(
                SystemFigures.of(BenchSystem.RELAY2, List.of(latency(BenchSystem.RELAY2, 1, 3_000))),
                SystemFigures.of(BenchSystem.RELAY2_NODELAY,
                        List.of(latency(BenchSystem.RELAY2_NODELAY, 1, 1_000)))), 60);

        assertThat(summary.baseline()).isEmpty();
        assertThat(summary.ratio()).isEmpty();
        assertThat(summary.ratioOf()).isEmpty();
        assertThat(summary.cpuRatio()).isEmpty();
    }

    @Test
    void shouldHaveNoRatioWithASingleSystem() {
        ScenarioSummary summary = new ScenarioSummary(Scenario.UDP_LIMIT,
                List.of(SystemFigures.of(BenchSystem.UDP, List.of(throughput(BenchSystem.UDP, 1, 100_000)))), 5);

        assertThat(summary.ratio()).isEmpty();
        assertThat(summary.ratios()).isEmpty();
    }

    @Test
    void shouldWriteOneJsonObjectWithEverySystemAndTheRatios() {
        BenchSettings settings = new BenchSettings(List.of(Scenario.CROSS_SITE_LATENCY), 1, -1, -1, -1, 1000, 2000,
                true, null, false, List.of(), Duration.ofSeconds(30), List.of(), List.of(), false, 0);
        ScenarioSummary summary = new ScenarioSummary(Scenario.CROSS_SITE_LATENCY, List.of(
                SystemFigures.of(BenchSystem.GCS_PLAIN, List.of(latency(BenchSystem.GCS_PLAIN, 1, 2_000))),
                SystemFigures.of(BenchSystem.RELAY2, List.of(latency(BenchSystem.RELAY2, 1, 3_000)))), 42.04);
        MachineInfo machine = new MachineInfo(2, "AMD EPYC", "17.0.15", "Linux 6", "off");

        String json = JsonWriter.write(BenchJson.of(settings, machine, List.of(summary), null, 99.96));

        assertThat(json).startsWith("{\"command\":\"bench\",\"passed\":true,\"runsPerSystem\":1,")
                .contains("\"wallSeconds\":100,\"gcsSettings\":[],\"relayTcpNoDelay\":false,")
                .contains("\"machine\":{\"cpus\":2,\"cpuModel\":\"AMD EPYC\",\"java\":\"17.0.15\"")
                .contains("\"scenarios\":{\"cross-site-latency\":{\"topology\":")
                .contains("\"messageBytes\":1000,\"warmupMessages\":4000,\"unpacedWarmupMessages\":500000,"
                        + "\"measuredMessages\":8000,"
                        + "\"offeredRatePerSec\":2000,\"wallSeconds\":42")
                .contains("\"systems\":{\"gcs-plain\":{\"messagesPerSec\":", "\"jgroups-relay2\":{\"messagesPerSec\":")
                .contains("\"latencyMicros\":{\"p50\":1000,\"p99\":2000,\"p999\":4000,\"max\":8000,\"samples\":100}")
                .contains("\"runs\":[{\"run\":1,")
                .contains("\"ratio\":1.5,\"ratioOf\":\"p99 latency jgroups-relay2/gcs-plain\","
                        + "\"ratios\":{\"p50\":1.5,\"p99\":1.5,\"p999\":1.5},")
                .contains("\"baseline\":\"jgroups-relay2\",\"baselineCandidates\":[\"jgroups-relay2\"],"
                        + "\"baselineChosenBy\":\"lowest p99 latency (then p50)\",")
                .contains("\"cpuRatio\":null,\"cpuRatioOf\":\"cpuMicrosPerMessage gcs-plain/jgroups-relay2\","
                        + "\"cpuRatioWithoutJit\":null,"
                        + "\"ratiosAgainst\":{\"jgroups-relay2\":{\"ratios\":{\"p50\":1.5,\"p99\":1.5,"
                        + "\"p999\":1.5},\"gcs\":\"gcs-plain\",\"cpuRatio\":null,\"cpuRatioWithoutJit\":null}},"
                        + "\"comparisons\":{\"plain\":{\"gcs\":\"gcs-plain\",\"baseline\":\"jgroups-relay2\","
                        + "\"ratioOf\":\"p99 latency jgroups-relay2/gcs-plain\",\"ratio\":1.5,")
                .doesNotContain("\n");
        String failed = JsonWriter.write(BenchJson.of(settings, machine, List.of(), "b2 missed 3", 1));
        assertThat(failed).contains("\"passed\":false,\"error\":\"b2 missed 3\"", "\"scenarios\":{}");
        assertThat(JsonWriter.write(Map.of("ratio", summary.ratio().orElseThrow()))).isEqualTo("{\"ratio\":1.5}");
    }

    @Test
    void shouldCompareLikeWithLikeSealedFirstAndNameEachPair() {
        ScenarioSummary summary = new ScenarioSummary(Scenario.CROSS_SITE_THROUGHPUT, List.of(
                SystemFigures.of(BenchSystem.GCS, List.of(throughput(BenchSystem.GCS, 1, 30_000, 20))),
                SystemFigures.of(BenchSystem.GCS_PLAIN, List.of(throughput(BenchSystem.GCS_PLAIN, 1, 40_000, 10))),
                SystemFigures.of(BenchSystem.RELAY2, List.of(throughput(BenchSystem.RELAY2, 1, 20_000, 5))),
                SystemFigures.of(BenchSystem.RELAY2_SEALED,
                        List.of(throughput(BenchSystem.RELAY2_SEALED, 1, 10_000, 10)))), 60);

        assertThat(summary.comparisons()).extracting(ScenarioSummary.Comparison::protection)
                .containsExactly(Protection.SEALED, Protection.PLAIN);
        assertThat(summary.ratioOf()).isEqualTo("messagesPerSec gcs/jgroups-relay2-sealed");
        assertThat(summary.ratio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(3, within(1e-9)));
        assertThat(summary.cpuRatio()).hasValueSatisfying(r -> assertThat(r).isCloseTo(2, within(1e-9)));
        assertThat(summary.candidates()).extracting(SystemFigures::system).containsExactly(BenchSystem.RELAY2_SEALED);
        SystemFigures plain = summary.comparisons().get(1).baseline();
        assertThat(summary.ratioOf(plain)).isEqualTo("messagesPerSec gcs-plain/jgroups-relay2");
        assertThat(summary.ratioAgainst(plain)).isCloseTo(2, within(1e-9));
        assertThat(summary.cpuRatioAgainst(plain)).hasValueSatisfying(r -> assertThat(r).isCloseTo(2, within(1e-9)));
    }

    @Test
    void shouldNotCompareGcsAsShippedWithPlainJGroups() {
        ScenarioSummary summary = new ScenarioSummary(Scenario.CROSS_SITE_THROUGHPUT, List.of(
                SystemFigures.of(BenchSystem.GCS, List.of(throughput(BenchSystem.GCS, 1, 30_000))),
                SystemFigures.of(BenchSystem.RELAY2, List.of(throughput(BenchSystem.RELAY2, 1, 20_000)))), 60);

        assertThat(summary.baselines()).isEmpty();
        assertThat(summary.ratio()).isEmpty();
        assertThat(summary.comparisons()).isEmpty();
    }

    private static RunResult throughput(BenchSystem system, int run, double messagesPerSec) {
        return throughput(system, run, messagesPerSec, 40.0);
    }

    private static RunResult throughput(BenchSystem system, int run, double messagesPerSec, double cpuMicros) {
        return new RunResult(Scenario.CROSS_SITE_THROUGHPUT, system, run, 1000, 1000, 1000, 1_000_000,
                messagesPerSec, messagesPerSec * 1000 / 1e6, messagesPerSec, LatencyFigures.NONE, 0, cpuMicros,
                List.of("a1"), 10, messagesPerSec * 0.9, 0, DeliveryFaults.NONE, -1, -1,
                CompetingTcp.NONE, Double.NaN, List.of(), new MemoryFigures(2000 + run, run, 1.5 * run, 0.5 * run),
                new JvmCpuFigures(0.1 * run, 0.01 * run));
    }

    private static RunResult latency(BenchSystem system, int run, double p99Micros) {
        return latency(system, run, p99Micros, Double.NaN);
    }

    private static RunResult latency(BenchSystem system, int run, double p99Micros, double cpuMicros) {
        LatencyFigures latency = new LatencyFigures(100, p99Micros / 2, p99Micros, p99Micros * 2, p99Micros * 4);
        return new RunResult(Scenario.CROSS_SITE_LATENCY, system, run, 1000, 1000, 1000, 500_000, 2000, 2, 2000,
                latency, 0, cpuMicros, List.of("a1", "b1"), 10, 2000, 0, DeliveryFaults.NONE, -1, -1,
                CompetingTcp.NONE, Double.NaN, List.of(), MemoryFigures.UNKNOWN,
                JvmCpuFigures.UNKNOWN);
    }
}
