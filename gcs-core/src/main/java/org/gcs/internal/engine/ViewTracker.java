package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gcs.GroupView;
import org.gcs.MemberId;

/** Installs a new {@link GroupView} for each joined group whenever its member list changes. */
final class ViewTracker {
    private final Map<String, GroupView> views = new HashMap<>();
    private final Map<String, Long> lastViewIds = new HashMap<>();

    /** Recomputes the views of the joined groups and reports the ones that changed. */
    void refresh(Set<String> joined, Membership membership, EngineIo io) {
        views.keySet().removeIf(group -> !joined.contains(group));
        for (String group : joined) {
            List<MemberId> members = new ArrayList<>(membership.membersOf(group));
            GroupView current = views.get(group);
            if (current == null || !current.members().equals(members)) {
                long viewId = lastViewIds.merge(group, 1L, Long::sum);
                GroupView view = new GroupView(group, viewId, members);
                views.put(group, view);
                io.viewChanged(view);
            }
        }
    }

    Optional<GroupView> view(String group) {
        return Optional.ofNullable(views.get(group));
    }
}
