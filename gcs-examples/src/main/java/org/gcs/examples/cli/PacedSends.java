package org.gcs.examples.cli;

import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;
import org.gcs.GcsNode;
import org.gcs.tools.send.FixedRate;
import org.gcs.tools.send.MessageSend;
import org.gcs.tools.send.RealTimeSender;
import org.gcs.tools.send.SendCounter;

/**
 * The generated traffic of {@code gcs node --send-rate} and {@code gcs demo}: payloads to one group at a fixed rate
 * with the blocking {@link GcsNode#send}, on the tools' sender loop. When the send window blocks, the sender falls
 * behind its schedule; it catches up at most {@link #MAX_CATCH_UP_NS} worth of missed messages, so the achieved rate
 * is lower rather than bursty.
 */
final class PacedSends {
    /** The largest lag behind the schedule that is made up by sending back to back. */
    static final long MAX_CATCH_UP_NS = TimeUnit.SECONDS.toNanos(1);

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
}
