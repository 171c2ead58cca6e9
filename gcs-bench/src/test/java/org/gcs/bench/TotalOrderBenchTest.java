package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs of the total-order scenarios with tiny message counts, nodes as threads of this JVM: every system runs,
 * every delivery passes its check, the total-order systems' order agreement was checked at every member, and the
 * table, CSV and JSON carry the total/fifo quotients. Never the speed.
 */
class TotalOrderBenchTest {
    private static final List<String> SYSTEMS = List.of("gcs", "gcs-plain", "gcs-total", "jgroups-fifo",
            "jgroups-sequencer");

    @Test
    @Timeout(240)
    void shouldRunFifoAndTotalOrderOfBothSystemsAndCheckTheAgreedOrder(@TempDir Path dir) throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = BenchMain.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("bench", "total-throughput", "total-latency", "--runs", "1", "--messages", "300",
                        "--warmup", "100", "--unpaced-warmup", "200", "--rate", "1000", "--in-process", "--json",
                        "--out", dir.toString());

        assertThat(code).as("exit code; stderr: %s%nstdout: %s", err, out).isZero();
        String text = err.toString();   // with --json the tables go to stderr, stdout holds only the JSON line
        assertThat(text).contains("== total-throughput", "== total-latency",
                "every message of every run was delivered to every member (PASSED)")
                .containsPattern("total against fifo order \\(plain quotients of the medians\\): \\[messagesPerSec"
                        + " gcs-total/gcs [0-9.]+ ")
                .containsPattern("\\[p50 gcs-total/gcs [0-9.]+ p99 gcs-total/gcs [0-9.]+ ")
                .contains("order agreement: 2 runs of gcs-total, jgroups-sequencer checked, every member delivered"
                        + " the same sequence");
        for (String system : SYSTEMS) {
            assertThat(text).containsPattern("(?m)^1 +" + system + " +[0-9]+ ");
        }
        assertThat(err.toString()).contains("gcs-total run 1: 4 nodes started", "jgroups-sequencer run 1: 4 nodes"
                + " started", "all delivered, the same sequence at all 4 members");
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).as("stdout with --json: one line").hasSize(1);
        String json = lines.get(0);
        assertThat(json).startsWith("{\"command\":\"bench\",\"passed\":true,")
                .contains("\"total-throughput\":{", "\"total-latency\":{", "\"gcs-total\":{\"messagesPerSec\":",
                        "\"jgroups-sequencer\":{\"messagesPerSec\":", "\"jgroups-fifo\":{\"messagesPerSec\":",
                        "\"orderingRatios\":{\"messagesPerSec gcs-total/gcs\":",
                        "\"orderingRatios\":{\"p50 gcs-total/gcs\":", "\"p99 jgroups-sequencer/jgroups-fifo\":",
                        "\"messagesPerSec gcs-total/jgroups-sequencer\":")
                .contains("\"baselineCandidates\":[\"jgroups-fifo\"]")
                .as("like for like: the plain JGroups cluster against GCS with its protection lowered")
                .contains("\"ratioOf\":\"messagesPerSec gcs-plain/jgroups-fifo\"");
        assertThat(count(json, "\"orderAgreementCheckedRuns\":2")).isEqualTo(2);
        assertThat(count(json, "\"deliveredMessages\":300,")).isEqualTo(10);
        assertThat(count(json, "\"orderAgreedMembers\":4")).as("the total-order runs").isEqualTo(4);
        assertThat(count(json, "\"orderAgreedMembers\":0")).as("the fifo runs, not checked").isEqualTo(6);
        List<String> runs = Files.readAllLines(dir.resolve(BenchCsv.FILE));
        List<String> header = List.of(runs.get(0).split(","));
        assertThat(runs).hasSize(11);
        for (String row : runs.subList(1, runs.size())) {
            List<String> fields = List.of(row.split(",", -1));
            boolean total = fields.get(header.indexOf("system")).matches("gcs-total|jgroups-sequencer");
            assertThat(fields.get(header.indexOf("orderAgreedMembers"))).as(row).isEqualTo(total ? "4" : "0");
        }
        List<String> summary = Files.readAllLines(dir.resolve(SummaryCsv.FILE));
        List<String> summaryHeader = List.of(summary.get(0).split(","));
        assertThat(summary).hasSize(11).filteredOn(row -> row.startsWith("total-throughput,gcs-total,"))
                .singleElement().satisfies(row -> assertThat(List.of(row.split(",", -1))
                        .get(summaryHeader.indexOf("totalOverFifo"))).matches("[0-9.]+(E-?[0-9]+)?"));
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
