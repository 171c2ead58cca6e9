package org.gcs.lab.tcp;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gcs.lab.LabUnavailableException;

/**
 * Runs the host's {@code ip} and {@code tc} tools and says clearly when they are missing, fail, or need root.
 * Every call waits for the tool to finish and fails with its output on a non-zero exit.
 */
final class HostCommands {
    private static final long TIMEOUT_SECONDS = 30;
    private static final List<String> SEARCH_PATH = List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin");

    private HostCommands() {
    }

    /**
     * Checks that this process may create network namespaces and queueing disciplines.
     *
     * @param what the experiment, for the message
     * @throws LabUnavailableException if it does not run as root, or {@code ip}, {@code tc}, {@code sysctl} or
     *     {@code python3} (the delay line's interpreter) are missing, or the kernel offers no TUN devices
     */
    static void requireRootAndTools(String what) {
        if (!runningAsRoot()) {
            throw new LabUnavailableException(what + " needs root: it creates three network namespaces joined by"
                    + " veth pairs and a tbf bottleneck, and removes them at the end. Run it as root, e.g."
                    + " 'sudo ./gcs lab tcp-friendliness --out DIR'.");
        }
        for (String tool : List.of("ip", "tc", "sysctl", "python3")) {
            if (locate(tool) == null) {
                String pkg = switch (tool) {
                    case "sysctl" -> "procps";
                    case "python3" -> "python3";
                    default -> "iproute2";
                };
                throw new LabUnavailableException(what + " needs the '" + tool + "' command (package " + pkg + ");"
                        + " install it, e.g. 'apt-get install " + pkg + "'.");
            }
        }
        if (!Files.exists(Path.of("/dev/net/tun"))) {
            throw new LabUnavailableException(what + " needs TUN devices (/dev/net/tun) for its delay line; load"
                    + " the tun module ('modprobe tun') or run on a kernel that has it.");
        }
    }

    /** @return true if the effective user is root (the owner of {@code /proc/self} is the process's user) */
    static boolean runningAsRoot() {
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
    static String run(String... command) {
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

    /** Like {@link #run} but ignores failures (for cleaning up what may already be gone). */
    static void runQuietly(String... command) {
        try {
            run(command);
        } catch (IllegalStateException ignored) {
            // already gone
        }
    }

    /** @return the tool's absolute path in the usual system directories or on PATH, or null */
    static String locate(String tool) {
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
