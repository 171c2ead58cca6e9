package org.gcs.examples.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.GcsClosedException;
import org.gcs.GcsException;
import org.gcs.GcsNode;
import org.gcs.GroupMember;

/**
 * Sends every non-blank line read from a reader (standard input) to one group, until the end of the input or the
 * node closes. The end of the input only stops the reading. A member that is not the node itself (a total-order
 * member over it) sends with {@link GroupMember#sendAsync}, each line once the previous one was admitted.
 */
final class StdinChat implements Runnable {
    private final BufferedReader input;
    private final GroupMember node;
    private final String group;
    private final AtomicLong sent;
    private final PrintWriter err;

    /**
     * @param input the lines to send
     * @param node the sending node, or a member over it
     * @param group a group the node has joined
     * @param sent counts the messages sent
     * @param err where send errors are reported
     */
    StdinChat(BufferedReader input, GroupMember node, String group, AtomicLong sent, PrintWriter err) {
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
                    send(line.getBytes(StandardCharsets.UTF_8));
                    sent.incrementAndGet();
                } catch (GcsClosedException e) {
                    return;
                } catch (GcsException | IllegalArgumentException | CompletionException e) {
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

    private void send(byte[] payload) throws InterruptedException {
        if (node instanceof GcsNode gcsNode) {
            gcsNode.send(group, payload);
        } else {
            PacedSends.sendWhenQueued(node, group, payload).toCompletableFuture().join();
        }
    }
}
