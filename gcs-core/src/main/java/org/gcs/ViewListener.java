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
}
