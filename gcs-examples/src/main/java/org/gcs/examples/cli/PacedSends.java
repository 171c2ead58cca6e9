package org.gcs.examples.cli;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;
import org.gcs.GcsNode;
import org.gcs.GroupMember;
import org.gcs.SendQueueFullException;
import org.gcs.tools.send.FixedRate;
import org.gcs.tools.send.MessageSend;
import org.gcs.tools.send.RealTimeSender;
import org.gcs.tools.send.SendCounter;

/**
 * The generated traffic of {@code gcs node --send-rate} and {@code gcs demo}: payloads to one group at a fixed rate
 * with the blocking {@link GcsNode#send} (or, for a member that only sends asynchronously, {@link #toGroupAsync}),
 * on the tools' sender loop. When the send window blocks, the sender falls behind its schedule; it catches up at
 * most {@link #MAX_CATCH_UP_NS} worth of missed messages, so the achieved rate is lower rather than bursty.
 */
final class PacedSends {
    /** The largest lag behind the schedule that is made up by sending back to back. */
    static final long MAX_CATCH_UP_NS = TimeUnit.SECONDS.toNanos(1);
    /** How long an asynchronous sender waits before it offers a message refused by a full send queue again. */
    static final long QUEUE_FULL_RETRY_MS = 5;

    private PacedSends() {
    }

    /**
     * @param node the sending node (it has joined the group)
     * @param group the group
     * @param ratePerSec messages per second, positive and finite
     * @param messageBytes the payload size (what a message counts in the loop's admitted bytes)
     * @param payloadOfSequence makes the payload of the n-th message, n = 1, 2, 3...
     * @return the loop, to be run on a thread; it runs until stopped unless given a deadline or a count
     */
    static RealTimeSender toGroup(GcsNode node, String group, double ratePerSec, int messageBytes,
                                  LongFunction<byte[]> payloadOfSequence) {
        return new RealTimeSender(FixedRate.messagesPerSec(ratePerSec, 1, MAX_CATCH_UP_NS),
                MessageSend.blocking(sequence -> node.send(group, payloadOfSequence.apply(sequence))),
                new SendCounter(messageBytes));
    }

    /**
     * Like {@link #toGroup} for a member that only sends with {@link GroupMember#sendAsync} (a total-order member):
     * one message at a time waits for admission, as with the blocking send, and a message refused because the
     * node's pending sends are full ({@link SendQueueFullException}) is offered again every
     * {@value #QUEUE_FULL_RETRY_MS} ms until it is taken: back-pressure, never a dropped message. A message counts as
     * sent once its stage completes (it was admitted).
     *
     * @param member the sending member (it has joined the group)
     * @param group the group
     * @param ratePerSec messages per second, positive and finite
     * @param messageBytes the payload size (what a message counts in the loop's admitted bytes)
     * @param payloadOfSequence makes the payload of the n-th message, n = 1, 2, 3...
     * @return the loop, to be run on a thread; it runs until stopped unless given a deadline or a count
     */
    static RealTimeSender toGroupAsync(GroupMember member, String group, double ratePerSec, int messageBytes,
                                       LongFunction<byte[]> payloadOfSequence) {
        return new RealTimeSender(FixedRate.messagesPerSec(ratePerSec, 1, MAX_CATCH_UP_NS),
                sequence -> sendWhenQueued(member, group, payloadOfSequence.apply(sequence)),
                new SendCounter(messageBytes));
    }

    /**
     * @return the stage of {@link GroupMember#sendAsync}, after as many waits as the full send queue called for
     * @throws InterruptedException if interrupted while waiting for room: the message was then not sent
     */
    static CompletionStage<Void> sendWhenQueued(GroupMember member, String group, byte[] payload)
            throws InterruptedException {
        while (true) {
            try {
                return member.sendAsync(group, payload);
            } catch (SendQueueFullException full) {
                Thread.sleep(QUEUE_FULL_RETRY_MS);
            }
        }
    }
}
