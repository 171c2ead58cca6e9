package org.gcs.examples.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gcs.examples.web.Chromium;
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

    @Test
    @Timeout(240)
    void shouldShowEverySiteAndEveryTreeEdgeInHeadlessChromium() throws Exception {
        Path chromium = Chromium.binaryOrSkip();
        try (RunningDemo demo = new RunningDemo("--members-per-site", "1", "--duration", "20s", "--rate", "20",
                "--report-every", "10s")) {
            AtomicReference<String> lastDom = new AtomicReference<>("");
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
                    .untilAsserted(() -> {
                        String dom = Chromium.dumpDom(chromium, demo.url(), Duration.ofSeconds(8));
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
}
