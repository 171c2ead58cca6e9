package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
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
            if (line.length() > HelpLayout.WIDTH_COLUMNS) {
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

    @Test
    void shouldWrapAPreformattedLineUnderItsSecondColumn() {
        String text = HelpLayout.paragraphs(new String[] {
            "  name   a description that goes on and on and on and on and on and on and on and on and on",
            "  short  fits"});

        assertThat(text.lines().toList()).containsExactly(
                "  name   a description that goes on and on and on and on and on and on and on",
                "         and on and on",
                "  short  fits");
    }

    @Test
    void shouldWrapAParagraphAtSpacesOnly() {
        String text = HelpLayout.paragraphs(new String[] {"word ".repeat(15) + "a.key.with.dots=VALUE and more"});

        assertThat(text.lines().toList()).containsExactly("word ".repeat(15).strip(),
                "a.key.with.dots=VALUE and more");
    }
}
