package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs {@code gcs demo} in this JVM: six real nodes in the three sites of ron3, over loopback sockets and the
 * emulated WAN, every member sending for three seconds; every message must reach every member exactly once.
 */
class DemoCommandEndToEndTest {

    @Test
    @Timeout(150)
    void shouldDeliverEveryMessageToEveryMemberOnRon3() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = GcsCommand.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("demo", "--duration", "3s", "--rate", "20", "--members-per-site", "2", "--json",
                        "--report-every", "1s");

        assertThat(code).as("exit code; stderr: %s%nstdout: %s", err, out).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).as("stdout with --json: the JSON line only").hasSize(1);
        assertThat(err.toString().lines().findFirst()).hasValueSatisfying(
                first -> assertThat(first).startsWith("GCS demo: topology ron3"));
        assertThat(err.toString()).contains("boston/boston-1", "ottawa/ottawa-2", "chicago/chicago-1", "PASSED");
        String json = lines.get(lines.size() - 1);
        assertThat(json).startsWith("{").endsWith("}");
        assertThat(number(json, "sites")).isEqualTo(3);
        assertThat(number(json, "members")).isEqualTo(6);
        assertThat(number(json, "groups")).isEqualTo(1);
        assertThat(number(json, "durationSec")).isEqualTo(3);
        long sent = number(json, "sent");
        assertThat(sent).isPositive();
        assertThat(number(json, "expectedDeliveries")).isEqualTo(sent * 6);
        assertThat(number(json, "delivered")).isEqualTo(number(json, "expectedDeliveries"));
        assertThat(number(json, "duplicates")).isZero();
        assertThat(number(json, "outOfOrder")).isZero();
        assertThat(number(json, "missing")).isZero();
        assertThat(json).contains("\"siteNames\":[\"boston\",\"ottawa\",\"chicago\"]", "\"latencyMs\":{\"p50\":",
                "\"passed\":true");
    }

    @Test
    @Timeout(150)
    void shouldDeliverEveryMessageUnderOrmccAndNameItInEveryFlow() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = GcsCommand.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("demo", "--duration", "3s", "--rate", "20", "--members-per-site", "1", "--json",
                        "--report-every", "1s", "--controller", "ormcc", "--set", "cc.ormcc.beta=0.7");

        assertThat(code).as("exit code; stderr: %s%nstdout: %s", err, out).isZero();
        List<String> lines = out.toString().lines().toList();
        String json = lines.get(lines.size() - 1);
        assertThat(number(json, "missing")).isZero();
        assertThat(number(json, "duplicates")).isZero();
        assertThat(number(json, "outOfOrder")).isZero();
        assertThat(json).contains("\"controller\":\"ormcc\"", "\"cc.ormcc.beta\":\"0.7\"");
        Matcher flow = Pattern.compile("\\{\"site\":\"[a-z]+\",\"group\":\"demo\",\"controller\":\"([a-z]+)\"")
                .matcher(json);
        int flows = 0;
        while (flow.find()) {
            assertThat(flow.group(1)).isEqualTo("ormcc");
            flows++;
        }
        assertThat(flows).as("flows in %s", json).isEqualTo(3);
    }

    @Test
    @Timeout(150)
    void shouldDeliverEveryMessageInOneAgreedOrderWithOrderTotal() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = GcsCommand.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("demo", "--order", "total", "--duration", "3s", "--rate", "20", "--members-per-site", "2",
                        "--json", "--report-every", "1s");

        assertThat(code).as("exit code; stderr: %s%nstdout: %s", err, out).isZero();
        List<String> lines = out.toString().lines().toList();
        String json = lines.get(lines.size() - 1);
        assertThat(number(json, "sent")).isPositive();
        assertThat(number(json, "delivered")).isEqualTo(number(json, "expectedDeliveries"));
        assertThat(number(json, "missing")).isZero();
        assertThat(number(json, "duplicates")).isZero();
        assertThat(number(json, "outOfOrder")).isZero();
        assertThat(number(json, "orderDisagreements")).isZero();
        assertThat(number(json, "gaps")).isZero();
        assertThat(number(json, "senderOrderViolations")).isZero();
        assertThat(number(json, "viewSynchronyViolations")).isZero();
        assertThat(number(json, "orderCheckedEvents")).isGreaterThanOrEqualTo(number(json, "delivered"));
        assertThat(json).contains("\"order\":\"total\"", "\"passed\":true");
        assertThat(err.toString()).contains("in the agreed view", "order: total, 0 disagreements over",
                "in one agreed order");
    }

    private static long number(String json, String field) {
        Matcher m = Pattern.compile("\"" + field + "\":(-?[0-9]+)[,}]").matcher(json);
        assertThat(m.find()).as("whole-number field %s in %s", field, json).isTrue();
        return Long.parseLong(m.group(1));
    }
}
