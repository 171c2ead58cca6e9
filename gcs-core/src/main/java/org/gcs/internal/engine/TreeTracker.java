package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.gcs.GroupTree;
import org.gcs.MemberId;
import org.gcs.alm.tree.SpanningTree;
import org.gcs.alm.tree.TreePlan;
import org.gcs.internal.wire.SourceTree;
import org.gcs.internal.wire.WanPacket.TreeAnnounce;
import org.gcs.internal.wire.WanPacket.TreeEdge;

/**
 * A member's picture of the overlay tree: the latest plan its delegate published on the LAN, and for each
 * joined group the plan pruned to the group's sites ({@link GroupTree}), reported when it changes.
 */
final class TreeTracker {
    private final String site;
    private final Map<String, GroupTree> trees = new HashMap<>();
    private TreeAnnounce announce;
    private TreePlan plan;

    TreeTracker(String site) {
        this.site = site;
    }

    /** @return true if the plan is newer than the one known */
    boolean onPlan(TreeAnnounce update) {
        if (announce != null && update.version() <= announce.version()) {
            return false;
        }
        TreePlan converted = TreeOverlay.toPlan(update);
        if (converted == null) {
            return false;
        }
        announce = update;
        plan = converted;
        return true;
    }

    /** @return the latest plan published on the LAN, or null */
    TreeAnnounce latest() {
        return announce;
    }

    /** Recomputes the joined groups' trees and reports the ones that changed. */
    void refresh(Set<String> joined, Membership membership, EngineIo io) {
        trees.keySet().removeIf(group -> !joined.contains(group));
        if (plan == null) {
            return;
        }
        for (String group : joined) {
            Set<String> sites = new TreeSet<>();
            for (MemberId member : membership.membersOf(group)) {
                sites.add(member.site());
            }
            Optional<SpanningTree> pruned = plan.groupTree(plan.sourceRooted() ? site : null, sites);
            if (pruned.isEmpty()) {
                continue;
            }
            GroupTree tree = toGroupTree(group, pruned.get());
            if (!tree.equals(trees.get(group))) {
                trees.put(group, tree);
                io.treeChanged(tree);
            }
        }
    }

    private GroupTree toGroupTree(String group, SpanningTree tree) {
        Map<String, Long> costs = new HashMap<>();
        List<TreeEdge> announced = new ArrayList<>(announce.edges());
        for (SourceTree sourceTree : announce.sourceTrees()) {
            if (sourceTree.source().equals(site)) {
                announced.addAll(sourceTree.edges());
            }
        }
        for (TreeEdge edge : announced) {
            costs.put(edge.parent() + ">" + edge.child(), edge.costMicros());
        }
        List<GroupTree.Edge> edges = new ArrayList<>();
        for (SpanningTree.Edge edge : tree.edges()) {
            long micros = costs.getOrDefault(edge.parent() + ">" + edge.child(), 0L);
            edges.add(new GroupTree.Edge(edge.parent(), edge.child(), micros / 1000.0));
        }
        return new GroupTree(group, announce.version(), announce.strategy(), tree.root(), edges);
    }

    Optional<GroupTree> tree(String group) {
        return Optional.ofNullable(trees.get(group));
    }
}
