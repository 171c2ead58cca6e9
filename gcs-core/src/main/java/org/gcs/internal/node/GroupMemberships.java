package org.gcs.internal.node;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.gcs.GroupTree;
import org.gcs.GroupView;

/**
 * The groups this member has joined, with their latest view and tree, and why it was excluded from a group (until it
 * joins that group again). Thread-safe: the application threads join and leave, the event loop records views and
 * trees and excludes.
 */
final class GroupMemberships {
    private final Set<String> groups = ConcurrentHashMap.newKeySet();
    private final Map<String, GroupView> views = new ConcurrentHashMap<>();
    private final Map<String, GroupTree> trees = new ConcurrentHashMap<>();
    private final Map<String, String> exclusions = new ConcurrentHashMap<>();

    /** Joins a group and forgets an earlier exclusion from it. */
    void join(String group) {
        groups.add(group);
        exclusions.remove(group);
    }

    /**
     * Leaves a group, forgets its view, tree and an earlier exclusion from it.
     *
     * @return true if this member was in the group
     */
    boolean leave(String group) {
        exclusions.remove(group);
        if (groups.remove(group)) {
            views.remove(group);
            trees.remove(group);
            return true;
        }
        return false;
    }

    /** Leaves a group on the stall policy's behalf and remembers why, for {@link #exclusion}. */
    void exclude(String group, String reason) {
        exclusions.put(group, reason);
        groups.remove(group);
        views.remove(group);
        trees.remove(group);
    }

    /** @return true if this member is in the group */
    boolean contains(String group) {
        return groups.contains(group);
    }

    /** @return a copy of the groups this member is in */
    Set<String> groups() {
        return Set.copyOf(groups);
    }

    /** @return why this member was excluded from the group, or null if it was not (or joined again) */
    String exclusion(String group) {
        return exclusions.get(group);
    }

    /**
     * Records a group's new view.
     *
     * @return false (and records nothing) if this member is not in the group
     */
    boolean viewChanged(GroupView view) {
        if (!groups.contains(view.group())) {
            return false;
        }
        views.put(view.group(), view);
        return true;
    }

    /**
     * Records a group's new tree.
     *
     * @return false (and records nothing) if this member is not in the group
     */
    boolean treeChanged(GroupTree tree) {
        if (!groups.contains(tree.group())) {
            return false;
        }
        trees.put(tree.group(), tree);
        return true;
    }

    /** @return the group's latest view, if this member is in it and has one */
    Optional<GroupView> view(String group) {
        return Optional.ofNullable(views.get(group));
    }

    /** @return the group's latest tree, if this member is in it and has one */
    Optional<GroupTree> tree(String group) {
        return Optional.ofNullable(trees.get(group));
    }
}
