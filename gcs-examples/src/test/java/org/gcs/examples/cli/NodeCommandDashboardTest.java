package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code gcs node --dashboard-port 0}: the node's own dashboard, on loopback, gone when the node stops. */
class NodeCommandDashboardTest {
    private static final Pattern DASHBOARD_LINE = Pattern.compile("dashboard: (http://127\\.0\\.0\\.1:[0-9]+/)");

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    @Timeout(90)
    void shouldServeTheNodesDashboardWhileItRuns() throws Exception {
        NodeCommand node = new NodeCommand();
        node.stdin = new ByteArrayInputStream(new byte[0]);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> code = pool.submit(() -> new CommandLine(node).setOut(new PrintWriter(out, true))
                    .setErr(new PrintWriter(err, true)).execute("--config", soloConfig().toString(),
                            "--dashboard-port", "0", "--send-rate", "20", "--size", "64"));
            await().atMost(Duration.ofSeconds(60)).until(() -> DASHBOARD_LINE.matcher(out.toString()).find()
                    || code.isDone());
            Matcher line = DASHBOARD_LINE.matcher(out.toString());
            assertThat(line.find()).as("stdout: %s%nstderr: %s", out, err).isTrue();
            String url = line.group(1);

            assertThat(get(url).body()).contains("<title>GCS dashboard</title>");
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(get(url + "api/state").body())
                    .contains("\"title\":\"gcs node solo/solo-1\"",
                            "{\"name\":\"solo\",\"delegate\":\"solo/solo-1\",\"members\":[\"solo/solo-1\"]}",
                            "{\"name\":\"chat\",\"members\":1,", "{\"name\":\"other\",\"members\":1,",
                            "\"members\":{\"solo/solo-1\":{\"sentMsgPerSec\":[")
                    .containsPattern("\"member\":\"solo/solo-1\",\"site\":\"solo\",\"name\":\"solo-1\","
                            + "\"delegate\":true,\"sentMessages\":[1-9][0-9]*,\"sentBytes\":[1-9][0-9]*,"
                            + "\"deliveredMessages\":[1-9][0-9]*,"));

            node.stop();
            assertThat(code.get(30, TimeUnit.SECONDS)).as("stderr: %s", err).isZero();
            assertThatThrownBy(() -> get(url)).isInstanceOf(IOException.class);
        } finally {
            node.stop();
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    @Timeout(120)
    void shouldShowTheOtherSiteAndTheRateItsMessagesAreDeliveredHere() throws Exception {
        int alphaPort = freeUdpPort();
        int betaPort = freeUdpPort();
        NodeCommand alpha = new NodeCommand();
        NodeCommand beta = new NodeCommand();
        alpha.stdin = new ByteArrayInputStream(new byte[0]);
        beta.stdin = new ByteArrayInputStream(new byte[0]);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Path alphaFile = siteConfig("alpha", alphaPort, betaPort);
            Path betaFile = siteConfig("beta", betaPort, alphaPort);
            Future<Integer> alphaCode = pool.submit(() -> new CommandLine(alpha).setOut(new PrintWriter(out, true))
                    .setErr(new PrintWriter(err, true)).execute("--config", alphaFile.toString(),
                            "--dashboard-port", "0"));
            Future<Integer> betaCode = pool.submit(() -> new CommandLine(beta)
                    .setOut(new PrintWriter(new StringWriter())).setErr(new PrintWriter(err, true))
                    .execute("--config", betaFile.toString(), "--send-rate", "20", "--size", "64"));
            await().atMost(Duration.ofSeconds(60)).until(() -> DASHBOARD_LINE.matcher(out.toString()).find()
                    || alphaCode.isDone());
            Matcher line = DASHBOARD_LINE.matcher(out.toString());
            assertThat(line.find()).as("stdout: %s%nstderr: %s", out, err).isTrue();
            String state = line.group(1) + "api/state";

            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(get(state).body())
                    .contains("{\"name\":\"alpha\",\"delegate\":\"alpha/alpha-1\",\"members\":[\"alpha/alpha-1\"]}",
                            "{\"name\":\"beta\",\"delegate\":null,\"members\":[\"beta/beta-1\"]}",
                            "\"deliveredHereRates\":{\"periodMs\":1000,",
                            "\"members\":{\"beta/beta-1\":{\"deliveredHereMsgPerSec\":[")
                    .containsPattern("\"deliveredHere\":\\[\\{\"member\":\"beta/beta-1\","
                            + "\"deliveredHereMessages\":[1-9][0-9]*,\"deliveredHereBytes\":[1-9][0-9]*}]"));

            alpha.stop();
            beta.stop();
            assertThat(alphaCode.get(30, TimeUnit.SECONDS)).as("stderr: %s", err).isZero();
            assertThat(betaCode.get(30, TimeUnit.SECONDS)).as("stderr: %s", err).isZero();
        } finally {
            alpha.stop();
            beta.stop();
            pool.shutdown();
            assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    private HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private Path soloConfig() throws Exception {
        return siteConfig("solo", freeUdpPort(), 0);
    }

    private Path siteConfig(String site, int wanPort, int seedPort) throws Exception {
        return TestSites.config(dir, "node-dashboard", site, wanPort, seedPort, "chat, other");
    }

    private static int freeUdpPort() throws Exception {
        return TestSites.freeUdpPort();
    }
}
