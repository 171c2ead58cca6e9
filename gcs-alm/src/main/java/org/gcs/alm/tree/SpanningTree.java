package org.gcs.alm.tree;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An immutable tree over sites, rooted at one of them: the distribution tree of application-layer
 * multicast. Every non-root site has exactly one parent; the root has none. Children lists, site sets and
 * edges are sorted by name, so equal trees look the same on every delegate. Equality is by content (root
 * and parent of every site).
 */
public final class SpanningTree {
    private final String root;
    private final SortedMap<String, String> parentOf;
    private final SortedMap<String, List<String>> childrenOf;
    private final SortedSet<String> sites;
    private final int depth;
    private final int maxFanOut;

    /**
     * One edge of the tree.
     *
     * @param parent the site closer to the root
     * @param child the site farther from the root
     */
    public record Edge(String parent, String child) {
        @Override
        public String toString() {
            return parent + "->" + child;
        }
    }

    private SpanningTree(String root, SortedMap<String, String> parentOf) {
        this.root = root;
        this.parentOf = Collections.unmodifiableSortedMap(parentOf);
        SortedMap<String, List<String>> children = new TreeMap<>();
        children.put(root, new ArrayList<>());
        for (String site : parentOf.keySet()) {
            children.put(site, new ArrayList<>());
        }
        // parentOf iterates children in name order, so every list comes out sorted
        parentOf.forEach((child, parent) -> children.get(parent).add(child));
        int mostChildren = 0;
        for (Map.Entry<String, List<String>> entry : children.entrySet()) {
            mostChildren = Math.max(mostChildren, entry.getValue().size());
            entry.setValue(List.copyOf(entry.getValue()));
        }
        this.childrenOf = Collections.unmodifiableSortedMap(children);
        this.sites = Collections.unmodifiableSortedSet(new TreeSet<>(children.keySet()));
        this.maxFanOut = mostChildren;
        int levels = 0;
        List<String> level = List.of(root);
        while (true) {
            List<String> next = new ArrayList<>();
            for (String site : level) {
                next.addAll(childrenOf.get(site));
            }
            if (next.isEmpty()) {
                break;
            }
            levels++;
            level = next;
        }
        this.depth = levels;
    }

    /**
     * Builds and validates a tree.
     *
     * @param root the root site
     * @param parentOf the parent of every site except the root; iteration order does not matter
     * @return the tree
     * @throws IllegalArgumentException if a name is null or empty, the root has a parent, a parent is not in the
     *     tree, or the parents form a cycle
     */
    public static SpanningTree of(String root, Map<String, String> parentOf) {
        if (root == null || root.isEmpty()) {
            throw new IllegalArgumentException("root must be a site name, got " + root);
        }
        if (parentOf == null) {
            throw new IllegalArgumentException("parentOf must not be null");
        }
        SortedMap<String, String> parents = new TreeMap<>();
        for (Map.Entry<String, String> entry : parentOf.entrySet()) {
            String child = entry.getKey();
            String parent = entry.getValue();
            if (child == null || child.isEmpty() || parent == null || parent.isEmpty()) {
                throw new IllegalArgumentException("parentOf must map site names to site names, got " + child
                        + " -> " + parent);
            }
            if (child.equals(root)) {
                throw new IllegalArgumentException("root '" + root + "' must have no parent, got '" + parent + "'");
            }
            parents.put(child, parent);
        }
        for (Map.Entry<String, String> entry : parents.entrySet()) {
            String parent = entry.getValue();
            if (!parent.equals(root) && !parents.containsKey(parent)) {
                throw new IllegalArgumentException("parent '" + parent + "' of '" + entry.getKey()
                        + "' is not in the tree (root '" + root + "')");
            }
        }
        Set<String> reachesRoot = new TreeSet<>();
        reachesRoot.add(root);
        for (String start : parents.keySet()) {
            List<String> path = new ArrayList<>();
            Set<String> onPath = new TreeSet<>();
            String site = start;
            while (!reachesRoot.contains(site)) {
                if (!onPath.add(site)) {
                    throw new IllegalArgumentException("parentOf has a cycle through " + path.subList(
                            path.indexOf(site), path.size()) + " (not connected to root '" + root + "')");
                }
                path.add(site);
                site = parents.get(site);
            }
            reachesRoot.addAll(path);
        }
        return new SpanningTree(root, parents);
    }

    /**
     * @param site the only site
     * @return a tree of one site and no edges
     */
    public static SpanningTree single(String site) {
        return of(site, Map.of());
    }

    /** @return the root site */
    public String root() {
        return root;
    }

    /** @return every site of the tree, sorted */
    public SortedSet<String> sites() {
        return sites;
    }

    /** @return true if the site is in the tree */
    public boolean contains(String site) {
        return site != null && childrenOf.containsKey(site);
    }

    /**
     * @param site a site of the tree
     * @return its parent, or empty for the root
     * @throws IllegalArgumentException if the site is not in the tree
     */
    public Optional<String> parentOf(String site) {
        requireSite(site);
        return Optional.ofNullable(parentOf.get(site));
    }

    /**
     * @param site a site of the tree
     * @return its children, sorted by name
     * @throws IllegalArgumentException if the site is not in the tree
     */
    public List<String> childrenOf(String site) {
        requireSite(site);
        return childrenOf.get(site);
    }

