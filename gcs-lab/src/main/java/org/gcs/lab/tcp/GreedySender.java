package org.gcs.lab.tcp;

import java.util.concurrent.atomic.AtomicLong;
import org.gcs.GcsClosedException;
import org.gcs.GcsNode;

/**
 * Sends fixed-size messages to one group back to back with the blocking {@link GcsNode#send}, so the node's
 * token bucket and send window alone set the pace: a sender that always has data, as in seed 004's experiments
 * ("sends as fast as allowed").
 */
final class GreedySender implements Runnable {
    private final GcsNode node;
    private final String group;
    private final byte[] payload;
    private final AtomicLong sentBytes = new AtomicLong();
    private volatile boolean stopped;
    private volatile RuntimeException failure;

    /**
     * @param node the sending node, a member of the group
     * @param group the group
     * @param messageBytes the payload size of each message
     */
    GreedySender(GcsNode node, String group, int messageBytes) {
        this.node = node;
        this.group = group;
        this.payload = new byte[messageBytes];
    }

    @Override
    public void run() {
        try {
            while (!stopped) {
                node.send(group, payload);
                sentBytes.addAndGet(payload.length);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (GcsClosedException e) {
            if (!stopped) {
                failure = e;
            }
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    /** Stops after the current send. */
    void stop() {
        stopped = true;
    }

    /** @return payload bytes admitted so far */
    long sentBytes() {
        return sentBytes.get();
    }

    /** @return what ended the sending early, or null */
    RuntimeException failure() {
        return failure;
    }
}
