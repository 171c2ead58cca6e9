package org.gcs.bench;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Before a run, the sender multicasts a probe every {@link #INTERVAL_MS} ms until told to stop, so that the parent
 * can see the whole path works (every receiver reports its first probe) before the counted messages start.
 * Probes are not checked for order or counted.
 */
final class Prober implements Runnable {
    /** Milliseconds between probes. */
    static final long INTERVAL_MS = 20;

    private final BenchEndpoint endpoint;
    private final int messageBytes;
    private final Consumer<NodeLine> report;
    private volatile boolean stopped;

    /**
     * @param endpoint the sending node
     * @param messageBytes the size of a probe
     * @param report where an {@code error} line goes if a send fails
     */
    Prober(BenchEndpoint endpoint, int messageBytes, Consumer<NodeLine> report) {
        this.endpoint = endpoint;
        this.messageBytes = messageBytes;
        this.report = report;
    }

    @Override
    public void run() {
        try {
            while (!stopped) {
                endpoint.send(BenchPayload.encode(messageBytes, BenchPayload.PROBE, 0, WallClock.nowMicros()));
                TimeUnit.MILLISECONDS.sleep(INTERVAL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            report.accept(NodeLine.withText(NodeLine.ERROR, "probe failed: " + e));
        }
    }

    /** Stops after the current probe. */
    void stop() {
        stopped = true;
    }
}
