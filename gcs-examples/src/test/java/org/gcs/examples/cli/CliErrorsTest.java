package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.gcs.GcsConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import org.gcs.tools.cli.CommandLines;

/** Usage errors and bad configurations: one line (and a hint), exit code 2, no usage help, no stack trace. */
class CliErrorsTest {
    private static final String KEY = "a long secret that every node shares";

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int gcs(String... args) {
        return GcsCommand.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
    }

    private List<String> errLines() {
        return err.toString().lines().toList();
    }

    @Test
    void shouldPrintOneLineAndAHintForAnUnknownOption() {
        int code = gcs("lab", "membership", "--out", dir.toString(), "--bogus");

        assertThat(code).isEqualTo(2);
        assertThat(errLines()).containsExactly("gcs lab: Unknown option: '--bogus'",
                "Try 'gcs lab --help' for the options.");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void shouldPrintOneLineAndAHintForAMissingOptionAndABadValue() {
        assertThat(gcs("node")).isEqualTo(2);
        assertThat(gcs("demo", "--duration", "soon")).isEqualTo(2);

        assertThat(errLines()).hasSize(4);
        assertThat(errLines().get(0)).isEqualTo("gcs node: Missing required option: '--config=FILE'");
        assertThat(errLines().get(1)).isEqualTo("Try 'gcs node --help' for the options.");
        assertThat(errLines().get(2)).startsWith("gcs demo: Invalid value for option '--duration'");
        assertThat(errLines().get(3)).isEqualTo("Try 'gcs demo --help' for the options.");
    }

    @Test
    void shouldSuggestTheCommandMeantForATypo() {
        int code = gcs("demoo");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("gcs: Unmatched argument at index 0: 'demoo'", "Did you mean: gcs demo",
                "Try 'gcs --help' for the options.").doesNotContain("Usage:");
    }

    @Test
    void shouldExitWithTwoNamingTheLineOfAMalformedEscapeInANodeFile() throws Exception {
        Path file = dir.resolve("node.properties");
        Files.writeString(file, "site = boston\n# the key:\ncluster.key = abc\\u00zz-0123456789abcdef\n");

        int code = gcs("node", "--config", file.toString());

        assertThat(code).isEqualTo(2);
        assertThat(errLines()).hasSize(1);
        assertThat(errLines().get(0)).startsWith("gcs node: " + file + ", line 3: malformed \\uXXXX escape")
                .doesNotContain("0123456789abcdef");
    }

    @Test
    void shouldExitWithTwoNamingTheLineOfAMalformedEscapeInADemoFile() throws Exception {
        Path file = dir.resolve("demo.properties");
        Files.writeString(file, "tick.interval = 10ms\ncc.ormcc.beta = 0.\\u7\n");

        int code = gcs("demo", "--config", file.toString());

        assertThat(code).isEqualTo(2);
        assertThat(errLines()).hasSize(2);
        assertThat(errLines().get(0)).contains(file + ", line 2: malformed \\uXXXX escape");
        assertThat(errLines().get(1)).isEqualTo("Try 'gcs demo --help' for the options.");
    }

    @Test
    void shouldReportABadConfigurationACommandDidNotCatchInOneLineWithExitCodeTwo() {
        CommandLine command = CommandLines.of(new FailingCommand()).setOut(new PrintWriter(out))
                .setErr(new PrintWriter(err));

        int code = command.execute();

        assertThat(code).isEqualTo(2);
        assertThat(errLines()).containsExactly("failing: site is required");
    }

    @Test
    void shouldNameTheKeyAndWriteTheDurationAsAFileDoesForABadSiteTimeout() throws Exception {
        Path file = dir.resolve("node.properties");
        Files.writeString(file, "site = boston\ncluster.key = " + KEY + "\nsite.timeout = 1500ms\n");

        assertThat(gcs("node", "--config", file.toString())).isEqualTo(2);
        assertThat(gcs("demo", "--set", "site.timeout=10ms")).isEqualTo(2);

        assertThat(errLines().get(0)).isEqualTo("gcs node: " + file + ": site.timeout (1500ms) must be at least twice"
                + " heartbeat.interval (1s), or a single lost heartbeat would drop a site: raise site.timeout to 2s or"
                + " more, or shorten heartbeat.interval");
        assertThat(errLines().get(1)).isEqualTo("gcs demo: --set: site.timeout must be between 50ms and 10m, got 10ms:"
                + " give a duration in that range, or leave it out for the default 5s");
        assertThat(err.toString()).doesNotContain("siteTimeout", "PT");
    }

    @Test
    void shouldWriteADurationOfAnOptionAsTheUserDoes() {
        assertThat(gcs("demo", "--report-every", "50ms")).isEqualTo(2);

        assertThat(errLines().get(0)).isEqualTo("gcs demo: --report-every must be at least 100ms, got 50ms");
    }

    @Test
    void shouldSayWhatToWriteInTheFileForAMissingSite() throws Exception {
        Path file = dir.resolve("node.properties");
        Files.writeString(file, "cluster.key = " + KEY + "\n");

        int code = gcs("node", "--config", file.toString());

        assertThat(code).isEqualTo(2);
        assertThat(errLines()).containsExactly("gcs node: " + file + ": site is required: name the LAN cluster this"
                + " node belongs to, e.g. site = boston");
    }

    @Test
    void shouldNameTheKeyOrTheOptionOfAPortInUse() throws Exception {
        try (DatagramSocket taken = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            Path file = dir.resolve("node.properties");
            Files.writeString(file, "site = boston\ncluster.key = " + KEY + "\nwan.bind = 127.0.0.1:" + port
                    + "\nlan.bind.address = 127.0.0.1\n");

            assertThat(gcs("node", "--config", file.toString(), "--duration", "1s")).isEqualTo(1);
            assertThat(gcs("whiteboard", "--site", "boston", "--key", KEY, "--wan-port", Integer.toString(port)))
                    .isEqualTo(1);
        }
        List<String> failures = errLines().stream().filter(line -> line.contains("cannot start")).toList();
        assertThat(failures).hasSize(2);
        assertThat(failures.get(0)).startsWith("gcs node: cannot start: cannot bind the WAN socket")
                .endsWith("(pick a free port with wan.bind, or 0 for any free port)");
        assertThat(failures.get(1)).startsWith("gcs whiteboard: cannot start: cannot bind the WAN socket")
                .endsWith("(pick a free port with --wan-port, or 0 for any free port)");
        assertThat(err.toString()).doesNotContain("wanBind");
    }

    /** A command that fails with a bad configuration. */
    @Command(name = "failing")
    static final class FailingCommand implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new GcsConfigException("site is required");
        }
    }
}
