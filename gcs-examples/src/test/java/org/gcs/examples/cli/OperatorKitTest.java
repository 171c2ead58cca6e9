package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Meter;
import io.micrometer.prometheusmetrics.PrometheusNamingConvention;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gcs.metrics.GcsMeters;
import org.gcs.tools.json.JsonReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The operator's kit in {@code docs/ops} matches what a node serves: every metric name in the Grafana dashboard's
 * panel queries and in the Prometheus alert rules' expressions is in the scrape of two running {@code gcs node}s
 * with traffic (the Prometheus registry of {@code --metrics-port}), the scrape carries the JVM's and the process's
 * series, and the dashboard has Grafana's import structure.
 */
class OperatorKitTest {
    private static final Path OPS = Path.of("..", "docs", "ops");
    private static final Pattern METRICS_LINE = Pattern.compile("(?m)^metrics: (http://127\\.0\\.0\\.1:\\d+/metrics)$");
    /** A metric name in a PromQL expression: GCS's, the JVM's and the process's. */
    private static final Pattern METRIC_NAME = Pattern.compile("\\b((?:gcs|jvm|process)_[a-z0-9_]+)\\b");
    private static final Pattern SAMPLE_NAME = Pattern.compile("(?m)^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]");
    private static final Pattern RULE_EXPR = Pattern.compile("(?m)^\\s+expr: (\\|\\n((?:\\s{10,}.*\\n)+)|(.*))$");
    /**
     * Names the kit may use that two loopback nodes of this test do not produce cheaply (e.g. the hop-by-hop
     * {@code gcs_hop_*} of a {@code wan.transport=hop} tree of three sites): they are checked against the names
     * {@link GcsMeters} declares, rendered by Micrometer's Prometheus naming convention, instead of the scrape.
     * Empty today: every name the kit uses is in the scrape.
     */
    private static final Set<String> NOT_PRODUCED_HERE = Set.of();

    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();
    private final ExecutorService pool = Executors.newFixedThreadPool(2);
    private final List<NodeCommand> running = new ArrayList<>();

    @AfterEach
    void stopAll() throws InterruptedException {
        running.forEach(NodeCommand::stop);
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void shouldGiveTheDashboardGrafanasImportStructure() throws Exception {
        Map<?, ?> dashboard = dashboard();
        assertThat(dashboard.get("title")).asString().isNotBlank();
        assertThat(dashboard.get("uid")).asString().isNotBlank();
        assertThat(dashboard.get("schemaVersion")).isInstanceOf(Number.class);
        List<?> variables = (List<?>) ((Map<?, ?>) dashboard.get("templating")).get("list");
        assertThat(variables).map(v -> (Map<?, ?>) v)
                .anyMatch(v -> "datasource".equals(v.get("type")) && "prometheus".equals(v.get("query")));
        List<String> exprs = dashboardExprs(dashboard);
        assertThat(exprs).as("panels with targets[].expr").hasSizeGreaterThan(10).allMatch(e -> !e.isBlank());
        assertThat(rulesExprs()).hasSizeGreaterThan(10);
    }

    @Test
    @Timeout(150)
    void shouldExportEveryMetricTheDashboardAndTheAlertRulesUse() throws Exception {
        Set<String> used = new TreeSet<>();
        dashboardExprs(dashboard()).forEach(e -> used.addAll(metricNames(e)));
        rulesExprs().forEach(e -> used.addAll(metricNames(e)));
        assertThat(used).contains("gcs_delegate", "gcs_cc_rtt_seconds", "jvm_memory_used_bytes");

        int alphaPort = TestSites.freeUdpPort();
        int betaPort = TestSites.freeUdpPort();
        StringWriter alphaOut = start(TestSites.config(dir, "opskit", "alpha", alphaPort, betaPort, "chat"),
                "--metrics-port", "0", "--send-rate", "50", "--size", "500", "--send-when-sites", "2");
        start(TestSites.config(dir, "opskit", "beta", betaPort, alphaPort, "chat"), "--send-rate", "50",
                "--size", "500", "--send-when-sites", "2");
        await().atMost(Duration.ofSeconds(20)).until(() -> METRICS_LINE.matcher(alphaOut.toString()).find());
        Matcher line = METRICS_LINE.matcher(alphaOut.toString());
        assertThat(line.find()).isTrue();
        HttpRequest scrape = HttpRequest.newBuilder(URI.create(line.group(1))).GET().build();
        HttpClient http = HttpClient.newHttpClient();
        System.gc(); // the GC pause timer appears with the first collection

        Set<String> declared = declaredNames();
        await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> {
            String body = http.send(scrape, HttpResponse.BodyHandlers.ofString()).body();
            Set<String> exported = new TreeSet<>();
            Matcher sample = SAMPLE_NAME.matcher(body);
            while (sample.find()) {
                exported.add(sample.group(1));
            }
            assertThat(exported).as("JVM and process series").anyMatch(n -> n.startsWith("jvm_"))
                    .anyMatch(n -> n.startsWith("process_"));
            List<String> missing = used.stream().filter(n -> !exported.contains(n))
                    .filter(n -> !(NOT_PRODUCED_HERE.contains(n) && declared.contains(n))).toList();
            assertThat(missing).as("names the kit uses that the node does not export").isEmpty();
        });
        assertThat(err.toString()).isEmpty();
    }

