package org.gcs.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.gcs.tools.threads.Threads;

/**
 * A child node's commands: a daemon thread reads standard input line by line into a queue. The end of input means
 * the parent closed it (after {@code stop}) or died; either way the node has {@link #GRACE_SECONDS} to end by
 * itself, then the process halts, whatever phase it is in (a node still waiting to see the whole run would
 * otherwise wait for its timeout).
 */
final class StdinCommands implements NodeAgent.Commands {
    /** How long a node may take to end after its input ended. */
    static final long GRACE_SECONDS = 5;
    /** Exit code of a node halted because its input ended. */
    static final int HALT_CODE = 4;

    private static final String END = "\u0000end";

    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    /** @param in the process's standard input */
    StdinCommands(InputStream in) {
        Threads.startDaemon(() -> read(in), "bench-stdin");
    }

    private void read(InputStream in) {
        try (BufferedReader input = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = input.readLine(); line != null; line = input.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            // treated as the end of input
        }
        lines.add(END);
        try {
            TimeUnit.SECONDS.sleep(GRACE_SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Runtime.getRuntime().halt(HALT_CODE);
    }

    @Override
    public String next() throws InterruptedException {
        String line = lines.take();
        if (line.equals(END)) {
            lines.add(END);
            return null;
        }
        return line;
    }
}
