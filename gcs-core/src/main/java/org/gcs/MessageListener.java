package org.gcs;

/**
 * Receives the messages of the groups a node has joined.
 *
 * <p>All listeners of a node are called on one delivery thread, one message at a time, in delivery order.
 * A slow listener slows the group down (back-pressure reaches the senders) rather than growing memory, but only
 * for a bound: once the node's delivery backlog has been full for longer than the group's
 * {@code member.stall.timeout} (10 s by default), the node is excluded from the group and told so
 * ({@link ViewListener#onExcluded}); it may join again. Hand long work to your own executor.
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
