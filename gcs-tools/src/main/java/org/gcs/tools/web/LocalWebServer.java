package org.gcs.tools.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Supplier;
import org.gcs.tools.threads.Threads;

/**
 * A small HTTP server for the examples' pages and endpoints (the dashboard, the whiteboard, the Prometheus scrape
 * endpoint), on the JDK's {@link HttpServer}: classpath resources, JSON or text produced on each request, and POST
 * handlers. A path may have a GET and a POST handler; other methods get a 405. Requests are served by one daemon
 * thread; {@link #close()} stops it at once.
 */
public final class LocalWebServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor;
    /** Per path, the handler of each method. */
    private final Map<String, Map<String, HttpHandler>> routes = new ConcurrentHashMap<>();

    private LocalWebServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /**
     * Binds and starts a server.
     *
     * @param bind the address; port 0 picks a free port (see {@link #port()})
     * @param threadName the name of the serving thread
     * @return the running server
     * @throws UncheckedIOException if the address cannot be bound (the message names it)
     */
    public static LocalWebServer start(InetSocketAddress bind, String threadName) {
        HttpServer server;
        try {
            server = HttpServer.create(bind, 16);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve HTTP on " + bind + ": " + e.getMessage()
                    + " (choose another port, or 0 for a free one)", e);
        }
        ExecutorService executor = Executors.newSingleThreadExecutor(Threads.daemons(threadName));
        server.setExecutor(executor);
        server.start();
        return new LocalWebServer(server, executor);
    }

    /** @return the bound port */
    public int port() {
        return server.getAddress().getPort();
    }

    /** @return {@code http://HOST:PORT} of this server, for the loopback address if it listens on every address */
    public String baseUrl() {
        InetSocketAddress address = server.getAddress();
        String host = address.getAddress().isAnyLocalAddress() ? "127.0.0.1" : address.getAddress().getHostAddress();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
    }

    /**
     * Serves a classpath resource on GET.
     *
     * @param path the request path, e.g. {@code /}
     * @param resource the absolute classpath resource, e.g. {@code /org/gcs/examples/dashboard/index.html}
     * @param contentType its content type
     * @return this server
     */
    public LocalWebServer resource(String path, String resource, String contentType) {
        byte[] body = readResource(resource);
        route(path, "GET", exchange -> respond(exchange, 200, contentType, body));
        return this;
    }

    /**
     * Serves text produced on each GET.
     *
     * @param path the request path
     * @param contentType its content type, e.g. {@code application/json}
     * @param body produces the body
     * @return this server
     */
    public LocalWebServer get(String path, String contentType, Supplier<String> body) {
        route(path, "GET",
                exchange -> respond(exchange, 200, contentType, body.get().getBytes(StandardCharsets.UTF_8)));
        return this;
    }

    /**
     * Serves text produced on each GET from the request's query parameters ({@code ?since=5&x=y}, decoded; a name
     * given twice keeps its first value); an {@link IllegalArgumentException} becomes a 400 with its message.
     *
     * @param path the request path
     * @param contentType its content type, e.g. {@code application/json}
     * @param body produces the body from the query parameters
     * @return this server
     */
    public LocalWebServer getWithQuery(String path, String contentType, Function<Map<String, String>, String> body) {
        route(path, "GET", exchange -> {
            try {
                String answer = body.apply(query(exchange.getRequestURI().getRawQuery()));
                respond(exchange, 200, contentType, answer.getBytes(StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                respond(exchange, 400, "text/plain", (e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
            }
        });
        return this;
    }

    private static Map<String, String> query(String rawQuery) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return parameters;
        }
        for (String pair : rawQuery.split("&")) {
            int equals = pair.indexOf('=');
            String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
            String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            parameters.putIfAbsent(name, value);
        }
        return parameters;
    }

    /**
     * Answers POSTs: the handler gets the request body (UTF-8) and returns the JSON answer; an
     * {@link IllegalArgumentException} becomes a 400 with its message, an {@link IllegalStateException} (the
     * service cannot take the request now) a 503 with its message. A POST that a browser sends from a page of
     * another origin gets a 403 and does not reach the handler.
     *
     * @param path the request path
     * @param handler from request body to JSON answer
     * @return this server
     */
    public LocalWebServer post(String path, Function<String, String> handler) {
        route(path, "POST", exchange -> {
            if (crossOrigin(exchange)) {
                respond(exchange, 403, "text/plain", "cross-origin POST refused\n".getBytes(StandardCharsets.UTF_8));
                return;
            }
            String request;
            try (InputStream in = exchange.getRequestBody()) {
                request = new String(in.readNBytes(1 << 20), StandardCharsets.UTF_8);
            }
            try {
                respond(exchange, 200, "application/json", handler.apply(request).getBytes(StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                respond(exchange, 400, "text/plain", (e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IllegalStateException e) {
                respond(exchange, 503, "text/plain", (e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
            }
        });
        return this;
    }

    /**
     * @return true if a browser sends the request from a page of another origin (its {@code Origin} header names
     *         another host than the request's {@code Host}): another web site must not draw or act here
     */
    private static boolean crossOrigin(HttpExchange exchange) {
        String origin = exchange.getRequestHeaders().getFirst("Origin");
        String host = exchange.getRequestHeaders().getFirst("Host");
        return origin != null && !origin.equals("http://" + host);
    }

    /**
     * Registers a handler for one method of one path; the path's context is created with the first one and
     * dispatches on the method (405 for the others).
     */
    private void route(String path, String method, HttpHandler handler) {
        Map<String, HttpHandler> methods = routes.computeIfAbsent(path, p -> {
            Map<String, HttpHandler> byMethod = new ConcurrentHashMap<>();
            server.createContext(p, exchange -> dispatch(exchange, p, byMethod));
            return byMethod;
        });
        if (methods.putIfAbsent(method, handler) != null) {
            throw new IllegalStateException(method + " " + path + " is served already");
        }
    }

    private static void dispatch(HttpExchange exchange, String path, Map<String, HttpHandler> methods)
            throws IOException {
        if (!exactPath(exchange, path)) {
            return;
        }
        HttpHandler handler = methods.get(exchange.getRequestMethod());
        if (handler == null) {
            respond(exchange, 405, "text/plain", ("use " + String.join(" or ", new TreeSet<>(methods.keySet()))
                    + "\n").getBytes(StandardCharsets.UTF_8));
            return;
        }
        handler.handle(exchange);
    }

    private static boolean exactPath(HttpExchange exchange, String path) throws IOException {
        if (exchange.getRequestURI().getPath().equals(path)) {
            return true;
        }
        respond(exchange, 404, "text/plain", "not found\n".getBytes(StandardCharsets.UTF_8));
        return false;
    }

    private static void respond(HttpExchange exchange, int status, String contentType, byte[] body)
            throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static byte[] readResource(String resource) {
        try (InputStream in = LocalWebServer.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops serving at once. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
