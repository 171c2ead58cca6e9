package org.gcs.tools.netns;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gcs.tools.threads.Threads;

/**
 * Bulk kernel TCP flows between two network namespaces, to compete with a system's flow for a bottleneck: a small
 * helper ({@code tcp_flows.py}, a resource next to this class) runs as a sink in one namespace and as the senders in
 * another, each sender connection with the congestion control asked ({@code TCP_CONGESTION}: {@code reno},
 * {@code cubic}). The sink reports the payload bytes it has read every 100 ms with the wall clock in microseconds
 * since the epoch (the clock every process of the machine shares), so that {@link #bytesPerSecBetween} gives the
 * flows' total rate over any window. Both helpers stop when their standard input closes ({@link #close()}), so they
 * cannot outlive this process.
 */
public final class TcpFlows implements AutoCloseable {
    private static final String SCRIPT = "tcp_flows.py";
    private static final long START_TIMEOUT_SECONDS = 15;

    private final Process sink;
    private final int flows;
    private final String congestionControl;
    /** Samples of the sink: {wall clock µs, total bytes}, in time order. */
    private final List<long[]> samples = new ArrayList<>();
    private volatile Process startedSenders;

    private TcpFlows(Process sink, int flows, String congestionControl) {
        this.sink = sink;
        this.flows = flows;
        this.congestionControl = congestionControl;
    }

    /**
     * Starts the sink, then the senders, and returns once every connection is up.
     *
     * @param sinkNamespace where the sink listens
     * @param sinkAddress its address as the senders reach it
     * @param port its TCP port
     * @param senderNamespace where the senders run
     * @param flows how many connections, at least 1
     * @param congestionControl the senders' congestion control, e.g. {@code reno} or {@code cubic}
     * @param workDir where to put the helper
     * @return the running flows
     * @throws IOException if a helper cannot start or does not get ready
     */
    public static TcpFlows start(String sinkNamespace, String sinkAddress, int port, String senderNamespace, int flows,
                                 String congestionControl, Path workDir) throws IOException {
        if (flows < 1) {
            throw new IllegalArgumentException("flows must be at least 1, got " + flows);
        }
        Process sink = new ProcessBuilder(HostCommands.inside(sinkNamespace, HelperScript.command(SCRIPT, workDir,
                List.of("sink", Integer.toString(port))))).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        TcpFlows tcp = new TcpFlows(sink, flows, congestionControl);
        CompletableFuture<Void> sinkReady = new CompletableFuture<>();
        Threads.startDaemon(() -> tcp.readSink(sinkReady), "tcp-flows-sink");
        Process senders = null;
        try {
            await(sinkReady, sink, "sink");
            senders = new ProcessBuilder(HostCommands.inside(senderNamespace, HelperScript.command(SCRIPT, workDir,
                    List.of("send", sinkAddress, Integer.toString(port), Integer.toString(flows),
                            congestionControl)))).redirectErrorStream(true).start();
            Process started = senders;
            CompletableFuture<Void> sendersReady = new CompletableFuture<>();
            Threads.startDaemon(() -> awaitLine(started, sendersReady), "tcp-flows-senders");
            await(sendersReady, senders, "senders (" + flows + " x " + congestionControl + ")");
        } catch (IOException | RuntimeException e) {
            HelperScript.stop(senders);
            HelperScript.stop(sink);
            throw e;
        }
        tcp.sendersStarted(senders);
        return tcp;
    }

    private void sendersStarted(Process process) {
        this.startedSenders = process;
    }

    private void readSink(CompletableFuture<Void> ready) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(sink.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.equals("ready")) {
                    ready.complete(null);
                } else if (line.startsWith("bytes ")) {
                    String[] parts = line.split(" ");
                    synchronized (samples) {
                        samples.add(new long[] {Long.parseLong(parts[1]), Long.parseLong(parts[2])});
                        samples.notifyAll();
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // the sink ended
        } finally {
            ready.completeExceptionally(new IOException("the TCP sink ended before it was ready"));
        }
    }

    private static void awaitLine(Process process, CompletableFuture<Void> ready) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            StringBuilder text = new StringBuilder();
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.equals("ready")) {
                    ready.complete(null);
                } else {
                    text.append(line).append('\n');
                }
            }
            ready.completeExceptionally(new IOException("the TCP senders ended: " + text.toString().strip()));
        } catch (IOException e) {
            ready.completeExceptionally(e);
        }
    }

    private static void await(CompletableFuture<Void> ready, Process process, String what) throws IOException {
        try {
            ready.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IOException("TCP " + what + " did not start: " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            process.destroyForcibly();
            throw new IOException("TCP " + what + " not ready after " + START_TIMEOUT_SECONDS + " s");
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the TCP " + what, e);
        }
    }

    /** @return the number of connections */
    public int flows() {
        return flows;
    }

    /** @return their congestion control */
    public String congestionControl() {
        return congestionControl;
    }

    /**
     * @param fromMicros the window's start, wall clock µs since the epoch
     * @param toMicros its end
     * @return the payload bytes per second all flows delivered to the sink in the window (linear between the
     *         sink's 100-ms samples); NaN if the samples do not cover the window
     */
    public double bytesPerSecBetween(long fromMicros, long toMicros) {
        if (toMicros <= fromMicros) {
            return Double.NaN;
        }
        synchronized (samples) {
            if (samples.isEmpty() || samples.get(0)[0] > fromMicros || samples.get(samples.size() - 1)[0] < toMicros) {
                return Double.NaN;
            }
            return (bytesAt(toMicros) - bytesAt(fromMicros)) / ((toMicros - fromMicros) / 1e6);
        }
    }

    /**
     * {@link #bytesPerSecBetween}, once the sink has reported past the window's end: its samples come every 100 ms,
     * so a window that ended a moment ago is covered only by the next one.
     *
     * @param fromMicros the window's start, wall clock µs since the epoch
     * @param toMicros its end
     * @param timeoutMillis how long to wait for the covering sample
     * @return the payload bytes per second; NaN if the samples do not cover the window within the timeout
     * @throws InterruptedException if interrupted while waiting
     */
    public double awaitBytesPerSecBetween(long fromMicros, long toMicros, long timeoutMillis)
            throws InterruptedException {
        long deadlineNs = System.nanoTime() + timeoutMillis * 1_000_000L;
        synchronized (samples) {
            while (samples.isEmpty() || samples.get(samples.size() - 1)[0] < toMicros) {
                long leftNs = deadlineNs - System.nanoTime();
                if (leftNs <= 0) {
                    break;
                }
                samples.wait(Math.max(1, leftNs / 1_000_000L));
            }
            return bytesPerSecBetween(fromMicros, toMicros);
        }
    }

    private double bytesAt(long micros) {
        for (int i = 1; i < samples.size(); i++) {
            long[] before = samples.get(i - 1);
            long[] after = samples.get(i);
            if (after[0] >= micros) {
                double fraction = after[0] == before[0] ? 1 : (double) (micros - before[0]) / (after[0] - before[0]);
                return before[1] + fraction * (after[1] - before[1]);
            }
        }
        return samples.get(samples.size() - 1)[1];
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d %s flow%s", flows, congestionControl, flows == 1 ? "" : "s");
    }

    /** Stops the senders, then the sink. Idempotent. */
    @Override
    public void close() {
        HelperScript.stop(startedSenders);
        HelperScript.stop(sink);
    }
}
