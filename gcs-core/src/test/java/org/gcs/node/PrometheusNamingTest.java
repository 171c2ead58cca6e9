package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gcs.GcsNode;
import org.gcs.metrics.GcsMetrics;
import org.junit.jupiter.api.Test;

/**
 * The Prometheus scrape of two running sites follows the naming rule of {@link org.gcs.metrics.GcsMeters}: no name
 * repeats a word (no unit doubled), rates end in {@code _bytes_per_second}, the flow series of a delegate with a
 * remote receiving site exist, delivery latency is a histogram, and no value is NaN or above 1e300 (an
 * unlimited rate is absent, with {@code gcs_cc_rate_unlimited} 1).
 */
class PrometheusNamingTest {
    private static final Duration GENEROUS = Duration.ofSeconds(20);
    /** A sample line: name, optional labels, value. */
    /** The labels that once put numbers of different units behind one name (gcs.cc.feedback, state, monitor). */
    private static final Pattern UNIT_VARYING_LABEL = Pattern.compile("[{,](field|name|measure)=\"");
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})? (\\S+).*$");

    @Test
    void shouldScrapeConventionalNamesAndNoHugeValuesFromTwoRunningSites() throws Exception {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1", c -> c.meterRegistry(prometheus));
            GcsNode b = cluster.start("b", "b1");
            GcsMetrics.binder(b).bindTo(prometheus);

            a.join("g");
            await().atMost(GENEROUS).until(() -> a.view("g").isPresent());
            a.send("g", new byte[100]);
            await().atMost(GENEROUS).untilAsserted(() ->
                    assertThat(prometheus.scrape())
                            .containsPattern("gcs_cc_rate_unlimited\\{[^}]*group=\"g\"[^}]*} 1\\.0")
                            .doesNotContainPattern("gcs_cc_rate_allowed_bytes_per_second\\{[^}]*group=\"g\""));
            assertSane(prometheus.scrape());

            b.join("g");
            await().atMost(GENEROUS).until(() -> a.view("g").map(v -> v.size() == 2).orElse(false));
            for (int i = 0; i < 100; i++) {
                a.send("g", new byte[1000]);
            }
            // a sender's grant exists while it sends (a grant goes when the sender stops asking), so look now
            await().atMost(GENEROUS).untilAsserted(() -> assertThat(prometheus.scrape())
                    .containsPattern("gcs_cc_sender_grant_bytes_per_second\\{[^}]*sender=\"a1\""));
            await().atMost(GENEROUS).untilAsserted(() -> {
                String scrape = prometheus.scrape();
                assertThat(scrape)
                        .containsPattern("gcs_cc_rtt_seconds\\{[^}]*peer=\"b\"")
                        .containsPattern("gcs_cc_limiting\\{[^}]*peer=\"b\"")
                        .containsPattern("gcs_cc_rate_allowed_bytes_per_second\\{[^}]*member=\"a1\"")
                        .containsPattern("gcs_cc_feedback_receive_rate_bytes_per_second\\{[^}]*peer=\"b\"")
                        .containsPattern("gcs_cc_monitor_rtt_seconds\\{[^}]*member=\"b1\"")
                        // a Prometheus histogram (its quantiles come from histogram_quantile) from 100 µs to 30 s
                        .containsPattern("gcs_delivery_latency_seconds_bucket\\{[^}]*member=\"b1\"[^}]*le=\"1.0E-4\"")
                        .containsPattern("gcs_delivery_latency_seconds_bucket\\{[^}]*member=\"b1\"[^}]*le=\"30.0\"")
                        .containsPattern("gcs_delivery_latency_seconds_count\\{[^}]*member=\"b1\"[^}]*} 100")
                        .containsPattern("gcs_messages_sent_total\\{[^}]*member=\"a1\"[^}]*} 101")
                        .contains("gcs_wan_sent_bytes_total{", "gcs_payload_delivered_bytes_total{",
                                "gcs_send_unstable_bytes{", "gcs_send_window_bytes{",
                                "gcs_retransmit_buffer_packets{", "gcs_view_members{", "gcs_view_sites{",
                                "gcs_delegate{")
                        .doesNotContain("_messages_total", "_datagrams_total", "gcs_cc_rate_allowed_bytes{");
                assertSane(scrape);
            });
        }
    }

    /**
     * No sample name repeats a word; no value is NaN, infinite or above 1e300; no series has a label that selects
     * between numbers of different units ({@code field}, {@code name}, {@code measure}).
     */
    private static void assertSane(String scrape) {
        List<String> problems = new ArrayList<>();
        for (String line : scrape.split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            assertThat(m.matches()).as("a sample line: %s", line).isTrue();
            String name = m.group(1);
            if (!name.startsWith("gcs_")) {
                continue;
            }
            Set<String> words = new HashSet<>();
            for (String word : name.split("_")) {
                if (!words.add(word)) {
                    problems.add("repeats '" + word + "': " + name);
                }
            }
            String labels = m.group(2) == null ? "" : m.group(2);
            if (UNIT_VARYING_LABEL.matcher(labels).find()) {
                problems.add("a label that selects numbers of different units: " + line);
            }
            String value = m.group(3);
            if (value.equals("NaN")) {
                problems.add("NaN: " + line);
            } else {
                double v = Double.parseDouble(value.replace("+Inf", "Infinity").replace("-Inf", "-Infinity"));
                if (Double.isInfinite(v) || Math.abs(v) > 1e300) {
                    problems.add("huge value: " + line);
                }
            }
        }
        assertThat(problems).isEmpty();
    }
}
