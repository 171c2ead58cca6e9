package org.gcs.examples.whiteboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gcs.examples.web.Chromium;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Three whiteboards of three sites in this JVM, on loopback, started through the command as a user would: a stroke
 * posted to one site's page endpoint appears at the others.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WhiteboardTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ExecutorService commands = Executors.newCachedThreadPool();
    private final List<WhiteboardCommand> running = new ArrayList<>();
    private final List<Future<Integer>> exits = new ArrayList<>();
    /** Unique per run: other builds on this machine may run whiteboards of the same sites at the same time. */
    private final String run = HexFormat.of().toHexDigits((short) new SecureRandom().nextInt());
    private final String key = "whiteboard-test-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
    private Whiteboard boston;
    private Whiteboard ottawa;
    private Whiteboard chicago;

    /** What each started whiteboard printed, in start order. */
    private final List<StringWriter> printed = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeAll
    void startThreeSites() throws Exception {
        boston = start("--site", "boston-" + run, "--member", "boston-1");
        ottawa = start("--site", "ottawa-" + run, "--seed", wanAddress(boston));
        chicago = start("--site", "chicago-" + run, "--seed", wanAddress(boston), "--seed", wanAddress(ottawa));
        assertThat(printed.get(0).toString()).as("boston tells the other sites its bound WAN address")
                .contains("; other sites: --seed " + wanAddress(boston));
        await().atMost(WAIT).untilAsserted(() -> {
            for (Whiteboard whiteboard : List.of(boston, ottawa, chicago)) {
                assertThat(get(whiteboard, "/api/view")).contains("\"sites\":[\"boston-" + run + "\",\"chicago-"
                        + run + "\",\"ottawa-" + run + "\"]");
                // a board still on its way holds what is sent meanwhile in the board it receives, where a malformed
                // message is not counted: the tests start once every board is complete
                assertThat(whiteboard.boardComplete()).as(() -> "board complete at " + whiteboard.member().self()
                        + "; " + orderStates()).isTrue();
            }
        });
    }

    /** @return each whiteboard's view of the group's order and state transfers, for a failure's message */
    private String orderStates() {
        StringBuilder states = new StringBuilder();
        for (Whiteboard whiteboard : List.of(boston, ottawa, chicago)) {
            states.append(System.lineSeparator()).append(whiteboard.member().self()).append(": ")
                    .append(whiteboard.member().describe(whiteboard.group()));
        }
        return states.toString();
    }

    @AfterAll
    void stopThem() throws Exception {
        running.forEach(WhiteboardCommand::stop);
        for (Future<Integer> exit : exits) {
            assertThat(exit.get(20, TimeUnit.SECONDS)).isZero();
        }
        commands.shutdownNow();
    }

    private Whiteboard start(String... options) throws Exception {
        WhiteboardCommand command = new WhiteboardCommand();
        StringWriter out = new StringWriter();
        printed.add(out);
        CommandLine cli = new CommandLine(command).setOut(new PrintWriter(out))
                .setErr(new PrintWriter(new StringWriter()));
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(List.of("--key", key, "--group", "wb-" + run));
        exits.add(commands.submit(() -> cli.execute(args.toArray(String[]::new))));
        running.add(command);
        return command.started.get(20, TimeUnit.SECONDS);
    }

    private static String wanAddress(Whiteboard whiteboard) {
        return "127.0.0.1:" + whiteboard.node().wanAddress().getPort();
    }

    private String get(Whiteboard whiteboard, String path) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(whiteboard.url() + path.substring(1))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    private HttpResponse<String> post(Whiteboard whiteboard, String path, String body)
            throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(whiteboard.url() + path.substring(1)))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** @return the JSON of the strokes a site's board holds, as the page gets them */
    private String strokes(Whiteboard whiteboard) throws IOException, InterruptedException {
        return get(whiteboard, "/api/strokes?since=0");
    }

    @Test
    void shouldShowAStrokeDrawnInOneSiteInTheOthersWithTheSamePointsAndAuthor() throws Exception {
        String points = "[[100,100],[101,103],[640,480],[1599,999],[0,0]]";
        HttpResponse<String> posted = post(boston, "/api/strokes",
                "{\"colour\":\"#C81E1E\",\"width\":5,\"points\":" + points + "}");

        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
        String author = "boston-" + run + "/boston-1";
        assertThat(posted.body()).contains("\"author\":\"" + author + "\"");
        String expected = "\"author\":\"" + author + "\",\"colour\":\"#c81e1e\",\"width\":5,\"points\":" + points;
        await().atMost(WAIT).untilAsserted(() -> {
            assertThat(strokes(ottawa)).contains(expected);
            assertThat(strokes(chicago)).contains(expected);
            assertThat(strokes(boston)).contains(expected);
        });
    }

    @Test
    void shouldAnswerABadStrokeWith400AndAPostFromAnotherOriginWith403AndSendNothing() throws Exception {
        long sentBefore = sent(ottawa);
        String[] bad = {"{\"colour\":\"red\",\"width\":5,\"points\":[[1,1]]}",
            "{\"colour\":\"#000000\",\"width\":5,\"points\":[[1,100000]]}", "not json", ""};

        for (String body : bad) {
            HttpResponse<String> response = post(ottawa, "/api/strokes", body);
            assertThat(response.statusCode()).as(body).isEqualTo(400);
        }

        HttpResponse<String> fromAnotherSite = http.send(HttpRequest.newBuilder(URI.create(ottawa.url()
                + "api/strokes")).header("Origin", "http://evil.example")
                .POST(HttpRequest.BodyPublishers.ofString("{\"colour\":\"#000000\",\"width\":5,\"points\":[[1,1]]}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(fromAnotherSite.statusCode()).isEqualTo(403);

        assertThat(sent(ottawa)).isEqualTo(sentBefore);
        assertThat(post(ottawa, "/api/strokes", "{\"colour\":\"#00aa00\",\"width\":1,\"points\":[[7,7]]}")
                .statusCode()).isEqualTo(200);
        assertThat(sent(ottawa)).isEqualTo(sentBefore + 1);
        await().atMost(WAIT).untilAsserted(() -> assertThat(strokes(chicago)).contains("\"author\":\"ottawa-" + run));
        assertThat(strokes(chicago)).doesNotContain("100000");
    }

    @Test
    void shouldCountAndDropAMalformedMessageFromTheGroupAndGoOnDelivering() throws Exception {
        long malformedBefore = chicago.malformedMessages();

        ottawa.member().sendAsync(ottawa.group(), "not a stroke".getBytes(StandardCharsets.UTF_8));
        assertThat(post(ottawa, "/api/strokes", "{\"colour\":\"#123456\",\"width\":9,\"points\":[[9,9],[90,90]]}")
                .statusCode()).isEqualTo(200);

        await().atMost(WAIT).untilAsserted(() -> assertThat(strokes(chicago)).contains("\"colour\":\"#123456\""));
        assertThat(chicago.malformedMessages()).isEqualTo(malformedBefore + 1);
        assertThat(get(chicago, "/api/view")).contains("\"malformed\":" + (malformedBefore + 1));
    }

    @Test
    void shouldAnswerABadSinceWith400AndOtherMethodsWith405() throws Exception {
        HttpResponse<String> badSince = http.send(HttpRequest.newBuilder(URI.create(boston.url()
                + "api/strokes?since=-1")).build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> delete = http.send(HttpRequest.newBuilder(URI.create(boston.url() + "api/strokes"))
                .DELETE().build(), HttpResponse.BodyHandlers.ofString());

        assertThat(badSince.statusCode()).isEqualTo(400);
        assertThat(delete.statusCode()).isEqualTo(405);
        assertThat(get(boston, "/")).contains("<canvas id=\"board\"");
    }

    @Test
    void shouldGiveASiteThatJoinsLaterTheStrokesDrawnBeforeIt() throws Exception {
        assertThat(post(chicago, "/api/strokes", "{\"colour\":\"#0f0f0f\",\"width\":3,\"points\":[[3,4],[5,6]]}")
                .statusCode()).isEqualTo(200);
        await().atMost(WAIT).untilAsserted(() -> assertThat(strokes(boston)).contains("#0f0f0f"));

        Whiteboard denver = start("--site", "denver-" + run, "--seed", wanAddress(boston));

        String expected = "\"author\":\"chicago-" + run + "/";
        await().atMost(WAIT).untilAsserted(() -> assertThat(strokes(denver)).contains(expected,
                "\"colour\":\"#0f0f0f\",\"width\":3,\"points\":[[3,4],[5,6]]"));
        int strokesAtBoston = Integer.parseInt(get(boston, "/api/view").replaceAll(".*\"strokes\":(\\d+).*", "$1"));
        await().atMost(WAIT).untilAsserted(() -> assertThat(get(denver, "/api/view"))
                .contains("\"strokes\":" + strokesAtBoston));
        assertThat(get(boston, "/api/view")).contains("\"strokes\":" + strokesAtBoston); // no duplicates

        WhiteboardCommand denverCommand = running.remove(running.size() - 1);
        denverCommand.stop();
        assertThat(exits.remove(exits.size() - 1).get(20, TimeUnit.SECONDS)).isZero();
        await().atMost(WAIT).untilAsserted(() -> assertThat(get(boston, "/api/view")).doesNotContain("denver-"));
    }

    @Test
    void shouldShowAStrokeDrawnWithThePointerOnOneSitesPageInTheOthers(@TempDir Path profile) throws Exception {
        Path chromium = Chromium.binaryOrSkip();
        Pattern drawn = Pattern.compile("\\{\"seq\":\\d+,(\"id\":\\d+,\"author\":\"ottawa-" + run
                + "/[^\"]+\",\"colour\":\"#ff8800\",\"width\":4,\"points\":\\[[^}]+\\]\\])}");
        try (HeadlessChromium browser = HeadlessChromium.start(chromium, profile)) {
            String page = browser.open(ottawa.url());
            await().atMost(WAIT).untilAsserted(() -> assertThat(browser.evaluate(page,
                    "document.getElementById('self')?.textContent")).contains("ottawa-" + run));
            browser.evaluate(page, """
                    (() => {
                        document.getElementById('colour').value = '#ff8800';
                        const board = document.getElementById('board');
                        const box = board.getBoundingClientRect();
                        const pointer = (type, x, y) => board.dispatchEvent(new PointerEvent(type,
                            {pointerId: 1, bubbles: true, clientX: box.left + x, clientY: box.top + y}));
                        pointer('pointerdown', 40, 200);
                        for (let i = 1; i <= 50; i++) pointer('pointermove', 40 + 8 * i, 200 + 60 * Math.sin(i / 6));
                        pointer('pointerup', 440, 200);
                    })()
                    """);
            // the page posts the stroke on its own time: keep the browser open until it arrived
            await().atMost(WAIT).untilAsserted(() -> assertThat(drawn.matcher(strokes(chicago)).find()).isTrue());
        }
        Matcher atChicago = drawn.matcher(strokes(chicago));
        Matcher atOttawa = drawn.matcher(strokes(ottawa));
        assertThat(atChicago.find() && atOttawa.find()).isTrue();
        assertThat(atChicago.group(1)).isEqualTo(atOttawa.group(1)).contains("],[");
    }

    private long sent(Whiteboard whiteboard) throws IOException, InterruptedException {
        String view = get(whiteboard, "/api/view");
        return Long.parseLong(view.replaceAll(".*\"sent\":(\\d+).*", "$1"));
    }

    @Test
    void shouldRenderTheStrokeCountAndTheMembersInAHeadlessBrowser() throws Exception {
        Path chromium = Chromium.binaryOrSkip();
        assertThat(post(chicago, "/api/strokes", "{\"colour\":\"#abcdef\",\"width\":2,\"points\":[[5,5]]}")
                .statusCode()).isEqualTo(200);
        await().atMost(WAIT).untilAsserted(() -> assertThat(strokes(boston)).contains("#abcdef"));
        String count = get(boston, "/api/view").replaceAll(".*\"strokes\":(\\d+).*", "$1");

        String dom = Chromium.dumpDom(chromium, boston.url(), Duration.ofSeconds(5));

        assertThat(dom).contains("<span id=\"self\">boston-" + run + "/boston-1</span>",
                "<span id=\"member-count\">3</span>", "<span id=\"stroke-count\">" + count + "</span>",
                "<li class=\"me\">boston-" + run + "/boston-1</li>", "<li>chicago-" + run + "/");
    }
}
