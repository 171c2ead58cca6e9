package org.gcs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The application-layer multicast tree that carries a group's messages between sites: the overlay tree the
 * delegates agreed on, pruned to the sites that have members of the group (and the sites that relay between
 * them). Messages of every sender flow along it in both directions; repairs travel straight from the sending
 * delegate.
 *
 * <p>With a source-rooted strategy ({@code star}) every sending site has its own tree; this one is rooted at
 * the observing node's site.
 *
 * @param group the group
 * @param version the version of the overlay plan it comes from (increases with every rebuild)
 * @param strategy the name of the tree strategy ({@code spt}, {@code star}, ...)
 * @param root the root site
 * @param edges parent → child edges, sorted
 */
public record GroupTree(String group, long version, String strategy, String root, List<Edge> edges) {
    /** Makes the edge list immutable. */
    public GroupTree {
        edges = List.copyOf(edges);
    }

    /**
     * One edge of the tree.
     *
     * @param parent the site nearer the root
     * @param child the other site
     * @param rttMs the link's round-trip time as the coordinating delegate estimated it from probes (0 for
     *              source-rooted plans, which carry no estimates)
     */
    public record Edge(String parent, String child, double rttMs) {
    }

    /** @return every site of the tree, sorted */
    public SortedSet<String> sites() {
        SortedSet<String> sites = new TreeSet<>();
        sites.add(root);
        for (Edge edge : edges) {
            sites.add(edge.child());
        }
        return sites;
    }

    /** @return the parent of a site, empty for the root or a site not in the tree */
    public Optional<String> parentOf(String site) {
        for (Edge edge : edges) {
            if (edge.child().equals(site)) {
                return Optional.of(edge.parent());
            }
        }
        return Optional.empty();
    }

    /** @return the children of a site, sorted */
    public List<String> childrenOf(String site) {
        List<String> children = new ArrayList<>();
        for (Edge edge : edges) {
            if (edge.parent().equals(site)) {
                children.add(edge.child());
            }
        }
        children.sort(null);
        return children;
    }
}
