package org.gcs.tools.netns;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Python helpers of this package ({@code delay_line.py}, {@code tcp_flows.py}, resources next to its classes):
 * writing one out, the command that runs it, and stopping it. Every helper stops when its standard input closes.
 */
final class HelperScript {
    private static final long STOP_TIMEOUT_SECONDS = 5;

    private HelperScript() {
    }

    /**
     * Writes a helper into a directory and returns the command that runs it.
     *
     * @param name the resource's name, e.g. {@code tcp_flows.py}
     * @param workDir where to write it
     * @param arguments the helper's arguments
     * @return {@code python3 <script> <arguments...>}
     * @throws IOException if it cannot be written
     */
    static List<String> command(String name, Path workDir, List<String> arguments) throws IOException {
        Path script = workDir.resolve(name);
        try (InputStream in = HelperScript.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the class path; rebuild gcs-tools");
            }
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        String python = HostCommands.locate("python3");
        List<String> command = new ArrayList<>(List.of(python == null ? "python3" : python, script.toString()));
        command.addAll(arguments);
        return command;
    }

    /**
     * Stops a helper: closes its input, then kills it if it has not gone within a few seconds. Nothing happens when
     * it is null or already gone.
     *
     * @param process the helper's process
     */
    static void stop(Process process) {
        if (process == null || !process.isAlive()) {
            return;
        }
        try {
            process.getOutputStream().close();
            if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
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
