package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BenchCommandOptionsTest {

    @Test
    void shouldUseTheDocumentedDefaults() {
        BenchSettings s = parse("cross-site-throughput");

        assertThat(s.scenarios()).containsExactly(Scenario.CROSS_SITE_THROUGHPUT);
        assertThat(s.runs()).isEqualTo(3);
        assertThat(s.messageBytes()).isEqualTo(1000);
        assertThat(s.warmupFor(Scenario.CROSS_SITE_THROUGHPUT)).isEqualTo(1_000_000);
        assertThat(s.measuredFor(Scenario.CROSS_SITE_THROUGHPUT)).isEqualTo(300_000);
        assertThat(s.warmupFor(Scenario.CROSS_SITE_LATENCY)).isEqualTo(4_000);
        assertThat(s.unpacedWarmupFor(Scenario.CROSS_SITE_LATENCY)).isEqualTo(500_000);
        assertThat(s.unpacedWarmupFor(Scenario.CROSS_SITE_THROUGHPUT)).isZero();
        assertThat(s.measuredFor(Scenario.CROSS_SITE_LATENCY)).isEqualTo(8_000);
        assertThat(s.rateFor(Scenario.CROSS_SITE_LATENCY)).isEqualTo(1_000);
        assertThat(s.rateFor(Scenario.CROSS_SITE_THROUGHPUT)).isZero();
        assertThat(s.measuredFor(Scenario.UDP_LIMIT)).isEqualTo(400_000);
        assertThat(s.json()).isFalse();
        assertThat(s.outDir()).isNull();
        assertThat(s.inProcess()).isFalse();
        assertThat(s.jvmOptions()).isEmpty();
        assertThat(s.stallTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.relayTcpNoDelay()).isFalse();
        assertThat(s.gcsSettings()).isEmpty();
        assertThat(s.gcsSendsInFlight()).isEqualTo(256);
        assertThat(s.protections()).containsExactlyInAnyOrder(Protection.SEALED, Protection.PLAIN);
        assertThat(s.systemsFor(Scenario.CROSS_SITE_THROUGHPUT)).containsExactly(BenchSystem.GCS,
                BenchSystem.GCS_PLAIN, BenchSystem.RELAY2, BenchSystem.RELAY2_SEALED);
        assertThat(s.systemsFor(Scenario.LAN_THROUGHPUT)).containsExactly(BenchSystem.GCS, BenchSystem.GCS_PLAIN,
                BenchSystem.JGROUPS, BenchSystem.JGROUPS_SEALED);
        assertThat(s.systemsFor(Scenario.CROSS_SITE_LATENCY)).containsExactly(BenchSystem.GCS, BenchSystem.GCS_PLAIN,
                BenchSystem.RELAY2, BenchSystem.RELAY2_NODELAY, BenchSystem.RELAY2_SEALED,
                BenchSystem.RELAY2_NODELAY_SEALED);
    }

    @Test
    void shouldRunOneProtectionWhenAskedAndRejectASystemItLeavesOut() {
        assertThat(parse("cross-site-latency", "--security", "sealed").systemsFor(Scenario.CROSS_SITE_LATENCY))
                .containsExactly(BenchSystem.GCS, BenchSystem.RELAY2_SEALED, BenchSystem.RELAY2_NODELAY_SEALED);
        assertThat(parse("lan-throughput", "--security", "plain").systemsFor(Scenario.LAN_THROUGHPUT))
                .containsExactly(BenchSystem.GCS_PLAIN, BenchSystem.JGROUPS);
        assertThat(parse("udp-limit", "--security", "plain").systemsFor(Scenario.UDP_LIMIT))
                .as("raw UDP has no protection to choose").containsExactly(BenchSystem.UDP);
        assertUsageError("--security must be sealed, plain or both, got 'aes'", "all", "--security", "aes");
        assertUsageError("--system jgroups-sealed is sealed, which --security plain leaves out", "lan-throughput",
                "--security", "plain", "--system", "jgroups-sealed");
    }

    @Test
    void shouldAddRelayWithTcpNoDelayToCrossSiteThroughputWhenAsked() {
        BenchSettings s = parse("cross-site-throughput", "cross-site-latency", "--relay-tcp-nodelay", "--security",
                "plain");

        assertThat(s.relayTcpNoDelay()).isTrue();
        assertThat(s.systemsFor(Scenario.CROSS_SITE_THROUGHPUT)).containsExactly(BenchSystem.GCS_PLAIN,
                BenchSystem.RELAY2, BenchSystem.RELAY2_NODELAY);
        assertThat(s.systemsFor(Scenario.CROSS_SITE_LATENCY)).containsExactly(BenchSystem.GCS_PLAIN,
                BenchSystem.RELAY2, BenchSystem.RELAY2_NODELAY);
        assertThat(parse("cross-site-throughput", "--relay-tcp-nodelay").systemsFor(Scenario.CROSS_SITE_THROUGHPUT))
                .containsExactly(BenchSystem.GCS, BenchSystem.GCS_PLAIN, BenchSystem.RELAY2, BenchSystem.RELAY2_SEALED,
                        BenchSystem.RELAY2_NODELAY, BenchSystem.RELAY2_NODELAY_SEALED);
        assertThat(parse("cross-site-throughput", "--system", "jgroups-relay2-nodelay")
                .systemsFor(Scenario.CROSS_SITE_THROUGHPUT)).containsExactly(BenchSystem.RELAY2_NODELAY);
        assertThat(parse("cross-site-latency", "--system", "gcs", "--system", "jgroups-relay2")
                .systemsFor(Scenario.CROSS_SITE_LATENCY)).containsExactly(BenchSystem.GCS, BenchSystem.RELAY2);
        assertUsageError("--relay-tcp-nodelay adds the system jgroups-relay2-nodelay, which --system leaves out: add"
                + " --system jgroups-relay2-nodelay", "cross-site-throughput", "--relay-tcp-nodelay", "--system",
                "jgroups-relay2");
        assertUsageError("--system jgroups-relay2-nodelay is not part of [lan-throughput]", "lan-throughput",
                "--system", "jgroups-relay2-nodelay");
    }

    @Test
    void shouldParseEveryOption(@TempDir Path dir) {
        Path out = dir.resolve("results");
        BenchSettings s = parse("cross-site-latency", "lan-throughput", "--runs", "5", "--messages", "1000",
                "--warmup", "0", "--unpaced-warmup", "300", "--size", "200", "--rate", "500", "--json",
                "--out", out.toString(), "--jvm-option=-XX:+UseSerialGC", "--jvm-option=-Dx={node}",
                "--stall-timeout", "1m", "--system", "gcs", "--gcs-set", "send.window.bytes=4MB",
                "--gcs-set", "congestion.control=none", "--relay-tcp-nodelay", "--system", "jgroups-relay2-nodelay",
                "--gcs-sends-in-flight", "0");

        assertThat(s.scenarios()).containsExactly(Scenario.CROSS_SITE_LATENCY, Scenario.LAN_THROUGHPUT);
        assertThat(s.runs()).isEqualTo(5);
        assertThat(s.measuredFor(Scenario.LAN_THROUGHPUT)).isEqualTo(1000);
        assertThat(s.warmupFor(Scenario.LAN_THROUGHPUT)).isZero();
        assertThat(s.unpacedWarmupFor(Scenario.CROSS_SITE_LATENCY)).isEqualTo(300);
        assertThat(s.messageBytes()).isEqualTo(200);
        assertThat(s.rateFor(Scenario.CROSS_SITE_LATENCY)).isEqualTo(500);
        assertThat(s.json()).isTrue();
        assertThat(s.outDir()).isEqualTo(out).isDirectory();
        assertThat(s.jvmOptions()).containsExactly("-XX:+UseSerialGC", "-Dx={node}");
        assertThat(s.stallTimeout()).isEqualTo(Duration.ofMinutes(1));
        assertThat(s.systemsFor(Scenario.LAN_THROUGHPUT)).containsExactly(BenchSystem.GCS);
        assertThat(s.systemsFor(Scenario.CROSS_SITE_LATENCY)).containsExactly(BenchSystem.GCS,
                BenchSystem.RELAY2_NODELAY);
        assertThat(s.gcsSettings()).containsExactly("send.window.bytes=4MB", "congestion.control=none");
        assertThat(s.relayTcpNoDelay()).isTrue();
        assertThat(s.gcsSendsInFlight()).isZero();
    }

    @Test
    void shouldRunGcsOnTheTransportGiven() {
        assertThat(parse("cross-site-throughput", "--transport", "hop-by-hop").gcsSettings())
                .as("hop by hop, the controller is none").containsExactly("wan.transport=hop-by-hop",
                        "congestion.control=none");
        assertUsageError("hop-by-hop takes none", "cross-site-throughput", "--transport", "hop-by-hop",
                "--controller", "ormcc");
        assertUsageError("wan.transport must be end-to-end or hop-by-hop", "all", "--transport", "udp");
    }

    @Test
    void shouldTakeGcsSettingsUnderEitherNameInTheOrderGiven() {
        assertThat(parse("all", "--gcs-set", "send.window.bytes=4MB", "--set", "lan.protection=none", "--gcs-set",
                "send.window.bytes=8MB").gcsSettings())
                .as("the last value of a key wins; the bench leaves the LAN's other settings to the user")
                .containsExactly("send.window.bytes=8MB", "lan.protection=none");
        assertUsageError("--controller ormcc contradicts --set congestion.control=none", "all", "--controller",
                "ormcc", "--gcs-set", "congestion.control=none");
        assertUsageError("Missing required parameter for option '--gcs-set' (KEY=VALUE)", "all", "--gcs-set");
    }

    @Test
    void shouldExpandAllIntoEveryScenarioOnce() {
        assertThat(parse("all", "udp-limit", "--in-process").scenarios()).containsExactly(
                Scenario.CROSS_SITE_THROUGHPUT, Scenario.CROSS_SITE_LATENCY, Scenario.LAN_THROUGHPUT,
                Scenario.UDP_LIMIT, Scenario.TOTAL_THROUGHPUT, Scenario.TOTAL_LATENCY);
    }

    @Test
    void shouldRejectBadOptionsWithAClearMessageAndExitCode2() {
        assertUsageError("Missing required parameter: 'SCENARIO'");
        assertUsageError("unknown scenario 'throughput': use cross-site-throughput, cross-site-latency,"
                + " lan-throughput, udp-limit, total-throughput, total-latency, wan-throughput, wan-latency,"
                + " wan-fanout, wan-fairness, wan-failover, wan-outage or all", "throughput");
        assertUsageError("--tcp-flows must be in 1..16, got 0", "wan-fairness", "--tcp-flows", "0");
        assertUsageError("--tcp vegas-x: not a congestion control of this kernel", "wan-fairness", "--tcp",
                "vegas-x");
        assertUsageError("--site-tcp vegas-x: not a congestion control of this kernel", "wan-throughput",
                "--site-tcp", "vegas-x");
        assertUsageError("--in-process cannot run the WAN scenarios", "wan-failover", "--in-process");
        assertUsageError("--runs must be in 1..1000, got 0", "all", "--runs", "0");
        assertUsageError("--messages must be in 1..", "all", "--messages", "0");
        assertUsageError("--warmup must be in 0..", "all", "--warmup", "-1");
        assertUsageError("--unpaced-warmup must be in 0..", "all", "--unpaced-warmup", "-5");
        assertUsageError("--size must be in 17..60000 bytes", "all", "--size", "16");
        assertUsageError("--size must be in 17..60000 bytes", "all", "--size", "60001");
        assertUsageError("--rate must be a positive number", "all", "--rate", "0");
        assertUsageError("--stall-timeout must be at least 1s, got 500ms", "all", "--stall-timeout", "500ms");
        assertUsageError("unknown --system 'tcp': use gcs, gcs-plain, jgroups, jgroups-sealed, jgroups-relay2,",
                "all", "--system", "tcp");
        assertUsageError("--system udp is not part of [cross-site-throughput]", "cross-site-throughput",
                "--system", "udp");
        assertUsageError("cannot be used with --in-process", "all", "--in-process", "--jvm-option=-Xint");
        assertUsageError("Invalid value for option '--runs'", "all", "--runs", "many");
        assertUsageError("--set window: not a node setting; keys are [", "all", "--gcs-set", "window=1");
        assertUsageError("--set needs KEY=VALUE", "all", "--set", "window");
        assertUsageError("--set seeds: the bench sets this one itself (topology, addresses, key)", "all",
                "--gcs-set", "seeds=x:1");
        assertUsageError("--set lan.mcast.port: the bench sets this one itself", "all", "--set", "lan.mcast.port=1");
        assertUsageError("send.window.bytes", "all", "--gcs-set", "send.window.bytes=tiny");
        assertUsageError("--gcs-sends-in-flight must be 0 (blocking send) or more, got -1", "all",
                "--gcs-sends-in-flight", "-1");
    }

    @Test
    void shouldListTheCommandInTheTopLevelHelpAndHideTheNodeCommand() {
        StringWriter out = new StringWriter();
        int code = BenchMain.commandLine().setOut(new PrintWriter(out)).execute("--help");

        assertThat(code).isZero();
        assertThat(out.toString()).contains("bench").doesNotContain("bench-node");
    }

    @Test
    void shouldListTheSharedOptionsWithTheBenchsDefaultsAndTheFormerNameOfSet() {
        StringWriter out = new StringWriter();
        int code = BenchMain.commandLine().setOut(new PrintWriter(out)).execute("bench", "--help");

        assertThat(code).isZero();
        assertThat(out.toString()).contains("--set=KEY=VALUE", "--gcs-set=KEY=VALUE", "(default: 1000)")
                .doesNotContain("null");
    }

    private static BenchSettings parse(String... args) {
        BenchCommand command = new BenchCommand();
        new CommandLine(command).parseArgs(args);
        return command.settings();
    }

    private static void assertUsageError(String message, String... args) {
        StringWriter err = new StringWriter();
        String[] full = new String[args.length + 1];
        full[0] = "bench";
        System.arraycopy(args, 0, full, 1, args.length);
        int code = BenchMain.commandLine().setOut(new PrintWriter(new StringWriter()))
                .setErr(new PrintWriter(err)).execute(full);

        assertThat(code).as("exit code of %s", String.join(" ", full)).isEqualTo(2);
        assertThat(err.toString()).contains(message).contains("Try 'gcs bench --help' for the options.")
                .doesNotContain("Usage:");
    }
}
