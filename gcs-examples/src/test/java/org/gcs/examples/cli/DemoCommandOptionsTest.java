package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.gcs.order.Ordering;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DemoCommandOptionsTest {
    private final DemoCommandParsing parsing = new DemoCommandParsing();

    @Test
    void shouldUseTheDocumentedDefaults() {
        DemoSettings s = parsing.parse().settings();

        assertThat(s.topology().name()).isEqualTo("ron3");
        assertThat(s.sites()).containsExactly("boston", "ottawa", "chicago");
        assertThat(s.membersPerSite()).isEqualTo(2);
        assertThat(s.members()).isEqualTo(6);
        assertThat(s.duration()).isEqualTo(Duration.ofSeconds(60));
        assertThat(s.ratePerMember()).isEqualTo(50);
        assertThat(s.messageBytes()).isEqualTo(1000);
        assertThat(s.group()).isEqualTo("demo");
        assertThat(s.ordering()).isEqualTo(Ordering.FIFO);
        assertThat(s.seed()).isEqualTo(1);
        assertThat(s.treeStrategy()).isEqualTo("spt");
        assertThat(s.reportEvery()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.json()).isFalse();
        assertThat(s.nodeSettings().isEmpty()).isTrue();
        assertThat(s.nodeSettings().controller()).isEqualTo("tfrc");
    }

    @Test
    void shouldTakeTheControllerAndNodeSettings() {
        DemoSettings s = parsing.parse("--controller", "ormcc", "--set", "cc.ormcc.beta=0.7", "--set",
                "send.window.bytes=512KiB").settings();

        assertThat(s.nodeSettings().controller()).isEqualTo("ormcc");
        assertThat(s.nodeSettings().assignments()).containsExactly("cc.ormcc.beta=0.7", "send.window.bytes=512KiB",
                "congestion.control=ormcc");
    }

    @Test
    void shouldTakeTheTransportWithItsDefaultController() {
        DemoSettings hop = parsing.parse("--transport", "hop-by-hop").settings();
        assertThat(hop.nodeSettings().transport()).isEqualTo("hop-by-hop");
        assertThat(hop.nodeSettings().controller()).isEqualTo("none");
        DemoSettings set = parsing.parse("--set", "wan.transport=hop-by-hop", "--set", "hop.output.packets=100")
                .settings();
        assertThat(set.nodeSettings().controller()).isEqualTo("none");
        assertThat(parsing.parse().settings().nodeSettings().transport()).isEqualTo("end-to-end");
    }

    @Test
    void shouldParseEveryOption() {
        DemoSettings s = parsing.parse("--topology", "ron6", "--sites", "chicago,boston", "--members-per-site", "3",
                "--duration", "2m", "--rate", "12.5", "--size", "64", "--group", "room-1", "--seed", "7", "--tree-strategy", "star",
                "--report-every", "500ms", "--json").settings();

        assertThat(s.topology().name()).isEqualTo("ron6[boston,chicago]");
        assertThat(s.sites()).containsExactly("boston", "chicago");
        assertThat(s.members()).isEqualTo(6);
        assertThat(s.duration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(s.ratePerMember()).isEqualTo(12.5);
        assertThat(s.messageBytes()).isEqualTo(64);
        assertThat(s.group()).isEqualTo("room-1");
        assertThat(s.seed()).isEqualTo(7);
        assertThat(s.treeStrategy()).isEqualTo("star");
        assertThat(s.reportEvery()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.json()).isTrue();
    }

    @Test
    void shouldTakeTheOrderInAnyCase() {
        assertThat(parsing.parse("--order", "total").settings().ordering()).isEqualTo(Ordering.TOTAL);
        assertThat(parsing.parse("--order", "FIFO").settings().ordering()).isEqualTo(Ordering.FIFO);
    }

    @Test
    void shouldAcceptDurationsInSecondsMinutesAndMilliseconds() {
        assertThat(parsing.parse("--duration", "30s").settings().duration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(parsing.parse("--duration", "500ms").settings().duration()).isEqualTo(Duration.ofMillis(500));
        assertThat(parsing.parse("--duration", "1.5s").settings().duration()).isEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void shouldLoadATopologyFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("two.topo");
        Files.writeString(file, "name two\nsite x y\nlink x <-> y rtt=10ms\n");

        DemoSettings s = parsing.parse("--topology", file.toString()).settings();

        assertThat(s.topology().name()).isEqualTo("two");
        assertThat(s.sites()).containsExactly("x", "y");
    }

    @Test
    void shouldRejectADurationWithoutUnit() {
        assertThatThrownBy(() -> parsing.parse("--duration", "30")).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("no unit");
    }

    @Test
    void shouldExitWithTwoAndAUsageErrorOnStderrForBadOptions() {
        assertUsageError("unknown option", "demo", "--bogus");
        assertUsageError("--members-per-site must be at least 1", "demo", "--members-per-site", "0");
        assertUsageError("--rate must be a positive", "demo", "--rate", "0");
        assertUsageError("--size must be in", "demo", "--size", "-1");
        assertUsageError("--topology: no built-in topology named 'nowhere'", "demo", "--topology", "nowhere");
        assertUsageError("--tree-strategy: unknown tree strategy 'ring'", "demo", "--tree-strategy", "ring");
        assertUsageError("unknown site 'paris'", "demo", "--sites", "boston,paris");
        assertUsageError("--group 'a b' is not valid", "demo", "--group", "a b");
        assertUsageError("--order must be fifo or total, not 'causal'", "demo", "--order", "causal");
        assertUsageError("Invalid value for option '--duration'", "demo", "--duration", "soon");
        assertUsageError("Missing command", new String[0]);
        assertUsageError("unknown congestion control 'fast'", "demo", "--controller", "fast");
        assertUsageError("cc.ormcc.beta", "demo", "--controller", "ormcc", "--set", "cc.ormcc.beta=2");
        assertUsageError("cc.tfrc.colour", "demo", "--set", "cc.tfrc.colour=red");
        assertUsageError("the command sets this one itself", "demo", "--set", "wan.bind=0.0.0.0:1");
        assertUsageError("wan.transport must be end-to-end or hop-by-hop, got 'tcp'", "demo", "--transport", "tcp");
        assertUsageError("hop-by-hop takes none", "demo", "--transport", "hop-by-hop", "--controller", "tfrc");
        assertUsageError("contradicts --set wan.transport=end-to-end", "demo", "--transport", "hop-by-hop", "--set",
                "wan.transport=end-to-end");
    }

    private static void assertUsageError(String message, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = GcsCommand.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);

        assertThat(code).as("exit code of %s", String.join(" ", args)).isEqualTo(2);
        assertThat(err.toString()).containsIgnoringCase(message).contains("Try 'gcs").doesNotContain("Usage:");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void shouldPrintHelpAndVersionWithExitCodeZero() {
        StringWriter out = new StringWriter();
        CommandLine gcs = GcsCommand.commandLine().setOut(new PrintWriter(out));

        assertThat(gcs.execute("demo", "--help")).isZero();
        assertThat(out.toString()).contains("--members-per-site", "--report-every", "default: ron3", "(default: spt)",
                "(default: 50)", "(default: 1000)", "--order=ORDER", "(default: fifo)").doesNotContain("null");
        assertThat(gcs.execute("--version")).isZero();
        assertThat(out.toString()).contains("gcs ");
    }

    @Test
    void shouldTakeNodeSettingsFromAFileWithSetWinning(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("demo.properties");
        Files.writeString(file, "max.datagram.bytes = 8000\ntick.interval = 10ms\n");
        DemoSettings s = parsing.parse("--config", file.toString(), "--set", "tick.interval=20ms").settings();
        assertThat(s.nodeSettings().asMap()).containsEntry("max.datagram.bytes", "8000")
                .containsEntry("tick.interval", "20ms");
    }

    @Test
    void shouldRefuseBadFileSettingsNamingTheKey(@TempDir Path dir) throws Exception {
        Path unknown = dir.resolve("unknown.properties");
        Files.writeString(unknown, "max.datagram.byte = 8000\n");
        assertThatThrownBy(() -> parsing.parse("--config", unknown.toString()).settings())
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("unknown.properties").hasMessageContaining("max.datagram.byte ");
        Path twice = dir.resolve("twice.properties");
        Files.writeString(twice, "max.datagram.bytes = 8000\nmax.datagram.bytes = 4000\n");
        assertThatThrownBy(() -> parsing.parse("--config", twice.toString()).settings())
                .hasMessageContaining("max.datagram.bytes is set twice (lines 1 and 2)");
        assertThatThrownBy(() -> parsing.parse("--set", "max.datagram.bytes=lots").settings())
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("max.datagram.bytes").hasMessageContaining("lots");
    }
}
