package org.gcs.emulator;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.gcs.alm.tree.FixedTreeStrategy;
import org.gcs.alm.tree.SpanningTree;

/**
 * The {@code tree} line of a topology text, at most one: the edges of the fixed multicast tree and the line that
 * gave them, kept for the check made once every site is declared ({@link #checkSpansAllSites()}).
 */
final class TreeDirective {

    private final SourceLine source;
    private final SiteDirectives sites;
    private List<TreeEdge> tree;
    private int treeLineNumber;
    private String treeLine;

    TreeDirective(SourceLine source, SiteDirectives sites) {
        this.source = source;
        this.sites = sites;
    }

    /** {@code tree a-b b-c ...}: the edges of the fixed multicast tree, parent first; commas may separate them. */
    void parse(String[] tokens) {
        if (tree != null) {
            throw source.error("the tree is already given on line " + treeLineNumber + "; write one 'tree' line");
        }
        List<TreeEdge> edges = new ArrayList<>();
        for (int i = 1; i < tokens.length; i++) {
            for (String edge : tokens[i].split(",")) {
                if (!edge.isEmpty()) {
                    edges.add(parseEdge(edge));
                }
            }
        }
        if (edges.isEmpty()) {
            throw source.error("expected 'tree <parent>-<child> [<parent>-<child>...]' with at least one edge, e.g. "
                    + "'tree a-b b-c'; the first edge's parent is the root");
        }
        try {
            FixedTreeStrategy.of(edges.stream().map(e -> new SpanningTree.Edge(e.parent(), e.child())).toList());
        } catch (IllegalArgumentException e) {
            throw source.error(e.getMessage());
        }
        tree = List.copyOf(edges);
        treeLineNumber = source.lineNumber();
        treeLine = source.line();
    }

    private TreeEdge parseEdge(String edge) {
        String[] ends = edge.split("-", -1);
        if (ends.length != 2 || ends[0].isEmpty() || ends[1].isEmpty()) {
            throw source.error("edge '" + edge + "' must be <parent>-<child>: two declared sites joined by one '-' "
                    + "(a site whose name contains '-' cannot be in a tree; rename it)");
        }
        return new TreeEdge(sites.require(ends[0]), sites.require(ends[1]));
    }

    /** Run at the end, when every site is declared: the tree must reach all of them. */
    void checkSpansAllSites() {
        if (tree == null) {
            return;
        }
        Set<String> missing = new LinkedHashSet<>(sites.sites());
        for (TreeEdge edge : tree) {
            missing.remove(edge.parent());
            missing.remove(edge.child());
        }
        if (!missing.isEmpty()) {
            source.moveTo(treeLineNumber, treeLine);
            String root = tree.get(0).parent();
            throw source.error("the tree leaves out site" + (missing.size() == 1 ? " " : "s ")
                    + String.join(", ", missing) + "; every declared site must be in the tree: add edges such as "
                    + root + "-" + missing.iterator().next());
        }
    }

    /** Gives the topology being built the tree, if the text has one. */
    void addTo(TopologyBuilder topology) {
        if (tree != null) {
            topology.tree(tree);
        }
    }
}
