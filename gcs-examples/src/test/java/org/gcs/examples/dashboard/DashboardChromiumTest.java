package org.gcs.examples.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Loads the dashboard of a running {@code gcs demo} (three sites of ron3, over loopback) in Debian's headless
 * Chromium and checks that the rendered page shows every site and every edge of the multicast tree. Skipped when
 * {@code /usr/bin/chromium} (or {@code -Dgcs.chromium=PATH}) is missing, unless {@code -Dgcs.requireChromium=true},
 * which makes a missing browser a failure (CI).
 */
class DashboardChromiumTest {
    private static final Set<String> SITES = Set.of("boston", "ottawa", "chicago");
    private static final Pattern SITE = Pattern.compile("data-site=\"([^\"]+)\"");
    private static final Pattern EDGE = Pattern.compile("data-edge=\"([^\"]+)\"");
    private static final Pattern ROOT = Pattern.compile("data-root=\"([^\"]+)\"");
    private static final Duration CHROMIUM_TIMEOUT = Duration.ofSeconds(60);

    @Test
    @Timeout(240)
    void shouldShowEverySiteAndEveryTreeEdgeInHeadlessChromium() throws Exception {
        Path chromium = chromium();
        try (RunningDemo demo = new RunningDemo("--members-per-site", "1", "--duration", "20s", "--rate", "20",
                "--report-every", "10s")) {
            AtomicReference<String> lastDom = new AtomicReference<>("");
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
                    .untilAsserted(() -> {
                        String dom = dumpDom(chromium, demo.url());
                        lastDom.set(dom);
                        Set<String> treeEdges = treeEdges(demo.state());
                        assertThat(matches(SITE, dom)).as("sites in the page").containsAll(SITES);
                        assertThat(matches(ROOT, dom)).as("tree roots in the page").hasSize(1);
                        assertThat(treeEdges).as("edges of the tree in /api/state").hasSize(SITES.size() - 1);
                        assertThat(matches(EDGE, dom)).as("edges drawn in the page").isEqualTo(treeEdges);
                    });
            assertThat(lastDom.get()).contains("data-tree-site=\"boston\"", "data-flow=\"demo:",
                    "data-member=\"chicago/chicago-1\"");
        }
    }

    /** @return the browser, or skips (fails with {@code -Dgcs.requireChromium=true}) when it is missing */
    private static Path chromium() {
        Path chromium = Path.of(System.getProperty("gcs.chromium", "/usr/bin/chromium"));
        if (!Files.isExecutable(chromium)) {
            String message = chromium + " is missing: apt-get install chromium (Debian) to run this test";
            if (Boolean.getBoolean("gcs.requireChromium")) {
                fail(message + " (gcs.requireChromium=true)");
            }
            Assumptions.assumeTrue(false, message);
        }
        return chromium;
    }

    /** Runs headless Chromium once against the page and returns the DOM after its scripts ran. */
    private static String dumpDom(Path chromium, String url) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("gcs-chromium-");
        try {
            Path dom = profile.resolve("dom.html");
            Process process = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-quic", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile.resolve("profile"),
                    "--virtual-time-budget=8000", "--dump-dom", url)
                    .redirectOutput(dom.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            process.getOutputStream().close();
            if (!process.waitFor(CHROMIUM_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("chromium did not end within " + CHROMIUM_TIMEOUT);
            }
            return Files.readString(dom, StandardCharsets.UTF_8);
        } finally {
            deleteTree(profile);
        }
    }

    private static Set<String> treeEdges(Map<String, Object> state) {
        Set<String> edges = new TreeSet<>();
        for (Object g : TestJson.list(state.get("groups"))) {
            Object tree = TestJson.object(g).get("tree");
            if (tree != null) {
                for (Object e : TestJson.list(TestJson.object(tree).get("edges"))) {
                    Map<String, Object> edge = TestJson.object(e);
                    edges.add(edge.get("parent") + ">" + edge.get("child"));
                }
            }
        }
        return edges;
    }

    /** @return the attribute values the pattern finds, HTML entities of '>' and '&' decoded */
    private static Set<String> matches(Pattern attribute, String dom) {
        Set<String> values = new TreeSet<>();
        Matcher m = attribute.matcher(dom);
        while (m.find()) {
            values.add(m.group(1).replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&"));
        }
        return values;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a file Chromium still writes: the temporary directory stays
        }
    }

}
