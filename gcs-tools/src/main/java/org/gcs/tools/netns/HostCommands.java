package org.gcs.tools.netns;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs the host's {@code ip}, {@code tc} and {@code sysctl} tools and says clearly when they are missing, fail, or
 * need root. Every call waits for the tool to finish and fails with its output on a non-zero exit.
 */
public final class HostCommands {
    private static final long TIMEOUT_SECONDS = 30;
    private static final List<String> SEARCH_PATH = List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin");

    private HostCommands() {
    }

    /**
     * Says what is missing for an emulated network of namespaces.
     *
     * @param what the experiment, for the message, e.g. {@code gcs bench wan-throughput}
     * @return empty if this process runs as root and has {@code ip}, {@code tc}, {@code sysctl}, {@code python3}
     *     (the delay line's interpreter) and {@code /dev/net/tun}; else a message naming what is needed
     */
    public static Optional<String> missingForNamespaces(String what) {
        if (!runningAsRoot()) {
            return Optional.of(what + " needs root: it creates network namespaces joined by veth pairs, tbf queues"
                    + " and a TUN delay line, and removes them at the end. Run it as root (e.g. with sudo).");
        }
        for (String tool : List.of("ip", "tc", "sysctl", "python3")) {
            if (locate(tool) == null) {
                String pkg = switch (tool) {
                    case "sysctl" -> "procps";
                    case "python3" -> "python3";
                    default -> "iproute2";
                };
                return Optional.of(what + " needs the '" + tool + "' command (package " + pkg + "); install it,"
                        + " e.g. 'apt-get install " + pkg + "'.");
            }
        }
        if (!Files.exists(Path.of("/dev/net/tun"))) {
            return Optional.of(what + " needs TUN devices (/dev/net/tun) for its delay line; load the tun module"
                    + " ('modprobe tun') or run on a kernel that has it.");
        }
        return Optional.empty();
    }

    /** @return true if the effective user is root (the owner of {@code /proc/self} is the process's user) */
    public static boolean runningAsRoot() {
        try {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            return Integer.valueOf(0).equals(uid);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Runs a tool and returns its output.
     *
     * @param command the tool and its arguments, e.g. {@code ip netns add x}
     * @return standard output and error, merged
     * @throws IllegalStateException if it fails or hangs, with the command and its output
     */
    public static String run(String... command) {
        List<String> line = new ArrayList<>(List.of(command));
        String tool = locate(line.get(0));
        if (tool != null) {
            line.set(0, tool);
        }
        ProcessBuilder builder = new ProcessBuilder(line).redirectErrorStream(true);
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            String output;
            try (InputStream in = process.getInputStream()) {
                output = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("'" + String.join(" ", command) + "' did not finish within "
                        + TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("'" + String.join(" ", command) + "' failed (exit "
                        + process.exitValue() + "): " + output);
            }
            return output;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run '" + String.join(" ", command) + "': " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running '" + String.join(" ", command) + "'", e);
        }
    }

    /**
     * Like {@link #run} but ignores failures (for cleaning up what may already be gone).
     *
     * @param command the tool and its arguments
     */
    public static void runQuietly(String... command) {
        try {
            run(command);
        } catch (IllegalStateException ignored) {
            // already gone
        }
    }

    /**
     * @param namespace a network namespace
     * @param command a command
     * @return the command line that runs it inside the namespace ({@code ip netns exec NS ...}, which execs the
     *     command: the process started is the command itself)
     */
    public static List<String> inside(String namespace, List<String> command) {
        List<String> line = new ArrayList<>();
        String ip = locate("ip");
        line.addAll(List.of(ip == null ? "ip" : ip, "netns", "exec", namespace));
        line.addAll(command);
        return line;
    }

    /**
     * @param tool a command name
     * @return the tool's absolute path in the usual system directories or on PATH, or null
     */
    public static String locate(String tool) {
        List<String> dirs = new ArrayList<>(SEARCH_PATH);
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(":")));
        }
        for (String dir : dirs) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, tool);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }
}
