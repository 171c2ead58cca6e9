package org.gcs;

/**
 * Receives a group's new membership whenever it changes. Called on the node's delivery thread, in order with
 * the messages.
 */
@FunctionalInterface
public interface ViewListener {
    /**
     * Called when a group that this node has joined gets a new view.
     *
     * @param view the new view
     */
    void onView(GroupView view);

    /**
     * Called when this member was excluded from a group by the member stall policy: its listeners held the group
     * back (messages waited for them while the delivery backlog was full) for longer than the group's
     * {@code member.stall.timeout}. The group's waiting messages were dropped here, the other members no longer
     * list this one, and sends to the group fail with {@link NotJoinedException} until the application calls
     * {@link GcsNode#join(String)} again (it then receives the messages sent from that moment on). Called on the
     * delivery thread, after the last message of the group delivered here. Does nothing by default.
     *
     *
     * <p>Also called, for each joined group, when an older member of this node's site turned out to have this node's
     * member name (two processes configured with one {@code member.name} whose LAN partitions merged): the node then
     * closes, and its next call fails with a {@link GcsClosedException} that says why.
     *
     * @param group the group
     * @param reason why, for a log line (how long the member held the group back, and the bound; or which other
     *     process has this member's name)
     */
    default void onExcluded(String group, String reason) {
    }
}
