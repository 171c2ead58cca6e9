package org.gcs.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.MessageListener;
import org.gcs.Registration;
import org.gcs.TreeListener;
import org.gcs.ViewListener;

/**
 * What a {@link SimNode} hands to the application, kept for tests and the lab: the messages it delivered (with their
 * virtual delivery times), the views and trees it installed, and the listeners it calls with each. Keeping can be
 * turned off for large runs, which count with a listener instead.
 */
final class SimRecorder {
    private final List<GroupMessage> delivered = new ArrayList<>();
    private final List<Long> deliveredAtNs = new ArrayList<>();
    private final List<GroupView> views = new ArrayList<>();
    private final List<GroupTree> trees = new ArrayList<>();
    private final List<MessageListener> messageListeners = new CopyOnWriteArrayList<>();
    private final List<ViewListener> viewListeners = new CopyOnWriteArrayList<>();
    private final List<TreeListener> treeListeners = new CopyOnWriteArrayList<>();
    private boolean keep = true;

    void keep(boolean keepHistory) {
        keep = keepHistory;
    }

    Registration onMessage(MessageListener listener) {
        return register(messageListeners, listener);
    }

    Registration onView(ViewListener listener) {
        return register(viewListeners, listener);
    }

    Registration onTree(TreeListener listener) {
        return register(treeListeners, listener);
    }

    private static <T> Registration register(List<T> listeners, T listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    void delivered(GroupMessage message, long nowNs) {
        if (keep) {
            delivered.add(message);
            deliveredAtNs.add(nowNs);
        }
        for (MessageListener listener : messageListeners) {
            listener.onMessage(message);
        }
    }

    void viewChanged(GroupView view) {
        if (keep) {
            views.add(view);
        }
        for (ViewListener listener : viewListeners) {
            listener.onView(view);
        }
    }

    void treeChanged(GroupTree tree) {
        if (keep) {
            trees.add(tree);
        }
        for (TreeListener listener : treeListeners) {
            listener.onTree(tree);
        }
    }

    List<GroupMessage> delivered() {
        return delivered;
    }

    List<GroupView> views() {
        return views;
    }

    List<GroupTree> trees() {
        return trees;
    }

    /** @return payload bytes of messages from other members than {@code self} delivered in [fromNs, toNs) */
    long deliveredBytesBetween(MemberId self, long fromNs, long toNs) {
        long bytes = 0;
        for (int i = 0; i < delivered.size(); i++) {
            long at = deliveredAtNs.get(i);
            if (at >= fromNs && at < toNs && !delivered.get(i).sender().equals(self)) {
                bytes += delivered.get(i).payload().length;
            }
        }
        return bytes;
    }
}
