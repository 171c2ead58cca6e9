package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.gcs.tools.netns.HostCommands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real, small run of {@code gcs bench wan-outage}: six node JVMs in three sites, each site a network namespace of
 * the emulated WAN (20 ms, no loss), the last site's link cut for 10 s in the measured phase. As root only (skipped
 * with the reason otherwise; CI runs as root). GCS must deliver every message exactly once and in order at every
 * member once the link is back (the run fails otherwise) and report how long the backlog took; RELAY2's time and
 * faults are reported, whatever they are.
 */
class OutageBenchTest {

    @Test
    @Timeout(300)
    void shouldDeliverTheBacklogWithGcsAfterASitesLinkCameBackAndReportHowLongItTook() {
        assumeTrue(HostCommands.missingForNamespaces("this test").isEmpty(),
                HostCommands.missingForNamespaces("this test").orElse(""));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = BenchMain.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("bench", "wan-outage", "--rtt-ms", "20", "--loss", "0", "--runs", "1", "--system",
                        "gcs-plain", "--system", "jgroups-relay2", "--stall-timeout", "20s", "--json");

        assertThat(code).as("exit code; stderr: %s%nstdout: %s", err, out).isZero();
        assertThat(err.toString()).contains("gcs-plain run 1: cut site 3's link for 10 s",
                "gcs-plain run 1: restored site 3's link after 10.", "jgroups-relay2 run 1: cut site 3's link",
                "gcs-plain run 1: backlog delivered ", "s after the link came back; 0 lost, 0 duplicated, 0 reordered");
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).contains("\"passed\":true", "\"wan-outage rtt=20ms loss=0%\":{",
                "\"gcs-plain\":{", "\"faultsAllRuns\":{\"lost\":0,\"duplicates\":0,\"reordered\":0}",
                "\"jgroups-relay2\":{", "\"backlogMillis\":");
        // the backlog took at least the one-way delay of its last message, and was measured (not NaN)
        assertThat(lines.get(0)).doesNotContain("\"backlogMillis\":NaN");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains("bench-node"))).isEmpty();
    }
}
