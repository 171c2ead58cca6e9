package org.gcs.examples.dashboard;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.gcs.GcsNode;
import org.gcs.tools.json.JsonWriter;
import org.gcs.tools.web.LocalWebServer;
import org.gcs.tools.threads.Threads;

/**
 * The live dashboard: serves the page ({@code GET /}, with its script and style) and the JSON snapshot
 * ({@code GET /api/state}) of the given nodes, and samples the members' send and delivery totals every
 * {@link #SAMPLE_PERIOD_MS} into {@link RateHistory rate histories} of {@link #HISTORY_SAMPLES} samples (two
 * minutes): the shown members' own, and the other members' as the shown nodes deliver their messages.
 */
public final class DashboardServer implements AutoCloseable {
    /** How often the members' totals are sampled into rates. */
    public static final long SAMPLE_PERIOD_MS = 1000;
    /** How many samples the page gets: two minutes. */
    public static final int HISTORY_SAMPLES = 120;
    private static final String RESOURCES = "/org/gcs/examples/dashboard/";

    private final LocalWebServer web;
    private final ScheduledExecutorService sampler;
    private final DeliveryCounts delivered;
    private final DashboardState state;
    private volatile Map<String, Object> lastSnapshot;

    private DashboardServer(InetSocketAddress bind, String title, List<GcsNode> nodes, SentCounts sent) {
        delivered = new DeliveryCounts(nodes);
        state = new DashboardState(title, nodes, sent, delivered,
                new RateHistory(RateHistory.MEMBER_RATES, HISTORY_SAMPLES),
                new RateHistory(RateHistory.DELIVERED_HERE_RATES, HISTORY_SAMPLES), SAMPLE_PERIOD_MS);
        sampler = Executors.newSingleThreadScheduledExecutor(Threads.daemons("gcs-dashboard-sampler"));
        sampler.scheduleAtFixedRate(() -> {
            try {
                state.sample(System.currentTimeMillis());
            } catch (RuntimeException e) {
                // a node closing under the sampler: the next sample tries again
            }
        }, 0, SAMPLE_PERIOD_MS, TimeUnit.MILLISECONDS);
        try {
            web = LocalWebServer.start(bind, "gcs-dashboard-http")
                    .resource("/", RESOURCES + "index.html", "text/html; charset=utf-8")
                    .resource("/dashboard.js", RESOURCES + "dashboard.js", "text/javascript; charset=utf-8")
                    .resource("/dashboard.css", RESOURCES + "dashboard.css", "text/css; charset=utf-8")
                    .get("/api/state", "application/json", this::stateJson);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Starts serving.
     *
     * @param bind the address to listen on (port 0: a free one)
     * @param title the page's title, e.g. {@code gcs demo ron3}
     * @param nodes the nodes to show: one for {@code gcs node}, all of them for {@code gcs demo}
     * @param sent what each shown member sent so far
     * @return the running dashboard
     * @throws java.io.UncheckedIOException if the address cannot be bound
     */
    public static DashboardServer start(InetSocketAddress bind, String title, List<GcsNode> nodes, SentCounts sent) {
        return new DashboardServer(bind, title, nodes, sent);
    }

    /** @return the page's address, {@code http://HOST:PORT/} */
    public String url() {
        return web.baseUrl() + "/";
    }

    /** @return the bound port */
    public int port() {
        return web.port();
    }

    /** @return the snapshot as JSON; the last good one, marked stale, if the nodes cannot be read (closing) */
    private String stateJson() {
        Map<String, Object> snapshot;
        try {
            snapshot = state.snapshot(System.currentTimeMillis());
            lastSnapshot = snapshot;
        } catch (RuntimeException e) {
            snapshot = new java.util.LinkedHashMap<>(lastSnapshot == null ? Map.of() : lastSnapshot);
            snapshot.put("stale", true);
            snapshot.put("error", String.valueOf(e));
        }
        return JsonWriter.write(snapshot);
    }

    /** Stops serving and sampling, and removes the delivery counters from the nodes. */
    @Override
    public void close() {
        sampler.shutdownNow();
        if (web != null) {
            web.close();
        }
        delivered.close();
    }
}
