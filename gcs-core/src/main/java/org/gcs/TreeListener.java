package org.gcs;

/** Receives a joined group's multicast tree whenever it changes. Called on the node's delivery thread. */
@FunctionalInterface
public interface TreeListener {
    /**
     * Called when the tree carrying a joined group changes (rebuilt overlay, or sites joining or leaving the
     * group).
     *
     * @param tree the new tree
     */
    void onTree(GroupTree tree);
}
