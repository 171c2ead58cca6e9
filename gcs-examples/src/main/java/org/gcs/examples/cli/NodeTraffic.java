package org.gcs.examples.cli;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.OptionalLong;
import org.gcs.GcsNode;
import org.gcs.GroupMember;
import org.gcs.GroupView;
import org.gcs.tools.send.RealTimeSender;
import org.gcs.tools.threads.Threads;

/**
 * The generated traffic of {@code gcs node --send-rate}: check messages ({@link CheckPayload}) to one group at a
 * fixed rate ({@link PacedSends}), sent on a thread of its own ({@code gcs-node-send}). With a minimum of members or
 * sites it waits for a {@link ViewGate} first and prints {@code send-start ...} when the gate opens; with a message
 * count it prints {@code sent-done count=N} once the last one was handed to send; a failed send ends it with a line
 * on standard error.
 */
final class NodeTraffic {
    /**
     * What {@code gcs node} generates, its options checked.
     *
     * @param ratePerSec messages per second, positive and finite
     * @param messageBytes payload bytes of every message, check header included
     * @param messageCount how many messages to send at most; empty for no limit
     * @param minMembers members the view of the group must list before the first message, 0 for any
     * @param minSites sites that view must list, 0 for any
     */
    record Settings(double ratePerSec, int messageBytes, OptionalLong messageCount, int minMembers, int minSites) {
    }

    private final GroupMember node;
    private final String group;
    private final Settings settings;
    private final RealTimeSender sender;
    /** What to wait for before the first message; null to start at once. */
    private final ViewGate gate;

    /**
     * @param node the sending node, or a member over it (a total-order member: it sends with
     *     {@link GroupMember#sendAsync}, see {@link PacedSends#toGroupAsync}), whose views the gate sees
     * @param group the group to send to (the node joins it)
     * @param settings what to send
     */
    NodeTraffic(GroupMember node, String group, Settings settings) {
        this.node = node;
        this.group = group;
        this.settings = settings;
        String self = node.self().toString();
        java.util.function.LongFunction<byte[]> payloads =
                sequence -> CheckPayload.of(self, sequence, settings.messageBytes());
        this.sender = (node instanceof GcsNode gcsNode
                ? PacedSends.toGroup(gcsNode, group, settings.ratePerSec(), settings.messageBytes(), payloads)
                : PacedSends.toGroupAsync(node, group, settings.ratePerSec(), settings.messageBytes(), payloads))
                .stopAfter(settings.messageCount().orElse(Long.MAX_VALUE));
        this.gate = settings.minMembers() > 0 || settings.minSites() > 0
                ? new ViewGate(group, settings.minMembers(), settings.minSites())
                : null;
    }

    /** Lets the gate, if there is one, see the views of the group; call before the node joins it. */
    void listenForViews() {
        if (gate != null) {
            node.onView(gate);
        }
    }

    /** Shows the gate, if there is one, the group's view as it is now; call once the node joined the group. */
    void checkCurrentView() {
        if (gate != null) {
            node.view(group).ifPresent(gate::onView);
        }
    }

    /**
     * Starts sending on the thread {@code gcs-node-send}.
     *
     * @param out where the {@code send-start} and {@code sent-done} lines go
     * @param err where the reason goes if sending fails
     */
    void start(PrintWriter out, PrintWriter err) {
        Threads.daemon(() -> generate(out, err), "gcs-node-send").start();
    }

    /** Stops waiting for the gate and sending. */
    void stop() {
        if (gate != null) {
            gate.cancel();
        }
        sender.stop();
    }

    /** @return the messages handed to send so far */
    long sentMessages() {
        return sender.counter().admittedMessages();
    }

    /** @return the payload bytes of every message */
    int messageBytes() {
        return settings.messageBytes();
    }

    /**
     * Waits for the gate, if any, and runs the sender; then reports that all of the message count were sent, or why
     * sending stopped.
     */
    private void generate(PrintWriter out, PrintWriter err) {
        if (gate != null) {
            Optional<GroupView> view;
            try {
                view = gate.await();
            } catch (InterruptedException e) {
                return;
            }
            if (view.isEmpty()) {
                return;
            }
            NodeRun.print(out, gate.startLine(view.get()));
        }
        sender.run();
        Throwable failure = sender.failure();
        if (failure != null) {
            NodeRun.print(err, "gcs node: generated traffic stopped after " + sentMessages() + " message(s): "
                    + failure);
        } else if (settings.messageCount().isPresent() && sender.end() == RealTimeSender.End.COUNT) {
            NodeRun.print(out, "sent-done count=" + settings.messageCount().getAsLong());
        }
    }
}
