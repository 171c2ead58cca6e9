package org.gcs.tools.send;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Sends one message of a sender loop: either asynchronously (the stage completes when the system admitted the
 * message, e.g. {@code GroupMember.sendAsync}) or blocking until it is admitted ({@link #blocking}: e.g.
 * {@code GcsNode.send}, a JGroups channel's send, a socket write).
 */
@FunctionalInterface
public interface MessageSend {

    /**
     * Sends the loop's {@code sequence}-th message.
     *
     * @param sequence 1 for the loop's first message, then 2, 3...
     * @return a stage completed when the message is admitted, exceptionally if it failed
     * @throws Exception if the send failed at once (a blocking send: also while it waited)
     */
    CompletionStage<?> send(long sequence) throws Exception;

    /**
     * @param send a send that returns once its message is admitted
     * @return that send as a {@link MessageSend} whose stages are complete when returned
     */
    static MessageSend blocking(Blocking send) {
        CompletionStage<Void> admitted = CompletableFuture.completedStage(null);
        return sequence -> {
            send.send(sequence);
            return admitted;
        };
    }

    /** A send that returns once its message is admitted. */
    @FunctionalInterface
    interface Blocking {
        /**
         * @param sequence 1 for the loop's first message, then 2, 3...
         * @throws Exception if the send failed
         */
        void send(long sequence) throws Exception;
    }
}
