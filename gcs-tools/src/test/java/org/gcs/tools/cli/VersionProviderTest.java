package org.gcs.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code gcs -V}: the version and the commit the build recorded. */
class VersionProviderTest {
    /** A command with the version provider, as {@code gcs} has it. */
    @Command(name = "gcs", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class)
    static final class Versioned implements Runnable {
        @Override
        public void run() {
        }
    }

    @Test
    void shouldShowTheVersionAndTheCommitTheBuildRecorded() {
        StringWriter out = new StringWriter();
        int code = new CommandLine(new Versioned()).setOut(new PrintWriter(out)).execute("-V");

        assertThat(code).isZero();
        assertThat(out.toString().lines().toList().get(0))
                .matches("gcs \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\((commit [0-9a-z.-]+|unknown commit)\\)");
        assertThat(out.toString()).contains("Java " + System.getProperty("java.version"));
        assertThat(VersionProvider.class.getResource(VersionProvider.BUILD_PROPERTIES))
                .as("the build writes %s", VersionProvider.BUILD_PROPERTIES).isNotNull();
    }

    @Test
    void shouldSayUnknownCommitWhenTheBuildRecordedNone() {
        assertThat(VersionProvider.lines("0.1.0", "abc1234567-dirty")[0]).isEqualTo("gcs 0.1.0 (commit abc1234567-dirty)");
        assertThat(VersionProvider.lines("0.1.0", VersionProvider.UNKNOWN_COMMIT)[0])
                .isEqualTo("gcs 0.1.0 (unknown commit)");
        assertThat(VersionProvider.lines("0.1.0", "")[0]).isEqualTo("gcs 0.1.0 (unknown commit)");
    }
}
