package org.gcs.examples.whiteboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.gcs.examples.cli.GcsCommand;
import org.junit.jupiter.api.Test;

class WhiteboardCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int gcs(String... args) {
        return GcsCommand.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);
    }

    @Test
    void shouldShowTheTwoTerminalExampleInItsHelp() {
        assertThat(gcs("whiteboard", "--help")).isZero();
        assertThat(out.toString()).contains(
                "./gcs whiteboard --site boston", "./gcs whiteboard --site ottawa --seed 127.0.0.1:PORT",
                "other sites: --seed 127.0.0.1:PORT", "--key-file=FILE",
                "protects nothing");
    }

    @Test
    void shouldRequireASiteOrAFile() {
        assertThat(gcs("whiteboard")).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required option: '--site=NAME' (or --config FILE)");
    }

    @Test
    void shouldRefuseContradictoryOrInvalidOptions() {
        assertThat(gcs("whiteboard", "--config", "x.properties", "--site", "boston")).isEqualTo(2);
        assertThat(gcs("whiteboard", "--site", "boston", "--key", "0123456789abcdef0123", "--key-file", "k"))
                .isEqualTo(2);
        assertThat(gcs("whiteboard", "--site", "boston", "--group", "a b")).isEqualTo(2);
        assertThat(gcs("whiteboard", "--site", "boston", "--port", "70000")).isEqualTo(2);
        assertThat(err.toString()).contains("--config replaces --site", "--key and --key-file exclude each other",
                "--group 'a b' is not valid", "--port must be 0 to 65535, got 70000");
    }

    @Test
    void shouldExitWithTwoForAWeakKeyOrAMissingFile() {
        assertThat(gcs("whiteboard", "--site", "boston", "--key", "aaaaaaaaaaaaaaaaaaaa")).isEqualTo(2);
        assertThat(gcs("whiteboard", "--config", "/nonexistent/node.properties")).isEqualTo(2);
        assertThat(err.toString()).contains("gcs whiteboard: ", "weak", "cannot read configuration file")
                .doesNotContain("\tat ");
    }
}