    /**
     * @param site a site of the tree
     * @return its tree neighbours: the parent first (if any), then the children sorted by name
     * @throws IllegalArgumentException if the site is not in the tree
     */
    public List<String> neighborsOf(String site) {
        requireSite(site);
        String parent = parentOf.get(site);
        List<String> children = childrenOf.get(site);
        if (parent == null) {
            return children;
        }
        List<String> neighbors = new ArrayList<>(children.size() + 1);
        neighbors.add(parent);
        neighbors.addAll(children);
        return Collections.unmodifiableList(neighbors);
    }

    /** @return every edge, sorted by parent and then child; {@code sites().size() - 1} of them */
    public List<Edge> edges() {
        List<Edge> edges = new ArrayList<>(parentOf.size());
        childrenOf.forEach((parent, children) -> {
            for (String child : children) {
                edges.add(new Edge(parent, child));
            }
        });
        return Collections.unmodifiableList(edges);
    }

    /** @return the number of edges on the longest path from the root (0 for a single site) */
    public int depth() {
        return depth;
    }

    /** @return the largest number of children of any site (0 for a single site) */
    public int maxFanOut() {
        return maxFanOut;
    }

    /**
     * @param site a site of the tree
     * @return the sites from the root down to {@code site}, both included
     * @throws IllegalArgumentException if the site is not in the tree
     */
    public List<String> pathFromRoot(String site) {
        requireSite(site);
        List<String> path = new ArrayList<>();
        for (String at = site; at != null; at = parentOf.get(at)) {
            path.add(at);
        }
        Collections.reverse(path);
        return Collections.unmodifiableList(path);
    }

    /**
     * @param site a site of the tree
     * @param costs link costs
     * @return the sum of the link costs on the tree path from the root to {@code site} (saturating at
     *     {@link Long#MAX_VALUE})
     * @throws IllegalArgumentException if the site is not in the tree
     */
    public long costFromRootNs(String site, LinkCosts costs) {
        requireSite(site);
        long total = 0;
        for (String at = site; parentOf.containsKey(at); at = parentOf.get(at)) {
            total = CostMath.add(total, costs.costNs(parentOf.get(at), at));
        }
        return total;
    }

    /**
     * @param costs link costs
     * @return the largest {@link #costFromRootNs} over all sites: the worst delay from the root along the tree
     */
    public long maxCostFromRootNs(LinkCosts costs) {
        long worst = 0;
        for (String site : sites) {
            worst = Math.max(worst, costFromRootNs(site, costs));
        }
        return worst;
    }

    /**
     * The minimal subtree connecting the kept sites, as used to restrict a group's traffic to the part of the
     * tree that leads to sites with members. Sites of {@code keep} outside this tree are ignored. The result's
     * root is its site closest to this tree's root (the lowest common ancestor of the kept sites); every leaf
     * of the result is a kept site, and every edge of the result is an edge of this tree.
     *
     * @param keep sites to connect
     * @return the pruned tree, or empty if no site of {@code keep} is in this tree
     */
    public Optional<SpanningTree> prune(Set<String> keep) {
        SortedSet<String> kept = new TreeSet<>();
        for (String site : keep) {
            if (contains(site)) {
                kept.add(site);
            }
        }
        if (kept.isEmpty()) {
            return Optional.empty();
        }
        if (kept.size() == sites.size()) {
            return Optional.of(this);
        }
        // every site on a kept site's path to the root
        Set<String> marked = new TreeSet<>();
        for (String site : kept) {
            String at = site;
            while (at != null && marked.add(at)) { // stop where the path joins one already marked
                at = parentOf.get(at);
            }
        }
        // the new root: descend while the path to the kept sites does not branch
        String top = root;
        while (!kept.contains(top)) {
            String onlyMarkedChild = null;
            int markedChildren = 0;
            for (String child : childrenOf.get(top)) {
                if (marked.contains(child)) {
                    markedChildren++;
                    onlyMarkedChild = child;
                }
            }
            if (markedChildren != 1) {
                break;
            }
            top = onlyMarkedChild;
        }
        SortedMap<String, String> parents = new TreeMap<>();
        Deque<String> pending = new ArrayDeque<>();
        pending.add(top);
        while (!pending.isEmpty()) {
            String site = pending.poll();
            for (String child : childrenOf.get(site)) {
                if (marked.contains(child)) {
                    parents.put(child, site);
                    pending.add(child);
                }
            }
        }
        return Optional.of(new SpanningTree(top, parents));
    }

    private void requireSite(String site) {
        if (!contains(site)) {
            throw new IllegalArgumentException("site '" + site + "' is not in the tree rooted at '" + root + "' ("
                    + sites.size() + " sites)");
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SpanningTree that && root.equals(that.root) && parentOf.equals(that.parentOf);
    }

    @Override
    public int hashCode() {
        return root.hashCode() * 31 + parentOf.hashCode();
    }

    /** @return the tree in nested form, for example {@code ottawa(boston(jerusalem), chicago)} */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        // iterative, so that a long chain cannot overflow the stack; an empty entry closes a child list
        Deque<Optional<String>> pending = new ArrayDeque<>();
        pending.push(Optional.of(root));
        boolean first = true;
        while (!pending.isEmpty()) {
            Optional<String> item = pending.pop();
            if (item.isEmpty()) {
                text.append(')');
                first = false;
                continue;
            }
            if (!first) {
                text.append(", ");
            }
            String site = item.get();
            text.append(site);
            List<String> children = childrenOf.get(site);
            first = false;
            if (!children.isEmpty()) {
                text.append('(');
                first = true;
                pending.push(Optional.empty());
                for (int i = children.size() - 1; i >= 0; i--) {
                    pending.push(Optional.of(children.get(i)));
                }
            }
        }
        return text.toString();
    }
}
