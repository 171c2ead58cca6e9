package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.gcs.tools.cli.CommandLines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The usage help of every command fits 80 columns and wraps at spaces, never inside a key or a file name. */
class HelpLayoutTest {
    private static String help(String... args) {
        StringWriter out = new StringWriter();
        int code = GcsCommand.commandLine().setOut(new PrintWriter(out)).execute(args);
        assertThat(code).isZero();
        return out.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"demo", "node", "bench", "lab", "whiteboard"})
    void shouldFitEightyColumnsExceptForASingleUnbreakableWordAndRenderEveryVariable(String command) {
        String help = help(command, "--help");
        assertThat(help).doesNotContain("${", "%n");
        for (String line : help.lines().toList()) {
            if (line.length() > CommandLines.HELP_WIDTH_COLUMNS) {
                assertThat(line.strip()).as("a line of 'gcs %s --help' longer than 80 columns", command)
                        .doesNotContain(" ");
            }
        }
    }

    @Test
    void shouldKeepKeysAndFileNamesWhole() {
        String lab = help("lab", "--help");

        assertThat(lab).contains("summary.json", "cc.ormcc.beta=0.75", "congestion.control=NAME",
                "wan.transport=NAME", "within 10 %").doesNotContain("%%");
        assertThat(help("node", "--help")).contains("docs/configuration.md", "member.stall.timeout");
    }
}
