package org.gcs.alm.tree;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A tree given by hand ({@value #NAME}): the experimenter lists the edges, as in the papers' figures, and the
 * strategy uses them whatever the link costs and the fan-out bound. Selected with
 * {@link TreeStrategies#byName TreeStrategies.byName("fixed:A-B,B-C,B-D")}: after the colon, comma-separated
 * edges, each written {@code parent-child} with site names. The root is the first site of the first edge and
 * every edge points away from it.
 *
 * <p><b>The plan over the live sites.</b> {@link #plan} returns one shared tree over exactly the live sites:
 * <ul>
 *   <li>The <em>effective root</em> is the listed root if it is live; otherwise the first live site in edge
 *       order (the sites as they first appear reading the edges left to right, parent before child); if no
 *       listed site is live, the live site whose name sorts first.</li>
 *   <li>A live site keeps its listed parent if every site on its listed path up to the effective root is
 *       live (when the effective root is not on that path, the path ends at the dead listed root, so it is
 *       never all live).</li>
 *   <li>Every other live site is attached <b>directly to the effective root</b>: a site whose path to the
 *       root crosses a dead site, and a site the edges do not list at all.</li>
 * </ul>
 * Costs and {@code maxFanOut} are ignored, so the root may get more children than the bound allows.
 *
 * <p>Site names in the edges are 1 to 64 characters from {@code A-Z a-z 0-9 . _}: no {@code -}, which
 * separates parent and child. Immutable and thread-safe. It has no no-arg constructor, so it cannot be
 * selected by class name; use the {@code fixed:} form.
 */
public final class FixedTreeStrategy implements TreeStrategy {
    /** The strategy's name, recorded in its plans. */
    public static final String NAME = "fixed";
    /** What {@link TreeStrategies#byName} recognizes: this prefix followed by the edges. */
    public static final String PREFIX = NAME + ":";

    private static final int MAX_NAME_LENGTH = 64;
    private static final String EXAMPLE = "e.g. " + PREFIX + "A-B,B-C,B-D";

    private final List<SpanningTree.Edge> edges;
    private final String root;
    private final Map<String, String> listedParentOf;
    private final List<String> sitesInEdgeOrder;

    private FixedTreeStrategy(List<SpanningTree.Edge> edges) {
        this.edges = List.copyOf(edges);
        this.root = edges.get(0).parent();
        Map<String, String> parents = new TreeMap<>();
        Set<String> inOrder = new LinkedHashSet<>();
        for (SpanningTree.Edge edge : edges) {
            parents.put(edge.child(), edge.parent());
            inOrder.add(edge.parent());
            inOrder.add(edge.child());
        }
        this.listedParentOf = Collections.unmodifiableMap(parents);
        this.sitesInEdgeOrder = List.copyOf(inOrder);
    }

    /**
     * A fixed tree from its edges.
     *
     * @param edges the edges, each parent to child; the first edge's parent is the root
     * @return the strategy
     * @throws IllegalArgumentException if there is no edge, a name is not valid, or the edges do not form one
     *     tree pointing away from the root (a site joined to itself, a site that is the child of two edges, the
     *     root as a child, a cycle, or an edge not connected to the root); the message says which edge
     */
    public static FixedTreeStrategy of(List<SpanningTree.Edge> edges) {
        if (edges == null || edges.isEmpty()) {
            throw new IllegalArgumentException("a fixed tree needs at least one edge parent-child, " + EXAMPLE);
        }
        Map<String, SpanningTree.Edge> edgeToChild = new TreeMap<>();
        for (SpanningTree.Edge edge : edges) {
            if (edge == null) {
                throw new IllegalArgumentException("edges must not contain null");
            }
            requireName(edge.parent(), edge);
            requireName(edge.child(), edge);
            if (edge.parent().equals(edge.child())) {
                throw new IllegalArgumentException("edge " + text(edge) + " joins site '" + edge.parent()
                        + "' to itself; an edge needs two different sites");
            }
            SpanningTree.Edge earlier = edgeToChild.putIfAbsent(edge.child(), edge);
            if (earlier != null) {
                throw new IllegalArgumentException(earlier.equals(edge)
                        ? "edge " + text(edge) + " is listed twice; list each edge once"
                        : "site '" + edge.child() + "' is the child of two edges, " + text(earlier) + " and "
                                + text(edge) + "; give each site one parent");
            }
        }
        String root = edges.get(0).parent();
        if (edgeToChild.containsKey(root)) {
            throw new IllegalArgumentException("the root '" + root + "' (the first site of the first edge) is the "
                    + "child of edge " + text(edgeToChild.get(root)) + "; write every edge parent-child, pointing "
                    + "away from the root, and start with an edge from the root");
        }
        for (SpanningTree.Edge edge : edges) {
            String parent = edge.parent();
            if (!parent.equals(root) && !edgeToChild.containsKey(parent)) {
                throw new IllegalArgumentException("edge " + text(edge) + " is not connected to the root '" + root
                        + "': no edge leads to '" + parent + "'; add one, or write the edges of one tree");
            }
        }
        // every site but the root has exactly one parent, so an unconnected part can only be a cycle
        Set<String> reachesRoot = new TreeSet<>(Set.of(root));
        for (String start : edgeToChild.keySet()) {
            List<String> path = new ArrayList<>();
            String site = start;
            while (!reachesRoot.contains(site)) {
                if (path.contains(site)) {
                    List<String> cycle = new ArrayList<>();
                    for (SpanningTree.Edge edge : edges) { // in the order given
                        if (path.subList(path.indexOf(site), path.size()).contains(edge.child())) {
                            cycle.add(text(edge));
                        }
                    }
                    throw new IllegalArgumentException("edges " + String.join(", ", cycle) + " form a cycle, not "
                            + "connected to the root '" + root + "'; the edges must form one tree");
                }
                path.add(site);
                site = edgeToChild.get(site).parent();
            }
            reachesRoot.addAll(path);
        }
        return new FixedTreeStrategy(edges);
    }

    /**
     * A fixed tree from its text form.
     *
     * @param edgeList comma-separated edges {@code parent-child}, such as {@code A-B,B-C, B-D} (whitespace around
     *     commas and dashes is ignored); the part after {@value #PREFIX}
     * @return the strategy
     * @throws IllegalArgumentException if the text is malformed or the edges do not form a tree; the message
     *     says what to write instead
     */
    public static FixedTreeStrategy parse(String edgeList) {
        if (edgeList == null || edgeList.isBlank()) {
            throw new IllegalArgumentException("'" + PREFIX + "' needs its edges after the colon, " + EXAMPLE);
        }
        List<SpanningTree.Edge> edges = new ArrayList<>();
        for (String part : edgeList.split(",", -1)) {
            String edge = part.strip();
            if (edge.isEmpty()) {
                throw new IllegalArgumentException("empty edge in '" + edgeList.strip() + "'; separate edges "
                        + "parent-child with single commas, " + EXAMPLE);
            }
            String[] ends = edge.split("-", -1);
            if (ends.length != 2 || ends[0].isBlank() || ends[1].isBlank()) {
                throw new IllegalArgumentException("edge '" + edge + "' must be parent-child: two site names "
                        + "joined by one '-' (site names in a fixed tree cannot contain '-'), " + EXAMPLE);
            }
            edges.add(new SpanningTree.Edge(ends[0].strip(), ends[1].strip()));
        }
        return of(edges);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** @return the listed edges, in the order given; the first edge's parent is the root */
    public List<SpanningTree.Edge> edges() {
        return edges;
    }

    /** @return the listed root: the first site of the first edge */
    public String root() {
        return root;
    }

    /** @return the form {@link TreeStrategies#byName} accepts, such as {@code fixed:A-B,B-C} */
    public String spec() {
        List<String> parts = new ArrayList<>(edges.size());
        for (SpanningTree.Edge edge : edges) {
            parts.add(text(edge));
        }
        return PREFIX + String.join(",", parts);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The listed tree restricted to the live sites, as described in the class comment; costs and the
     * fan-out bound are ignored.
     *
     * @param sites the live sites; not empty
     * @param costs ignored (may be null)
     * @param maxFanOut ignored
     * @throws IllegalArgumentException if {@code sites} is empty or holds a null or empty name
     */
    @Override
    public TreePlan plan(SortedSet<String> sites, LinkCosts costs, int maxFanOut) {
        TreeSet<String> live = SiteSets.copyOf(sites, "sites");
        String effectiveRoot = effectiveRoot(live);
        Map<String, String> parentOf = new TreeMap<>();
        for (String site : live) {
            if (!site.equals(effectiveRoot)) {
                parentOf.put(site, keepsListedParent(site, effectiveRoot, live) ? listedParentOf.get(site)
                        : effectiveRoot);
            }
        }
        return TreePlan.shared(NAME, SpanningTree.of(effectiveRoot, parentOf));
    }

    private String effectiveRoot(SortedSet<String> live) {
        for (String site : sitesInEdgeOrder) {
            if (live.contains(site)) {
                return site; // the listed root comes first
            }
        }
        return live.first();
    }

    /** @return whether every site from {@code site}'s listed parent up to the effective root is live */
    private boolean keepsListedParent(String site, String effectiveRoot, Set<String> live) {
        for (String at = listedParentOf.get(site); at != null; at = listedParentOf.get(at)) {
            if (!live.contains(at)) {
                return false;
            }
            if (at.equals(effectiveRoot)) {
                return true;
            }
        }
        return false;
    }

    private static void requireName(String name, SpanningTree.Edge edge) {
        if (name == null || name.isEmpty() || name.length() > MAX_NAME_LENGTH || !validChars(name)) {
            throw new IllegalArgumentException("site name '" + name + "' in edge " + text(edge) + " is not valid: "
                    + "use 1 to " + MAX_NAME_LENGTH + " characters from A-Z a-z 0-9 . _ (no '-', which separates "
                    + "parent and child)");
        }
    }

    private static boolean validChars(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
                    || c == '_';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static String text(SpanningTree.Edge edge) {
        return edge.parent() + "-" + edge.child();
    }

    /** @return the {@link #spec()} */
    @Override
    public String toString() {
        return spec();
    }
}
