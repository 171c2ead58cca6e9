package org.gcs.examples.whiteboard;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.gcs.tools.json.JsonReader;
import org.gcs.tools.json.JsonWriter;
import org.gcs.examples.web.Chromium;

/**
 * Debian's chromium, headless, driven through the DevTools protocol on a WebSocket: opens a page and evaluates
 * JavaScript in it (to draw on the whiteboard's canvas with pointer events as a user would).
 */
final class HeadlessChromium implements AutoCloseable {
    private static final Duration ANSWER = Duration.ofSeconds(20);

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<Map<?, ?>>> answers = new ConcurrentHashMap<>();

    private HeadlessChromium(Process process, WebSocket socket) {
        this.process = process;
        this.socket = socket;
    }

    /**
     * @param chromium the browser ({@link Chromium#binaryOrSkip})
     * @param profile an empty directory for the browser's profile
     * @return a running browser
     */
    static HeadlessChromium start(Path chromium, Path profile) throws IOException, InterruptedException {
        List<String> command = Chromium.headless(chromium, profile);
        command.addAll(List.of("--remote-debugging-port=0", "--remote-allow-origins=*", "--window-size=1000,700",
                "about:blank"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("TMPDIR", profile.toString()); // its singleton socket too goes with the profile
        Process process = builder.start();
        try {
            BufferedReader stderr = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8));
            String line;
            while ((line = stderr.readLine()) != null && !line.startsWith("DevTools listening on ")) {
                // chromium's start-up noise
            }
            if (line == null) {
                throw new IOException("chromium exited without a DevTools address");
            }
            Thread drain = new Thread(() -> stderr.lines().forEach(ignored -> { }), "chromium-stderr");
            drain.setDaemon(true);
            drain.start();
            URI address = URI.create(line.substring("DevTools listening on ".length()).trim());
            Listener listener = new Listener();
            WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(address, listener)
                    .get(ANSWER.toSeconds(), TimeUnit.SECONDS);
            HeadlessChromium browser = new HeadlessChromium(process, socket);
            listener.browser = browser;
            return browser;
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.destroyForcibly();
            throw e;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            process.destroyForcibly();
            throw new IOException("cannot reach chromium's DevTools: " + e, e);
        }
    }

    /**
     * @param url the page to open
     * @return the DevTools session of the page
     */
    String open(String url) throws Exception {
        Map<?, ?> target = call(null, "Target.createTarget", Map.of("url", url));
        Object targetId = ((Map<?, ?>) target.get("result")).get("targetId");
        Map<?, ?> attached = call(null, "Target.attachToTarget", Map.of("targetId", targetId, "flatten", true));
        return (String) ((Map<?, ?>) attached.get("result")).get("sessionId");
    }

    /**
     * @param session a page's session
     * @param expression JavaScript; a promise is awaited
     * @return the value as text (DevTools' remote object)
     * @throws IllegalStateException if the script threw
     */
    String evaluate(String session, String expression) throws Exception {
        Map<?, ?> answer = call(session, "Runtime.evaluate", Map.of("expression", expression, "awaitPromise", true,
                "returnByValue", true));
        Map<?, ?> result = (Map<?, ?>) answer.get("result");
        if (result.containsKey("exceptionDetails")) {
            throw new IllegalStateException("the script threw: " + result.get("exceptionDetails"));
        }
        return String.valueOf(result.get("result"));
    }

    private Map<?, ?> call(String session, String method, Map<String, Object> params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<Map<?, ?>> answer = new CompletableFuture<>();
        answers.put(id, answer);
        Map<String, Object> message = new java.util.LinkedHashMap<>();
        message.put("id", id);
        message.put("method", method);
        message.put("params", params);
        if (session != null) {
            message.put("sessionId", session);
        }
        socket.sendText(JsonWriter.write(message), true).get(ANSWER.toSeconds(), TimeUnit.SECONDS);
        Map<?, ?> result = answer.get(ANSWER.toSeconds(), TimeUnit.SECONDS);
        if (result.containsKey("error")) {
            throw new IllegalStateException(method + " failed: " + result.get("error"));
        }
        return result;
    }

    private void received(String text) {
        Object parsed;
        try {
            parsed = JsonReader.parse(text);
        } catch (IllegalArgumentException e) {
            return; // an event nested deeper than JsonReader reads: no answer of ours
        }
        if (parsed instanceof Map<?, ?> message && message.get("id") != null) {
            CompletableFuture<Map<?, ?>> answer = answers.remove(((Number) message.get("id")).intValue());
            if (answer != null) {
                answer.complete(message);
            }
        }
    }

    /** Gathers the parts of each WebSocket message. */
    private static final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();
        private volatile HeadlessChromium browser;

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                String message = text.toString();
                text.setLength(0);
                if (browser != null) {
                    browser.received(message);
                }
            }
            webSocket.request(1);
            return null;
        }
    }

    @Override
    public void close() {
        socket.abort();
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
