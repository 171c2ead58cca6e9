package org.gcs.examples.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.GcsClosedException;
import org.gcs.GcsException;
import org.gcs.GcsNode;

/**
 * Sends every non-blank line read from a reader (standard input) to one group, until the end of the input or the
 * node closes. The end of the input only stops the reading.
 */
final class StdinChat implements Runnable {
    private final BufferedReader input;
    private final GcsNode node;
    private final String group;
    private final AtomicLong sent;
    private final PrintWriter err;

    /**
     * @param input the lines to send
     * @param node the sending node
     * @param group a group the node has joined
     * @param sent counts the messages sent
     * @param err where send errors are reported
     */
    StdinChat(BufferedReader input, GcsNode node, String group, AtomicLong sent, PrintWriter err) {
        this.input = input;
        this.node = node;
        this.group = group;
        this.sent = sent;
        this.err = err;
    }

    @Override
    public void run() {
        try {
            String line;
            while ((line = input.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    node.send(group, line.getBytes(StandardCharsets.UTF_8));
                    sent.incrementAndGet();
                } catch (GcsClosedException e) {
                    return;
                } catch (GcsException | IllegalArgumentException e) {
                    err.println("not sent: " + e.getMessage());
                    err.flush();
                }
            }
        } catch (IOException e) {
            err.println("stopped reading standard input: " + e.getMessage());
            err.flush();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
