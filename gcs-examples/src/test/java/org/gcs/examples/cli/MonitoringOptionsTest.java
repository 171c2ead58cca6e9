package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code gcs node --metrics-port} serves a Prometheus scrape of a running two-site node with the flow series
 * (allowed rate, RTT, limiting site) and no huge value; {@code --jmx} registers the meters and the JGroups channel as
 * MBeans and unregisters them on close.
 */
class MonitoringOptionsTest {
    private static final Pattern METRICS_LINE = Pattern.compile("(?m)^metrics: (http://127\\.0\\.0\\.1:\\d+/metrics)$");
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})? (\\S+)$");

    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();
    private final ExecutorService pool = Executors.newFixedThreadPool(2);
    private final List<Running> running = new ArrayList<>();

    @AfterEach
    void stopAll() throws InterruptedException {
        running.forEach(r -> r.command().stop());
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    @Timeout(120)
    void shouldServeTheFlowSeriesOfATwoSiteNodeOnThePrometheusEndpoint() throws Exception {
        int alphaPort = freeUdpPort();
        int betaPort = freeUdpPort();
        Running alpha = start(siteConfig("alpha", alphaPort, betaPort), "--metrics-port", "0", "--send-rate", "50",
                "--size", "500", "--send-when-sites", "2");
        start(siteConfig("beta", betaPort, alphaPort));
        await().atMost(Duration.ofSeconds(20)).until(() -> METRICS_LINE.matcher(alpha.out().toString()).find());
        Matcher line = METRICS_LINE.matcher(alpha.out().toString());
        assertThat(line.find()).isTrue();
        URI uri = URI.create(line.group(1));
        HttpClient http = HttpClient.newHttpClient();

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).contains(MetricsExposure.PROMETHEUS_CONTENT_TYPE);
            String scrape = response.body();
            assertThat(scrape)
                    .containsPattern("gcs_cc_rate_allowed_bytes_per_second\\{[^}]*group=\"chat\"[^}]*site=\"alpha\"")
                    .containsPattern("gcs_cc_rate_unlimited\\{[^}]*group=\"chat\"")
                    .containsPattern("gcs_cc_rtt_seconds\\{[^}]*peer=\"beta\"[^}]*} [1-9]\\.?\\d*E-\\d+|gcs_cc_rtt_seconds\\{[^}]*peer=\"beta\"[^}]*} 0\\.\\d*[1-9]")   // seconds: 1.17E-4 on loopback
                    .containsPattern("gcs_cc_limiting\\{[^}]*peer=\"beta\"")
                    .containsPattern("gcs_view_sites\\{[^}]*group=\"chat\"[^}]*} 2\\.0");
            assertNoHugeValue(scrape);
        });
        assertThat(alpha.stopAndWait()).isZero();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    @Timeout(120)
    void shouldRegisterTheMetersAndTheJGroupsChannelAsMBeansAndUnregisterThemOnClose() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName gcsMeters = new ObjectName(MetricsExposure.JMX_DOMAIN + ":*");
        ObjectName channels = new ObjectName(MetricsExposure.JGROUPS_DOMAIN + ":type=channel,*");
        Running solo = start(siteConfig("solo", freeUdpPort(), freeUdpPort()), "--jmx");

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(solo.out().toString()).contains("jmx: meters under domain gcs, JGroups channels under jgroups");
            assertThat(server.queryNames(gcsMeters, null)).extracting(ObjectName::toString)
                    .anyMatch(name -> name.contains("gcsMessagesSent") || name.contains("messages"));
            assertThat(server.queryNames(channels, null)).extracting(n -> n.getKeyProperty("member"))
                    .contains("\"solo-1\"");
            assertThat(server.queryNames(new ObjectName(MetricsExposure.JGROUPS_DOMAIN + ":type=protocol,*"), null))
                    .isNotEmpty();
        });

        assertThat(solo.stopAndWait()).isZero();
        assertThat(server.queryNames(channels, null)).extracting(n -> n.getKeyProperty("member"))
                .doesNotContain("\"solo-1\"");
        assertThat(server.queryNames(gcsMeters, null)).as("the meters are gone with the node").isEmpty();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    @Timeout(150)
    void shouldExposeEveryNodeOfTheDemoAndEveryChannel() throws Exception {
        StringWriter out = new StringWriter();
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName channels = new ObjectName(MetricsExposure.JGROUPS_DOMAIN + ":type=channel,*");
        Future<Integer> demo = pool.submit(() -> new CommandLine(new GcsCommand())
                .setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute("demo", "--sites", "boston,ottawa", "--members-per-site", "2", "--duration", "4s",
                        "--rate", "20", "--report-every", "1s", "--metrics-port", "0", "--jmx"));
        await().atMost(Duration.ofSeconds(20)).until(() -> METRICS_LINE.matcher(out.toString()).find());
        Matcher line = METRICS_LINE.matcher(out.toString());
        assertThat(line.find()).isTrue();
        HttpRequest scrape = HttpRequest.newBuilder(URI.create(line.group(1))).GET().build();
        HttpClient http = HttpClient.newHttpClient();

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            String body = http.send(scrape, HttpResponse.BodyHandlers.ofString()).body();
            for (String member : List.of("boston-1", "boston-2", "ottawa-1", "ottawa-2")) {
                assertThat(body).containsPattern("gcs_messages_delivered_total\\{member=\"" + member + "\"");
            }
            assertThat(body).containsPattern("gcs_cc_rtt_seconds\\{[^}]*peer=\"ottawa\"");
            assertNoHugeValue(body);
            assertThat(server.queryNames(channels, null)).extracting(n -> n.getKeyProperty("member"))
                    .contains("\"boston-1\"", "\"boston-2\"", "\"ottawa-1\"", "\"ottawa-2\"");
        });
        assertThat(demo.get(120, TimeUnit.SECONDS)).as("exit code; stdout: %s", out).isZero();
        assertThat(server.queryNames(channels, null)).extracting(n -> n.getKeyProperty("member"))
                .doesNotContain("\"boston-1\"", "\"ottawa-2\"");
    }

    @Test
    void shouldListTheOptionsInTheHelpOfNodeAndDemo() {
        for (String command : List.of("node", "demo")) {
            StringWriter out = new StringWriter();
            assertThat(new CommandLine(new GcsCommand()).setOut(new PrintWriter(out)).execute(command, "--help"))
                    .isZero();
            assertThat(out.toString()).contains("--metrics-port=PORT", "/metrics", "--jmx");
        }
    }

    private static void assertNoHugeValue(String scrape) {
        for (String sample : scrape.split("\n")) {
            Matcher m = SAMPLE.matcher(sample);
            if (sample.startsWith("#") || !m.matches() || m.group(3).equals("NaN")) {
                continue;
            }
            double value = Double.parseDouble(m.group(3).replace("+Inf", "Infinity").replace("-Inf", "-Infinity"));
            assertThat(Math.abs(value)).as(sample).isLessThanOrEqualTo(1e300);
        }
    }

    /** A {@code gcs node} running on a pool thread. */
    private record Running(NodeCommand command, StringWriter out, Future<Integer> code) {
        int stopAndWait() throws Exception {
            command.stop();
            return code.get(30, TimeUnit.SECONDS);
        }
    }

    private Running start(Path config, String... args) {
        NodeCommand command = new NodeCommand();
        command.stdin = new ByteArrayInputStream(new byte[0]);
        StringWriter output = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--config", config.toString(), "--status-every", "1s"));
        all.addAll(List.of(args));
        Running node = new Running(command, output, pool.submit(() -> new CommandLine(command)
                .setOut(new PrintWriter(output, true)).setErr(new PrintWriter(err, true))
                .execute(all.toArray(String[]::new))));
        running.add(node);
        return node;
    }

    private Path siteConfig(String site, int wanPort, int seedPort) throws Exception {
        return TestSites.config(dir, "monitoring", site, wanPort, seedPort, "chat");
    }

    private static int freeUdpPort() throws Exception {
        return TestSites.freeUdpPort();
    }
}
