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
 * A real, small run of {@code gcs bench wan-failover}: six node JVMs in three sites, each site a network namespace of
 * the emulated WAN (20 ms, no loss), the sender's delegate (GCS) or site master (RELAY2) killed with SIGKILL halfway
 * through. As root only (skipped with the reason otherwise; CI runs as root). GCS must deliver every message exactly
 * once and in order at every surviving member (the run fails otherwise); RELAY2's faults are counted and reported,
 * whatever they are.
 */
class FailoverBenchTest {

    @Test
    @Timeout(300)
    void shouldLoseNothingWithGcsWhenTheSendersDelegateIsKilledAndCountTheBaselinesFaults() {
        assumeTrue(HostCommands.missingForNamespaces("this test").isEmpty(),
                HostCommands.missingForNamespaces("this test").orElse(""));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = BenchMain.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("bench", "wan-failover", "--rtt-ms", "20", "--loss", "0", "--runs", "1", "--messages",
                        "3000", "--warmup", "500", "--rate", "500", "--system", "gcs-plain", "--system",
                        "jgroups-relay2", "--stall-timeout", "10s", "--json");

        assertThat(code).as("exit code; stderr: %s%nstdout: %s", err, out).isZero();
        assertThat(err.toString()).contains("gcs-plain run 1: killed a1, which carried site site-a's traffic",
                "jgroups-relay2 run 1: killed a1", "gcs-plain run 1: 0 lost, 0 duplicated, 0 reordered",
                "jgroups-relay2 run 1: after the crash, DeliveryFaults[");
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).contains("\"passed\":true", "\"wan-failover rtt=20ms loss=0%\":{",
                "\"gcs-plain\":{", "\"faultsAllRuns\":{\"lost\":0,\"duplicates\":0,\"reordered\":0}",
                "\"jgroups-relay2\":{", "\"faults\":{\"lost\":", "\"comparisons\":{}");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains("bench-node"))).isEmpty();
    }
}
