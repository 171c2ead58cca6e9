package org.gcs.examples.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gcs.examples.cli.GcsCommand;
import picocli.CommandLine;

/**
 * {@code gcs demo --dashboard-port 0} running in this JVM on a thread of its own, for the dashboard tests: waits for
 * its {@code dashboard: URL} line, reads {@code /api/state}, and on {@link #close()} waits for the demo to end.
 */
final class RunningDemo implements AutoCloseable {
    private static final Pattern DASHBOARD_LINE = Pattern.compile("dashboard: (http://127\\.0\\.0\\.1:[0-9]+/)");

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final AtomicInteger exitCode = new AtomicInteger(-1);
    private final Thread thread;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String url;

    /**
     * Starts the demo and waits for its dashboard.
     *
     * @param demoArguments the arguments after {@code demo}, without the dashboard's
     */
    RunningDemo(String... demoArguments) {
        List<String> args = new ArrayList<>(List.of("demo", "--dashboard-port", "0"));
        args.addAll(List.of(demoArguments));
        thread = new Thread(() -> exitCode.set(new CommandLine(new GcsCommand()).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true)).execute(args.toArray(String[]::new))), "dashboard-test-demo");
        thread.setDaemon(true);
        thread.start();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> DASHBOARD_LINE.matcher(out.toString()).find() || !thread.isAlive());
        Matcher line = DASHBOARD_LINE.matcher(out.toString());
        assertThat(line.find()).as("dashboard line; stdout: %s%nstderr: %s", out, err).isTrue();
        url = line.group(1);
    }

    /** @return the page's address, {@code http://127.0.0.1:PORT/} */
    String url() {
        return url;
    }

    /**
     * @param path a path without the leading slash, e.g. {@code api/state}
     * @return the response
     */
    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** @return {@code /api/state}, parsed */
    Map<String, Object> state() throws IOException, InterruptedException {
        HttpResponse<String> response = get("api/state");
        assertThat(response.statusCode()).isEqualTo(200);
        return TestJson.object(TestJson.parse(response.body()));
    }

    /** @return what the demo printed so far */
    String output() {
        return out + "\nstderr: " + err;
    }

    /** Waits for the demo to end and checks that it passed. */
    @Override
    public void close() throws InterruptedException {
        thread.join(Duration.ofSeconds(150).toMillis());
        assertThat(exitCode.get()).as("demo exit code; %s", output()).isZero();
    }
}
