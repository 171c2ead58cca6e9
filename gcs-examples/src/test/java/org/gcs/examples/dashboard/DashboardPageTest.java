package org.gcs.examples.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The page works without network access: none of its files names an absolute or protocol-relative URL (no CDN, no
 * font, no namespace URI), and every file the page loads is one the server serves.
 */
class DashboardPageTest {
    private static final List<String> FILES = List.of("index.html", "dashboard.js", "dashboard.css");
    /** {@code http://}, {@code https://}, {@code ws://} and the like, or {@code //host} in src, href, url(), fetch. */
    private static final Pattern EXTERNAL = Pattern.compile("(?i)\\b[a-z][a-z0-9+.-]*://"
            + "|(?:src|href)\\s*=\\s*[\"']?//|url\\(\\s*[\"']?//|fetch\\(\\s*[\"'`]//|@import");

    @Test
    void shouldReferenceNoExternalUrl() throws IOException {
        for (String file : FILES) {
            Matcher external = EXTERNAL.matcher(resource(file));
            assertThat(external.find()).as("%s names an external URL: %s", file,
                    external.hitEnd() ? "" : external.group()).isFalse();
        }
    }

    @Test
    void shouldLoadOnlyTheFilesTheServerServes() throws IOException {
        Matcher loads = Pattern.compile("(?:src|href)=\"([^\"]+)\"").matcher(resource("index.html"));
        int count = 0;
        while (loads.find()) {
            assertThat(loads.group(1)).isIn("dashboard.js", "dashboard.css");
            count++;
        }
        assertThat(count).isEqualTo(2);
        assertThat(resource("dashboard.js")).contains("fetch('api/state'");
    }

    private static String resource(String file) throws IOException {
        try (InputStream in = DashboardPageTest.class.getResourceAsStream("/org/gcs/examples/dashboard/" + file)) {
            assertThat(in).as(file).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
