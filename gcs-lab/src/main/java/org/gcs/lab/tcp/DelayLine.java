package org.gcs.lab.tcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gcs.tools.threads.Threads;

/**
 * Propagation delay for a router namespace, in user space: the kernel here has no {@code netem}
 * ({@code ENVIRONMENT.md}), so a small helper ({@code delay_line.py}, a resource next to this class) owns a TUN
 * device in the router namespace and writes every packet it reads back into the device a fixed time later. Policy
 * routing sends every packet that arrives on the given interfaces into the TUN device; what comes back out of it
 * takes the main table, through the bottleneck, to its destination. Each direction is delayed once, so the path's
 * base round-trip time is twice the one-way delay.
 *
 * <p>The helper stops when its standard input closes, so it cannot outlive the lab, and with the namespace gone
 * its device is gone too.
 */
final class DelayLine implements AutoCloseable {
    private static final String SCRIPT = "delay_line.py";
    private static final int ROUTING_TABLE = 100;
    private static final long START_TIMEOUT_SECONDS = 15;

    private final Process process;
    private final Path log;

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
     * @param inboundDevices the namespace's interfaces whose incoming packets are delayed
     * @param workDir where to put the helper and its log
     * @return the running delay line; close it to stop the helper
     */
    static DelayLine start(String namespace, String device, long oneWayDelayMs, List<String> inboundDevices,
                           Path workDir) throws IOException {
        Path script = workDir.resolve(SCRIPT);
        try (InputStream in = DelayLine.class.getResourceAsStream(SCRIPT)) {
            if (in == null) {
                throw new IllegalStateException(SCRIPT + " is missing from the class path; rebuild gcs-examples");
            }
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        Path log = workDir.resolve("delay-line.log");
        List<String> command = new ArrayList<>(List.of(python(), script.toString(), device,
                Long.toString(oneWayDelayMs)));
        Process process = new ProcessBuilder(NamespaceBottleneck.inside(namespace, command))
                .redirectErrorStream(true).start();
        DelayLine line = new DelayLine(process, log);
        try {
            line.awaitReady();
            HostCommands.run("ip", "-n", namespace, "link", "set", device, "up");
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

    /** @return the Python interpreter's path, found where {@link HostCommands} looks for tools */
    static String python() {
        String python = HostCommands.locate("python3");
        return python == null ? "python3" : python;
    }

    private void awaitReady() throws IOException {
        CompletableFuture<Void> ready = new CompletableFuture<>();
        Threads.startDaemon(() -> copyOutput(ready), "delay-line-output");
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

    private void copyOutput(CompletableFuture<Void> ready) {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                Files.writeString(log, line + System.lineSeparator(), StandardCharsets.UTF_8,
                        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                if (line.equals("ready")) {
                    ready.complete(null);
                }
            }
            ready.completeExceptionally(new IOException("the delay line exited"));
        } catch (IOException e) {
            ready.completeExceptionally(e);
        }
    }

    /** Stops the helper: closes its input, then kills it if it has not gone within a few seconds. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
