package org.gcs;

/**
 * Receives the messages of the groups a node has joined.
 *
 * <p>All listeners of a node are called on one delivery thread, one message at a time, in delivery order.
 * A slow listener slows the group down (back-pressure reaches the senders) rather than growing memory;
 * hand long work to your own executor.
 */
@FunctionalInterface
public interface MessageListener {
    /**
     * Called once for every message delivered to this node.
     *
     * @param message the message
     */
    void onMessage(GroupMessage message);
}
