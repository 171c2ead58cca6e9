package org.gcs.order;

import java.util.ArrayDeque;
import org.gcs.GcsClosedException;
import org.gcs.GroupMember;
import org.gcs.SendQueueFullException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends a {@link TotalOrderMember}'s protocol messages (ordering, state transfer) through its inner member, in order:
 * one that meets a full send queue waits here, with every later one, until {@link #retry} finds room. Used under the
 * member's lock.
 */
final class ControlQueue {
    private static final Logger LOG = LoggerFactory.getLogger(ControlQueue.class);

    private final GroupMember inner;
    private final Runnable onInnerClosed;
    private final ArrayDeque<String> unsentGroups = new ArrayDeque<>();
    private final ArrayDeque<byte[]> unsentPayloads = new ArrayDeque<>();

    /**
     * @param inner where the messages go
     * @param onInnerClosed told when the inner member turns out closed (nothing more is sent then)
     */
    ControlQueue(GroupMember inner, Runnable onInnerClosed) {
        this.inner = inner;
        this.onInnerClosed = onInnerClosed;
    }

    /** Sends a protocol message, keeping it (in order) for the next {@link #retry} if the send queue is full. */
    void send(String group, byte[] payload) {
        if (unsentGroups.isEmpty()) {
            try {
                inner.sendAsync(group, payload);
                return;
            } catch (SendQueueFullException full) {
                // kept below
            } catch (GcsClosedException closed) {
                closed();
                return;
            } catch (RuntimeException gone) {
                LOG.debug("protocol message to {} not sent: {}", group, gone.toString());
                return;
            }
        }
        unsentGroups.add(group);
        unsentPayloads.add(payload);
    }

    /** Sends what waits, in order, until the send queue is full again; drops what goes to a group left since. */
    void retry() {
        while (!unsentGroups.isEmpty()) {
            String group = unsentGroups.peek();
            try {
                if (inner.groups().contains(group)) {
                    inner.sendAsync(group, unsentPayloads.peek());
                }
            } catch (SendQueueFullException full) {
                return;
            } catch (GcsClosedException closed) {
                closed();
                return;
            } catch (RuntimeException gone) {
                LOG.debug("protocol message to {} not sent: {}", group, gone.toString());
            }
            unsentGroups.poll();
            unsentPayloads.poll();
        }
    }

    /** @return true if nothing waits */
    boolean isEmpty() {
        return unsentGroups.isEmpty();
    }

    private void closed() {
        unsentGroups.clear();
        unsentPayloads.clear();
        onInnerClosed.run();
    }
}
