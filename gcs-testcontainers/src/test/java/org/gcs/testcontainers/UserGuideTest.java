package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/testing.md's user test is {@link UserGuideIT}'s marked region, so the two cannot drift apart. */
class UserGuideTest {
    private static final Path DOC = Path.of("..", "docs", "testing.md");
    private static final Path TEST = Path.of("src", "test", "java", "org", "gcs", "testcontainers",
            "UserGuideIT.java");
    static final String SECTION = "### A test of your own, end to end";

    @Test
    void docShowsExactlyTheTestThatRuns() throws Exception {
        List<String> region = between(Files.readAllLines(TEST, StandardCharsets.UTF_8), "// USER-GUIDE:begin",
                "// USER-GUIDE:end");
        List<String> doc = Files.readAllLines(DOC, StandardCharsets.UTF_8);
        int section = doc.indexOf(SECTION);
        assertThat(section).as("a line '%s' in %s", SECTION, DOC).isNotNegative();
        List<String> block = between(doc.subList(section, doc.size()), "```java", "```");

        assertThat(region).hasSizeGreaterThan(40);
        assertThat(block).as("the first ```java block under '%s' in %s must be the lines between USER-GUIDE:begin"
                + " and USER-GUIDE:end of %s", SECTION, DOC, TEST).isEqualTo(region);
    }

    private static List<String> between(List<String> lines, String begin, String end) {
        int from = lines.indexOf(begin);
        assertThat(from).as("a line '%s'", begin).isNotNegative();
        int to = lines.subList(from + 1, lines.size()).indexOf(end) + from + 1;
        assertThat(to).as("a line '%s' after '%s'", end, begin).isGreaterThan(from);
        return new ArrayList<>(lines.subList(from + 1, to));
    }
}
