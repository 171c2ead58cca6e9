package org.gcs.tools.netns;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gcs.tools.threads.Threads;

/**
 * Propagation delay and loss for a router namespace, in user space: the kernel here has no {@code netem}, so a
 * small helper ({@code delay_line.py}, a resource next to this class) owns a TUN device in the router namespace and
 * writes every packet it reads back into the device a fixed time later, unless its {@link LossModel} drops it.
 * Policy routing sends every packet that arrives on the given interfaces into the TUN device; what comes back out
 * of it takes the main table to its destination. Each forwarded packet is delayed once.
 *
 * <p>The helper stops when its standard input closes, so it cannot outlive this process, and with the namespace
 * gone its device is gone too. Its last line counts the packets it read and dropped ({@link #closeAndCount()}).
 */
public final class DelayLine implements AutoCloseable {
    private static final String SCRIPT = "delay_line.py";
    private static final int ROUTING_TABLE = 100;
    /**
     * The TUN device's queue towards the helper, in packets (the kernel's default is 500). The helper is one Python
     * process: when the machine's two cores are busy it falls behind for a moment, and a burst of the bench's traffic
     * then overflowed 500 packets (156 drops at the start of one {@code wan-throughput} run at 100 ms without loss),
     * losses the emulated path does not have. 10 000 packets of 1 200 bytes are about 2 s of one 50 Mbit/s uplink's
     * traffic, 0.6 s of three: enough for any such pause, and still a bound.
     */
    static final int TUN_QUEUE_PACKETS = 10_000;
    private static final long START_TIMEOUT_SECONDS = 15;
    private static final long STOP_TIMEOUT_SECONDS = 5;

    private final Process process;
    private final Path log;
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final CompletableFuture<String> counts = new CompletableFuture<>();

    private DelayLine(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /**
     * Starts the helper and routes the namespace's forwarded traffic through it.
     *
     * @param namespace the router namespace
     * @param device the TUN device to create, at most 15 characters
     * @param oneWayDelayMs the delay of each packet, in milliseconds
     * @param loss which packets the helper drops
     * @param seed the seed of the loss model's random generator
     * @param inboundDevices the namespace's interfaces whose incoming packets are delayed
     * @param workDir where to put the helper and its log
     * @return the running delay line; close it to stop the helper
     * @throws IOException if the helper cannot be written or started
     */
    public static DelayLine start(String namespace, String device, long oneWayDelayMs, LossModel loss, long seed,
                                  List<String> inboundDevices, Path workDir) throws IOException {
        Path log = workDir.resolve("delay-line-" + device + ".log");
        List<String> command = HelperScript.command(SCRIPT, workDir, List.of(device, Long.toString(oneWayDelayMs),
                loss.helperArgument(), Long.toString(seed)));
        Process process = new ProcessBuilder(HostCommands.inside(namespace, command)).redirectErrorStream(true)
                .start();
        DelayLine line = new DelayLine(process, log);
        try {
            line.awaitReady();
            HostCommands.run("ip", "-n", namespace, "link", "set", device, "txqueuelen",
                    Integer.toString(TUN_QUEUE_PACKETS), "up");
            for (String scope : List.of("all", "default", device)) {
                HostCommands.run("ip", "netns", "exec", namespace, "sysctl", "-q", "-w",
                        "net.ipv4.conf." + scope + ".rp_filter=0");
            }
            HostCommands.run("ip", "-n", namespace, "route", "add", "default", "dev", device, "table",
                    Integer.toString(ROUTING_TABLE));
            for (String inbound : inboundDevices) {
                HostCommands.run("ip", "-n", namespace, "rule", "add", "iif", inbound, "table",
                        Integer.toString(ROUTING_TABLE));
            }
            return line;
        } catch (IOException | RuntimeException e) {
            line.close();
            throw e;
        }
    }

    private void awaitReady() throws IOException {
        Threads.startDaemon(this::copyOutput, "delay-line-output");
        try {
            ready.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the delay line", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the delay line did not start (python3 with /dev/net/tun is needed);"
                    + " its output is in " + log, e);
        }
    }

    private void copyOutput() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                Files.writeString(log, line + System.lineSeparator(), StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                if (line.equals("ready")) {
                    ready.complete(null);
                } else if (line.startsWith("packets ")) {
                    counts.complete(line);
                }
            }
            ready.completeExceptionally(new IOException("the delay line exited"));
        } catch (IOException e) {
            ready.completeExceptionally(e);
        } finally {
            counts.complete("");
        }
    }

    /**
     * Stops the helper and returns its counts.
     *
     * @return {@code {received, dropped}} packets, or {@code {-1, -1}} if the helper did not tell
     */
    public long[] closeAndCount() {
        close();
        try {
            String line = counts.get(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            String[] words = line.split(" ");
            if (words.length == 4) {
                return new long[] {Long.parseLong(words[1]), Long.parseLong(words[3])};
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | NumberFormatException e) {
            // no counts
        }
        return new long[] {-1, -1};
    }

    /** Stops the helper: closes its input, then kills it if it has not gone within a few seconds. Idempotent. */
    @Override
    public void close() {
        HelperScript.stop(process);
    }
}
