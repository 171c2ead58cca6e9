package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs of {@code gcs bench} with tiny message counts: the four GCS-against-JGroups scenarios with their nodes as
 * threads of this JVM (the total-order ones: {@link TotalOrderBenchTest}), and two scenarios with a JVM per node
 * (one with 100-byte messages, where the CPU time per message is known). They check the delivery verdict and the
 * output, never the speed.
 */
class BenchEndToEndTest {

    @Test
    @Timeout(180)
    void shouldRunEveryScenarioAndReportEverySystemAndTheRatios(@TempDir Path dir) throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = BenchMain.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("bench", "cross-site-throughput", "cross-site-latency", "lan-throughput", "udp-limit",
                        "--runs", "1", "--messages", "200", "--warmup", "50", "--unpaced-warmup", "100", "--rate",
                        "1000", "--in-process", "--json", "--out", dir.toString());

        assertThat(code).as("exit code; stderr: %s%nstdout: %s", err, out).isZero();
        String text = err.toString();
        assertThat(out.toString().lines()).as("stdout with --json: the JSON line only").hasSize(1);
        assertThat(text).contains("== cross-site-throughput", "== cross-site-latency", "== lan-throughput",
                "== udp-limit", "p99.9 ms", "datagrams/s", "ratio (messagesPerSec gcs/jgroups-relay2-sealed)",
                "like for like, plain (messagesPerSec gcs-plain/jgroups-relay2)",
                "ratio (messagesPerSec gcs/jgroups-sealed)", "like for like, plain (messagesPerSec gcs-plain/jgroups)",
                "CPU per message (cpuMicrosPerMessage gcs/jgroups-sealed)",
                "every message of every run was delivered to every member (PASSED)");
        assertThat(text).containsPattern("ratio \\(p99 latency jgroups-relay2(-nodelay)?-sealed/gcs\\)")
                .containsPattern("baseline: jgroups-relay2(-nodelay)?-sealed .*, the better of jgroups-relay2-sealed,"
                        + " jgroups-relay2-nodelay-sealed by lowest p99 latency")
                .containsPattern("like for like, plain \\(p99 latency jgroups-relay2(-nodelay)?/gcs-plain\\)")
                .containsPattern("(?m)^1 +jgroups-relay2-nodelay +[0-9]+ ");
        assertThat(err.toString()).contains("cross-site-throughput: gcs run 1/1 starting",
                "jgroups-relay2 run 1: 4 nodes started", "jgroups-relay2-nodelay run 1: 4 nodes started",
                "all delivered");
        String json = out.toString().strip();
        assertThat(json).startsWith("{\"command\":\"bench\",\"passed\":true,").endsWith("}")
                .contains("\"nodes\":\"threads of one JVM\"")
                .contains("\"cross-site-throughput\":{", "\"cross-site-latency\":{", "\"lan-throughput\":{",
                        "\"udp-limit\":{")
                .contains("\"gcs\":{\"messagesPerSec\":", "\"jgroups-relay2\":{\"messagesPerSec\":",
                        "\"jgroups\":{\"messagesPerSec\":", "\"udp\":{\"messagesPerSec\":")
                .contains("\"jgroups-relay2-nodelay\":{\"messagesPerSec\":")
                .contains("\"latencyMicros\":{\"p50\":", "\"lossRate\":")
                .contains("\"gcs-plain\":{\"messagesPerSec\":", "\"jgroups-sealed\":{\"messagesPerSec\":",
                        "\"jgroups-relay2-sealed\":{\"messagesPerSec\":")
                .contains("\"baselineCandidates\":[\"jgroups-relay2-sealed\",\"jgroups-relay2-nodelay-sealed\"]")
                .contains("\"cpuRatioOf\":\"cpuMicrosPerMessage gcs/jgroups-sealed\"")
                .contains("\"comparisons\":{\"sealed\":{\"gcs\":\"gcs\",\"baseline\":\"jgroups-sealed\","
                        + "\"ratioOf\":\"messagesPerSec gcs/jgroups-sealed\",")
                .contains("\"plain\":{\"gcs\":\"gcs-plain\",\"baseline\":\"jgroups\","
                        + "\"ratioOf\":\"messagesPerSec gcs-plain/jgroups\",");
        assertThat(count(json, "\"deliveredMessages\":200,")).as("4 + 6 + 4 + 1 runs").isEqualTo(15);
        assertThat(count(json, "\"ratio\":[0-9]")).as("3 headlines and 2 comparisons each").isEqualTo(9);
        assertThat(json).contains("\"ratio\":null");
        assertThat(Files.readAllLines(dir.resolve(BenchCsv.FILE))).hasSize(16)
                .first().asString().startsWith("scenario,system,run,measuredMessages,");
        assertThat(Files.readAllLines(dir.resolve(BenchCsv.SAMPLES_FILE)))
                .as("a header, and 200 measured messages at the other site's 2 members in 6 latency runs")
                .hasSize(1 + 6 * 2 * 200)
                .first().asString().isEqualTo("scenario,system,run,receiver,sequence,sentMicros,latencyMicros");
        assertThat(Files.readAllLines(dir.resolve(SummaryCsv.FILE))).hasSize(16)
                .anyMatch(line -> line.startsWith("cross-site-latency,jgroups-relay2-nodelay,1,1000,"));
        assertThat(Files.readString(dir.resolve(BenchRun.SUMMARY_FILE), StandardCharsets.UTF_8).strip())
                .isEqualTo(json);
    }

    @Test
    @Timeout(120)
    void shouldRunEveryNodeInAJvmOfItsOwnAndLeaveNoneBehind() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = BenchMain.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("bench", "udp-limit", "--runs", "1", "--messages", "500", "--warmup", "100", "--json");

        assertThat(code).as("exit code; stderr: %s%nstdout: %s", err, out).isZero();
        List<String> lines = out.toString().lines().toList();
        String json = lines.get(lines.size() - 1);
        assertThat(json).contains("\"passed\":true", "\"nodes\":\"one JVM per node\"", "\"udp\":{");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains("bench-node"))).isEmpty();
    }

    @Test
    @Timeout(180)
    void shouldMeasureHundredByteMessagesAndTheCpuOfEverySystemInJvmsOfTheirOwn(@TempDir Path dir)
            throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = BenchMain.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("bench", "lan-throughput", "--runs", "1", "--messages", "2000", "--warmup", "500",
                        "--size", "100", "--security", "plain", "--json", "--out", dir.toString());

        assertThat(code).as("exit code; stderr: %s%nstdout: %s", err, out).isZero();
        List<String> lines = out.toString().lines().toList();
        String json = lines.get(lines.size() - 1);
        assertThat(json).contains("\"passed\":true", "\"nodes\":\"one JVM per node\"", "\"messageBytes\":100,",
                "\"cpuRatioOf\":\"cpuMicrosPerMessage gcs-plain/jgroups\"").doesNotContain("\"cpuRatio\":null");
        assertThat(count(json, "\"deliveredMessages\":2000,")).isEqualTo(2);
        assertThat(err.toString())
                .containsPattern("CPU per message \\(cpuMicrosPerMessage gcs-plain/jgroups\\): [0-9.]+ ");
        List<String> runs = Files.readAllLines(dir.resolve(BenchCsv.FILE));
        List<String> header = List.of(runs.get(0).split(","));
        assertThat(runs).hasSize(3);
        for (String row : runs.subList(1, runs.size())) {
            List<String> fields = List.of(row.split(",", -1));
            double messagesPerSec = Double.parseDouble(fields.get(header.indexOf("messagesPerSec")));
            double megabytesPerSec = Double.parseDouble(fields.get(header.indexOf("megabytesPerSec")));
            assertThat(fields.get(header.indexOf("messageBytes"))).isEqualTo("100");
            assertThat(megabytesPerSec).as(row).isCloseTo(messagesPerSec * 100 / 1e6, within(0.002));
            assertThat(Double.parseDouble(fields.get(header.indexOf("cpuMicrosPerMessage")))).as(row).isPositive();
            assertThat(Double.parseDouble(fields.get(header.indexOf("allocatedBytesPerMessage")))).as(row)
                    .isPositive();
            assertThat(Double.parseDouble(fields.get(header.indexOf("gcCollections")))).as(row)
                    .isGreaterThanOrEqualTo(0);
            assertThat(Double.parseDouble(fields.get(header.indexOf("gcLongestPauseMillis")))).as(row)
                    .isLessThanOrEqualTo(Double.parseDouble(fields.get(header.indexOf("gcPausedMillis"))));
            double cpu = Double.parseDouble(fields.get(header.indexOf("cpuMicrosPerMessage")));
            double jit = Double.parseDouble(fields.get(header.indexOf("jitCpuMicrosPerMessage")));
            assertThat(jit).as(row).isBetween(0.0, cpu);
            assertThat(Double.parseDouble(fields.get(header.indexOf("gcCpuMicrosPerMessage")))).as(row)
                    .isBetween(0.0, cpu);
            assertThat(Double.parseDouble(fields.get(header.indexOf("cpuMicrosPerMessageWithoutJit")))).as(row)
                    .isCloseTo(cpu - jit, within(0.01)); // each column as rounded in the file
        }
        assertThat(json).doesNotContain("\"cpuRatioWithoutJit\":null");
        assertThat(err.toString()).containsPattern("gcs-plain +JIT compilers [0-9.]+, garbage collector [0-9.]+;")
                .containsPattern("CPU per message without the JIT compilers' \\(cpuMicrosPerMessageWithoutJit"
                        + " gcs-plain/jgroups\\): [0-9.]+ ");
        assertThat(err.toString()).containsPattern("gcs-plain +[0-9]+ B allocated per message, [0-9]+ GC collections");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains("bench-node"))).isEmpty();
    }

    private static int count(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