    /** @return the names {@link GcsMeters} declares, as Prometheus renders a gauge, a counter and a timer of each */
    private static Set<String> declaredNames() {
        PrometheusNamingConvention convention = new PrometheusNamingConvention();
        Set<String> names = new TreeSet<>();
        for (GcsMeters meter : GcsMeters.values()) {
            String unit = meter.baseUnit().isEmpty() ? null : meter.baseUnit();
            names.add(convention.name(meter.meterName(), Meter.Type.GAUGE, unit));
            names.add(convention.name(meter.meterName(), Meter.Type.COUNTER, unit) + "_total");
            String timer = convention.name(meter.meterName(), Meter.Type.TIMER, unit);
            names.addAll(List.of(timer + "_bucket", timer + "_count", timer + "_sum"));
        }
        return names;
    }

    private static Set<String> metricNames(String expr) {
        Set<String> names = new TreeSet<>();
        Matcher m = METRIC_NAME.matcher(expr);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static Map<?, ?> dashboard() throws Exception {
        return (Map<?, ?>) JsonReader.parse(Files.readString(OPS.resolve("grafana-dashboard.json")));
    }

    private static List<String> dashboardExprs(Map<?, ?> dashboard) {
        List<String> exprs = new ArrayList<>();
        for (Object panel : (List<?>) dashboard.get("panels")) {
            Object targets = ((Map<?, ?>) panel).get("targets");
            if (targets != null) {
                for (Object target : (List<?>) targets) {
                    exprs.add((String) ((Map<?, ?>) target).get("expr"));
                }
            }
        }
        return exprs;
    }

    /** @return the alert rules' {@code expr}s, one line or a {@code |} block each */
    private static List<String> rulesExprs() throws Exception {
        List<String> exprs = new ArrayList<>();
        Matcher m = RULE_EXPR.matcher(Files.readString(OPS.resolve("gcs-alerts.yml")));
        while (m.find()) {
            exprs.add(m.group(2) != null ? m.group(2) : m.group(3));
        }
        return exprs;
    }

    private StringWriter start(Path config, String... args) {
        NodeCommand command = new NodeCommand();
        command.stdin = new ByteArrayInputStream(new byte[0]);
        StringWriter output = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--config", config.toString(), "--status-every", "1s"));
        all.addAll(List.of(args));
        Future<Integer> unused = pool.submit(() -> new CommandLine(command)
                .setOut(new PrintWriter(output, true)).setErr(new PrintWriter(err, true))
                .execute(all.toArray(String[]::new)));
        running.add(command);
        return output;
    }
}
