package org.gcs.examples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The README's Java example is {@link ReadmeExample}'s marked region, and it runs: two sites on loopback. */
class ReadmeExampleTest {
    private static final Path README = Path.of("..", "README.md");
    private static final Path EXAMPLE = Path.of("src", "test", "java", "org", "gcs", "examples", "readme",
            "ReadmeExample.java");

    @Test
    void readmeShowsExactlyTheExampleThatCompiles() throws Exception {
        List<String> region = between(Files.readAllLines(EXAMPLE, StandardCharsets.UTF_8), "// README:begin",
                "// README:end");
        List<String> readme = Files.readAllLines(README, StandardCharsets.UTF_8);
        List<String> section = readme.subList(readme.indexOf("## Using GCS in an application"), readme.size());
        List<String> block = between(section, "```java", "```");

        assertThat(region).hasSizeGreaterThan(30);
        assertThat(block).as("the README's ```java block under 'Using GCS in an application' must be the lines"
                + " between README:begin and README:end of %s", EXAMPLE).isEqualTo(region);
    }

    @Test
    @Timeout(150)
    void theExampleDeliversBothMessagesAcrossTwoSitesOnLoopback() throws Exception {
        List<String> received = ReadmeExample.whiteboard();

        assertThat(received).containsExactly("hello", "again");
    }

    private static List<String> between(List<String> lines, String begin, String end) {
        int from = lines.indexOf(begin);
        assertThat(from).as("a line '%s'", begin).isNotNegative();
        int to = lines.subList(from + 1, lines.size()).indexOf(end) + from + 1;
        assertThat(to).as("a line '%s' after '%s'", end, begin).isGreaterThan(from);
        return new ArrayList<>(lines.subList(from + 1, to));
    }
}
