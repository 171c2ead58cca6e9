package org.gcs.examples.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs {@code gcs demo --dashboard-port 0} in this JVM (three sites of ron3, one member each, over loopback) and reads
 * the dashboard: the page and its files, and {@code /api/state} with every site, a tree of sites-1 edges, the flows
 * with their congestion fields, and the members' totals and rates.
 */
class DashboardApiTest {
    private static final Set<String> SITES = Set.of("boston", "ottawa", "chicago");

    @Test
    @Timeout(180)
    void shouldServeThePageAndTheStateOfARunningDemo() throws Exception {
        try (RunningDemo demo = new RunningDemo("--members-per-site", "1", "--duration", "8s", "--rate", "20",
                "--report-every", "10s")) {
            HttpResponse<String> page = demo.get("");
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                    .startsWith("text/html"));
            assertThat(page.body()).contains("<script src=\"dashboard.js\">", "dashboard.css");
            assertThat(demo.get("dashboard.js").body()).contains("api/state");
            assertThat(demo.get("dashboard.css").statusCode()).isEqualTo(200);
            assertThat(demo.get("nothing-here").statusCode()).isEqualTo(404);

            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
                    .untilAsserted(() -> checkState(demo.state()));
        }
    }

    private static void checkState(Map<String, Object> state) {
        assertThat(state.get("title")).isEqualTo("gcs demo ron3");
        assertThat(state.get("timeMs")).isInstanceOf(Double.class);

        List<Object> sites = TestJson.list(state.get("sites"));
        Set<String> siteNames = new TreeSet<>();
        for (Object s : sites) {
            Map<String, Object> site = TestJson.object(s);
            String name = (String) site.get("name");
            siteNames.add(name);
            assertThat(TestJson.list(site.get("members"))).containsExactly(name + "/" + name + "-1");
            assertThat(site.get("delegate")).isEqualTo(name + "/" + name + "-1");
        }
        assertThat(siteNames).isEqualTo(SITES);

        Map<String, Object> group = TestJson.object(TestJson.list(state.get("groups")).get(0));
        assertThat(group.get("name")).isEqualTo("demo");
        Map<String, Object> tree = TestJson.object(group.get("tree"));
        assertThat(SITES).contains((String) tree.get("root"));
        assertThat(tree.get("version")).isInstanceOf(Double.class);
        List<Object> edges = TestJson.list(tree.get("edges"));
        assertThat(edges).hasSize(SITES.size() - 1);
        Set<String> reached = new TreeSet<>(Set.of((String) tree.get("root")));
        for (Object e : edges) {
            Map<String, Object> edge = TestJson.object(e);
            assertThat(SITES).contains((String) edge.get("parent"), (String) edge.get("child"));
            reached.add((String) edge.get("child"));
        }
        assertThat(reached).as("the tree spans every site").isEqualTo(SITES);

        List<Object> flows = TestJson.list(state.get("flows"));
        assertThat(flows).hasSize(SITES.size());
        for (Object f : flows) {
            Map<String, Object> flow = TestJson.object(f);
            assertThat(flow).containsKeys("group", "site", "controller", "allowedRateBytesPerSec", "unlimited",
                    "slowStart", "limitingSite", "congestionMeasure", "receivers");
            assertThat(flow.get("controller")).isEqualTo("tfrc");
            assertThat(flow.get("congestionMeasure")).isEqualTo("lossEventRate");
            boolean unlimited = (Boolean) flow.get("unlimited");
            assertThat(flow.get("allowedRateBytesPerSec") == null).isEqualTo(unlimited);
            List<Object> receivers = TestJson.list(flow.get("receivers"));
            assertThat(receivers).hasSize(SITES.size() - 1);
            for (Object r : receivers) {
                assertThat(TestJson.object(r)).containsKeys("site", "rttMs", "congestion", "limiting");
            }
        }

        List<Object> members = TestJson.list(state.get("members"));
        assertThat(members).hasSize(SITES.size());
        for (Object m : members) {
            Map<String, Object> member = TestJson.object(m);
            assertThat((Double) member.get("sentMessages")).isPositive();
            assertThat((Double) member.get("sentBytes")).isEqualTo((Double) member.get("sentMessages") * 1000);
            assertThat((Double) member.get("deliveredMessages")).isPositive();
        }

        assertThat(TestJson.list(state.get("deliveredHere"))).as("every member is shown").isEmpty();
        Map<String, Object> rates = TestJson.object(state.get("rates"));
        assertThat(rates.get("periodMs")).isEqualTo(1000.0);
        List<Object> times = TestJson.list(rates.get("timesMs"));
        assertThat(times).isNotEmpty().hasSizeLessThanOrEqualTo(DashboardServer.HISTORY_SAMPLES);
        Map<String, Object> perMember = TestJson.object(rates.get("members"));
        assertThat(perMember).containsOnlyKeys("boston/boston-1", "ottawa/ottawa-1", "chicago/chicago-1");
        for (Object series : perMember.values()) {
            for (String name : RateHistory.MEMBER_RATES) {
                assertThat(TestJson.list(TestJson.object(series).get(name))).hasSameSizeAs(times);
            }
        }
    }
}
