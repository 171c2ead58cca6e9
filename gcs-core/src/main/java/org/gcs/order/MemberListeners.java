package org.gcs.order;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.MessageListener;
import org.gcs.Registration;
import org.gcs.ViewListener;

/**
 * The listeners registered on a {@link TotalOrderMember}, and the delivery of each kind of event to them: ordered
 * events go to the {@link OrderedListener}s with their positions and to the plain listeners without. It keeps
 * each total-order group's last delivered view.
 */
final class MemberListeners {
    private final List<MessageListener> messages = new CopyOnWriteArrayList<>();
    private final List<ViewListener> views = new CopyOnWriteArrayList<>();
    private final List<OrderedListener> ordered = new CopyOnWriteArrayList<>();
    private final List<MessageListener> direct = new CopyOnWriteArrayList<>();
    /** The last view delivered in each total-order group (its agreed view). */
    private final java.util.Map<String, GroupView> agreedViews = new java.util.concurrent.ConcurrentHashMap<>();

    Registration addMessages(MessageListener listener) {
        messages.add(listener);
        return () -> messages.remove(listener);
    }

    Registration addViews(ViewListener listener) {
        views.add(listener);
        return () -> views.remove(listener);
    }

    Registration addOrdered(OrderedListener listener) {
        ordered.add(listener);
        return () -> ordered.remove(listener);
    }

    Registration addDirect(MessageListener listener) {
        direct.add(listener);
        return () -> direct.remove(listener);
    }

    void orderedMessage(GroupMessage message, long position) {
        ordered.forEach(l -> l.onMessage(message, position));
        messages.forEach(l -> l.onMessage(message));
    }

    void orderedView(GroupView view, long position) {
        agreedViews.put(view.group(), view);
        ordered.forEach(l -> l.onView(view, position));
        views.forEach(l -> l.onView(view));
    }

    /** @return the last view delivered in a total-order group */
    java.util.Optional<GroupView> agreedView(String group) {
        return java.util.Optional.ofNullable(agreedViews.get(group));
    }

    /** Forgets a total-order group's agreed view (the member left it, or joins it again). */
    void forget(String group) {
        agreedViews.remove(group);
    }

    void fifoMessage(GroupMessage message) {
        messages.forEach(l -> l.onMessage(message));
    }

    void fifoView(GroupView view) {
        views.forEach(l -> l.onView(view));
    }

    void direct(GroupMessage message) {
        direct.forEach(l -> l.onMessage(message));
    }

    void excluded(String group, String reason) {
        views.forEach(l -> l.onExcluded(group, reason));
    }

    void admitted(String group, long lineage) {
        ordered.forEach(l -> l.onAdmitted(group, lineage));
    }

    void blocked(String group, String reason) {
        ordered.forEach(l -> l.onBlocked(group, reason));
    }

    void rejoined(String group, String reason) {
        ordered.forEach(l -> l.onRejoined(group, reason));
    }

    void mismatch(String group, MemberId member, String reason) {
        ordered.forEach(l -> l.onOrderingMismatch(group, member, reason));
    }
}
