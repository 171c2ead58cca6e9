package org.gcs.emulator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.gcs.alm.tree.FixedTreeStrategy;
import org.gcs.alm.tree.SpanningTree;

/**
 * An immutable emulated WAN: an ordered list of sites and a {@link LinkProfile} for each directed pair of
 * sites that has a link. A pair without an entry has no emulated link: traffic between those sites passes
 * unchanged. Optionally also: a fixed multicast tree ({@link #tree()}), scheduled link changes
 * ({@link #schedule()}) and on/off cross traffic on links ({@link #crossTraffic()}).
 *
 * <p>Topologies are usually written as text (see {@link #parse(String, String)} for the format) and loaded
 * by name or path with {@link #load(String)}; {@link #builtInNames()} lists the ones shipped in this jar.
 * They can also be assembled in code with {@link #builder(String)}.
 */
public final class Topology {

    /** Where the built-in topologies live on the class path. */
    static final String RESOURCE_DIR = "/org/gcs/emulator/topologies/";

    /** The file suffix of topology files. */
    static final String SUFFIX = ".topo";

    private static final List<String> BUILT_IN = List.of("ron3", "ron6");

    /** Site names: a letter or digit, then letters, digits, '.', '_' or '-'. */
    static final Pattern SITE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private final String name;
    private final List<String> sites;
    private final Map<Pair, LinkProfile> links;
    private final List<TreeEdge> tree;
    private final List<LinkChange> schedule;
    private final List<CrossTraffic> crossTraffic;

    private Topology(String name, List<String> sites, Map<Pair, LinkProfile> links, List<TreeEdge> tree,
                     List<LinkChange> schedule, List<CrossTraffic> crossTraffic) {
        this.name = name;
        this.sites = List.copyOf(sites);
        this.links = Collections.unmodifiableMap(new LinkedHashMap<>(links));
        this.tree = tree == null ? null : List.copyOf(tree);
        List<LinkChange> sorted = new ArrayList<>(schedule);
        sorted.sort(Comparator.comparingLong(LinkChange::atNs)); // stable: declaration order within a time
        this.schedule = List.copyOf(sorted);
        this.crossTraffic = List.copyOf(crossTraffic);
    }

    /**
     * One directed link of a topology.
     *
     * @param fromSite the sending site
     * @param toSite the receiving site
     * @param profile the link's properties in that direction
     */
    public record Link(String fromSite, String toSite, LinkProfile profile) {

        /**
         * Checks that no component is null.
         *
         * @param fromSite the sending site
         * @param toSite the receiving site
         * @param profile the link's properties in that direction
         * @throws NullPointerException if a component is null
         */
        public Link {
            Objects.requireNonNull(fromSite, "fromSite");
            Objects.requireNonNull(toSite, "toSite");
            Objects.requireNonNull(profile, "profile");
        }
    }

    /**
     * Parses a topology from text. The format is line-oriented; {@code #} starts a comment and blank lines
     * are ignored:
     * <pre>
     * name ron3                                   # optional; defaults to the source's file name
     * site boston ottawa                          # declare sites (one or more per line) before use
     * defaults bandwidth=10Mbps queue=128KB       # applies to the link lines below it
     * link boston &lt;-&gt; ottawa rtt=50.835ms loss=0.00%/0.00%
     * link ottawa -&gt; chicago delay=12.99ms loss=0.63% burst=2.5 jitter=2ms reorder=false
     * </pre>
     * {@code a <-> b} defines both directions; {@code a -> b} one. Keys: {@code rtt} ({@code <->} only: each
     * direction gets {@code rtt/2}), {@code delay} (one-way), {@code jitter}, {@code loss} ({@code 1.5%} or
     * {@code 0.015}), {@code burst} (mean loss-burst length in packets: turns the loss into Gilbert-Elliott),
     * {@code bandwidth} ({@code bps, kbps, Mbps, Gbps}, powers of 1000, or {@code unlimited}), {@code queue}
     * ({@code B, KB, KiB, MB, MiB}, powers of 1024), {@code reorder} ({@code true}/{@code false}) and {@code aqm}
     * ({@code droptail}, the default, or {@code red} for RED in front of the queue limit with ns-2's parameters, or
     * {@code red:MIN:MAX:MAXP:WEIGHT}, see {@link RedQueue}). Times
     * take {@code ns, us, ms, s}. On a {@code <->} line every value except {@code rtt} may be written
     * {@code a/b}: {@code a} for the first-to-second direction, {@code b} for the other. Keys not given come
     * from the latest {@code defaults} line, else: no delay, no jitter, no loss, unlimited bandwidth, a
     * 128 KiB queue, no reordering.
     *
     * <p>Three more directives, each using only declared sites and (for {@code at} and {@code cross}) links
     * defined on earlier lines:
     * <pre>
     * tree ottawa-boston boston-jerusalem ottawa-chicago   # at most once; parent-child, the first parent is the root
     * at 200s link boston -&gt; ottawa bandwidth=0.5Mbps     # a scheduled change of one link
     * at 400s link boston &lt;-&gt; chicago bandwidth=1Mbps/2Mbps loss=1%
     * cross boston -&gt; ottawa rate=200kbps on=1s off=1s packet=1000B start=on
     * </pre>
     * <ul>
     *   <li>{@code tree}: the edges of a fixed multicast tree ({@link #tree()}, {@link #treeStrategy()}); they
     *       must form one tree pointing away from the root and include every declared site. Site names in it
     *       cannot contain {@code -}; commas may separate edges.</li>
     *   <li>{@code at TIME link ...}: from {@code TIME} (after the run's origin) on, the link gets the given
     *       keys, with the {@code link} line's keys and {@code a/b} syntax (no {@code defaults}); keys not given
     *       keep the link's values at that moment, earlier changes included ({@link #schedule()}).</li>
     *   <li>{@code cross}: an on/off stream of cross traffic on a bandwidth-limited link ({@link CrossTraffic},
     *       {@link #crossTraffic()}): packets of {@code packet} bytes (default 1000B) at {@code rate} during ON
     *       periods, nothing during OFF periods; ON and OFF durations are exponential with means {@code on} and
     *       {@code off} ({@code off=0s}: always on); the first period is ON unless {@code start=off}. {@code <->}
     *       adds the same stream in both directions; several lines on one link add up.</li>
     * </ul>
     *
     * @param text the topology text
     * @param sourceName where the text came from (a file name); used in error messages and as the default name
     * @return the topology
     * @throws IllegalArgumentException if the text is malformed; the message names the source, the line and
     *     what to write instead
     */
    public static Topology parse(String text, String sourceName) {
        return new TopologyParser(text, sourceName).parse();
    }

    /**
     * Loads a built-in topology by name (such as {@code "ron6"}) or, if there is no built-in one of that name,
     * a topology file from a path.
     *
     * @param nameOrPath a name from {@link #builtInNames()} or a file path
     * @return the topology
     * @throws IllegalArgumentException if neither a built-in topology nor a readable file exists (the message
     *     lists the built-in names), or if the text is malformed
     */
    public static Topology load(String nameOrPath) {
        Objects.requireNonNull(nameOrPath, "nameOrPath");
        if (SITE_NAME.matcher(nameOrPath).matches()) {
            String resource = RESOURCE_DIR + nameOrPath + SUFFIX;
            try (InputStream in = Topology.class.getResourceAsStream(resource)) {
                if (in != null) {
                    return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "classpath:" + resource);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read built-in topology " + resource, e);
            }
        }
        Path path = pathOrNull(nameOrPath);
        if (path == null || !Files.isRegularFile(path)) {
            throw new IllegalArgumentException("no built-in topology named '" + nameOrPath + "' and no file '"
                    + (path == null ? nameOrPath : path.toAbsolutePath()) + "'; built-in topologies: "
                    + String.join(", ", BUILT_IN) + " (or give the path of a " + SUFFIX + " file)");
        }
        try {
            return parse(Files.readString(path, StandardCharsets.UTF_8), path.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read topology file '" + path.toAbsolutePath() + "': " + e, e);
        }
    }

    /**
     * The names {@link #load(String)} accepts without a path.
     *
     * @return the built-in topology names, sorted
     */
    public static List<String> builtInNames() {
        return BUILT_IN;
    }

    /**
     * Starts a topology in code.
     *
     * @param name the topology's name
     * @return an empty builder
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * The topology's name (from its {@code name} line, or its source's file name).
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The sites in declaration order.
     *
     * @return an unmodifiable list
     */
    public List<String> sites() {
        return sites;
    }

    /**
     * The link from one site to another.
     *
     * @param fromSite the sending site
     * @param toSite the receiving site
     * @return the link's profile, or empty if the pair has no emulated link (also when a site is unknown)
     */
    public Optional<LinkProfile> link(String fromSite, String toSite) {
        return Optional.ofNullable(links.get(new Pair(fromSite, toSite)));
    }

    /**
     * All directed links, in declaration order ({@code a <-> b} gives {@code a -> b} then {@code b -> a}).
     *
     * @return an unmodifiable list
     */
    public List<Link> links() {
        List<Link> result = new ArrayList<>(links.size());
        links.forEach((pair, profile) -> result.add(new Link(pair.from(), pair.to(), profile)));
        return Collections.unmodifiableList(result);
    }

    /**
     * The fixed multicast tree of the {@code tree} line.
     *
     * @return its edges in the order written (each parent to child; the first edge's parent is the root), or
     *     empty if the topology has no tree
     */
    public Optional<List<TreeEdge>> tree() {
        return Optional.ofNullable(tree);
    }

    /**
     * The tree strategy that builds the {@link #tree()}, for {@code org.gcs.alm.tree.TreeStrategies#byName}.
     *
     * @return {@code fixed:} followed by the edges, such as {@code fixed:a-b,b-c}, or empty without a tree
     */
    public Optional<String> treeStrategy() {
        if (tree == null) {
            return Optional.empty();
        }
        List<String> edges = new ArrayList<>(tree.size());
        tree.forEach(edge -> edges.add(edge.toString()));
        return Optional.of(FixedTreeStrategy.PREFIX + String.join(",", edges));
    }

    /**
     * The scheduled link changes ({@code at} lines).
     *
     * @return an unmodifiable list sorted by time, then declaration order ({@code <->} gives the first-to-second
     *     direction first); empty if none
     */
    public List<LinkChange> schedule() {
        return schedule;
    }

    /**
     * All cross-traffic streams ({@code cross} lines).
     *
     * @return an unmodifiable list in declaration order ({@code <->} gives the first-to-second direction first)
     */
    public List<CrossTraffic> crossTraffic() {
        return crossTraffic;
    }

    /**
     * The cross-traffic streams of one direction.
     *
     * @param fromSite the sending site
     * @param toSite the receiving site
     * @return the streams on the link from {@code fromSite} to {@code toSite}, in declaration order; empty if none
     */
    public List<CrossTraffic> crossTraffic(String fromSite, String toSite) {
        return crossTraffic.stream().filter(c -> c.fromSite().equals(fromSite) && c.toSite().equals(toSite))
                .toList();
    }

    /**
     * The part of this topology among some of its sites: those sites (in this topology's order), the links
     * between them, and the scheduled changes and cross traffic of those links. The tree is kept only if its
     * edges between kept sites still form one tree over all the kept sites (then the edge from the new root
     * comes first); otherwise, for instance when a removed site was an inner site of the tree or only one site
     * is kept, the subset has no tree. Its name is this name followed by the chosen sites, e.g.
     * {@code ron6[boston,ottawa]}.
     *
     * @param keptSites the sites to keep; duplicates are ignored
     * @return the sub-topology
     * @throws IllegalArgumentException if a site is unknown (the message lists the known ones) or none is given
     */
    public Topology subset(Collection<String> keptSites) {
        Set<String> wanted = new LinkedHashSet<>(keptSites);
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("a subset of topology '" + name + "' needs at least one site; "
                    + "its sites are " + sites);
        }
        for (String site : wanted) {
            if (!sites.contains(site)) {
                throw new IllegalArgumentException("unknown site '" + site + "' in topology '" + name
                        + "'; its sites are " + sites);
            }
        }
        List<String> kept = sites.stream().filter(wanted::contains).toList();
        Map<Pair, LinkProfile> keptLinks = new LinkedHashMap<>();
        links.forEach((pair, profile) -> {
            if (wanted.contains(pair.from()) && wanted.contains(pair.to())) {
                keptLinks.put(pair, profile);
            }
        });
        List<LinkChange> keptSchedule = schedule.stream()
                .filter(c -> wanted.contains(c.fromSite()) && wanted.contains(c.toSite())).toList();
        List<CrossTraffic> keptCross = crossTraffic.stream()
                .filter(c -> wanted.contains(c.fromSite()) && wanted.contains(c.toSite())).toList();
        return new Topology(name + "[" + String.join(",", kept) + "]", kept, keptLinks, subtree(wanted),
                keptSchedule, keptCross);
    }

    /** @return the tree's edges among the kept sites if they span them all, root edge first; else null */
    private List<TreeEdge> subtree(Set<String> kept) {
        if (tree == null) {
            return null;
        }
        List<TreeEdge> edges = new ArrayList<>();
        Set<String> children = new LinkedHashSet<>();
        for (TreeEdge edge : tree) {
            if (kept.contains(edge.parent()) && kept.contains(edge.child())) {
                edges.add(edge);
                children.add(edge.child());
            }
        }
        // a forest of the tree's edges with one edge fewer than sites is a tree over all of them
        if (edges.isEmpty() || edges.size() != kept.size() - 1) {
            return null;
        }
        TreeEdge fromRoot = edges.stream().filter(e -> !children.contains(e.parent())).findFirst().orElseThrow();
        edges.remove(fromRoot);
        edges.add(0, fromRoot);
        return edges;
    }

    /**
     * Two topologies are equal when they have the same name, the same sites in the same order, the same links,
     * the same tree (edges in the same order), the same schedule and the same cross traffic.
     *
     * @param other the object to compare with
     * @return whether they are equal
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof Topology that
                && name.equals(that.name) && sites.equals(that.sites) && links.equals(that.links)
                && Objects.equals(tree, that.tree) && schedule.equals(that.schedule)
                && crossTraffic.equals(that.crossTraffic);
    }

    /**
     * A hash code consistent with {@link #equals(Object)}.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return Objects.hash(name, sites, links, tree, schedule, crossTraffic);
    }

    /**
     * A short description: name, sites, the number of directed links and, when there are any, the tree, the
     * number of scheduled changes and of cross-traffic streams.
     *
     * @return the description
     */
    @Override
    public String toString() {
        return "Topology[" + name + ", sites=" + sites + ", " + links.size() + " directed links"
                + (tree == null ? "" : ", tree " + treeStrategy().orElseThrow())
                + (schedule.isEmpty() ? "" : ", " + schedule.size() + " scheduled changes")
                + (crossTraffic.isEmpty() ? "" : ", " + crossTraffic.size() + " cross-traffic streams") + "]";
    }

    private static Path pathOrNull(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** A directed site pair, the key of the link map. */
    private record Pair(String from, String to) {
    }

    /** Assembles a {@link Topology} in code; not thread-safe. */
    public static final class Builder {

        private final String name;
        private final List<String> sites = new ArrayList<>();
        private final Map<Pair, LinkProfile> links = new LinkedHashMap<>();
        private final List<LinkChange> schedule = new ArrayList<>();
        private final List<CrossTraffic> crossTraffic = new ArrayList<>();
        private List<TreeEdge> tree;

        private Builder(String name) {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a topology name must not be blank");
            }
            this.name = name;
        }

        /**
         * Adds a site.
         *
         * @param site the site's name: a letter or digit, then letters, digits, {@code .}, {@code _} or {@code -}
         * @return this builder
         * @throws IllegalArgumentException if the name is malformed or already added
         */
        public Builder site(String site) {
            Objects.requireNonNull(site, "site");
            if (!SITE_NAME.matcher(site).matches()) {
                throw new IllegalArgumentException("malformed site name '" + site
                        + "': use a letter or digit, then letters, digits, '.', '_' or '-'");
            }
            if (sites.contains(site)) {
                throw new IllegalArgumentException("site '" + site + "' is already declared");
            }
            sites.add(site);
            return this;
        }

        /**
         * Adds the link from one declared site to another.
         *
         * @param fromSite the sending site
         * @param toSite the receiving site, not {@code fromSite}
         * @param profile the link's properties
         * @return this builder
         * @throws IllegalArgumentException if a site is not declared, the sites are equal or the link exists
         */
        public Builder link(String fromSite, String toSite, LinkProfile profile) {
            Objects.requireNonNull(profile, "profile");
            requireSite(fromSite);
            requireSite(toSite);
            if (fromSite.equals(toSite)) {
                throw new IllegalArgumentException("a link needs two different sites, got '" + fromSite
                        + "' twice; traffic inside a site is not emulated");
            }
            if (links.putIfAbsent(new Pair(fromSite, toSite), profile) != null) {
                throw new IllegalArgumentException("the link " + fromSite + " -> " + toSite + " is already defined");
            }
            return this;
        }

        /**
         * Adds the same link in both directions.
         *
         * @param siteA one site
         * @param siteB the other site
         * @param profile the properties of each direction
         * @return this builder
         * @throws IllegalArgumentException as {@link #link(String, String, LinkProfile)}
         */
        public Builder bidirectionalLink(String siteA, String siteB, LinkProfile profile) {
            return link(siteA, siteB, profile).link(siteB, siteA, profile);
        }

        /**
         * Sets the fixed multicast tree. It must include every site of the finished topology (checked by
         * {@link #build()}).
         *
         * @param edges the edges, each parent to child, the first one's parent being the root
         * @return this builder
         * @throws IllegalArgumentException if a tree was already set, a site is not declared, or the edges do not
         *     form one tree pointing away from the root (see {@code org.gcs.alm.tree.FixedTreeStrategy#of})
         */
        public Builder tree(List<TreeEdge> edges) {
            Objects.requireNonNull(edges, "edges");
            if (tree != null) {
                throw new IllegalArgumentException("the tree is already set to " + tree + "; set it once");
            }
            List<SpanningTree.Edge> checked = new ArrayList<>(edges.size());
            for (TreeEdge edge : edges) {
                requireSite(edge.parent());
                requireSite(edge.child());
                checked.add(new SpanningTree.Edge(edge.parent(), edge.child()));
            }
            FixedTreeStrategy.of(checked);
            tree = List.copyOf(edges);
            return this;
        }

        /**
         * Adds a scheduled change of an existing link.
         *
         * @param change the change; its profile is the link's whole new profile
         * @return this builder
         * @throws IllegalArgumentException if the link has not been added
         */
        public Builder change(LinkChange change) {
            Objects.requireNonNull(change, "change");
            requireLink(change.fromSite(), change.toSite(), "change");
            schedule.add(change);
            return this;
        }

        /**
         * Adds a cross-traffic stream on an existing, bandwidth-limited link.
         *
         * @param stream the stream
         * @return this builder
         * @throws IllegalArgumentException if the link has not been added or has unlimited bandwidth
         */
        public Builder crossTraffic(CrossTraffic stream) {
            Objects.requireNonNull(stream, "stream");
            LinkProfile profile = requireLink(stream.fromSite(), stream.toSite(), "carry cross traffic");
            if (!profile.isBandwidthLimited()) {
                throw new IllegalArgumentException("cross traffic needs a bandwidth limit on the link "
                        + stream.fromSite() + " -> " + stream.toSite() + ", which has none");
            }
            crossTraffic.add(stream);
            return this;
        }

        /**
         * Builds the immutable topology.
         *
         * @return the topology
         * @throws IllegalArgumentException if no site was added, or the tree leaves out a site
         */
        public Topology build() {
            if (sites.isEmpty()) {
                throw new IllegalArgumentException("topology '" + name + "' has no sites; add at least one");
            }
            if (tree != null) {
                Set<String> missing = new LinkedHashSet<>(sites);
                tree.forEach(edge -> {
                    missing.remove(edge.parent());
                    missing.remove(edge.child());
                });
                if (!missing.isEmpty()) {
                    throw new IllegalArgumentException("the tree " + tree + " leaves out " + missing
                            + "; every site must be in the tree");
                }
            }
            return new Topology(name, sites, links, tree, schedule, crossTraffic);
        }

        /**
         * Whether a site was added.
         *
         * @param site the site name
         * @return {@code true} if {@link #site(String)} added it
         */
        boolean hasSite(String site) {
            return sites.contains(site);
        }

        /**
         * Whether a directed link was added.
         *
         * @param fromSite the sending site
         * @param toSite the receiving site
         * @return {@code true} if the link exists
         */
        boolean hasLink(String fromSite, String toSite) {
            return links.containsKey(new Pair(fromSite, toSite));
        }

        private LinkProfile requireLink(String fromSite, String toSite, String purpose) {
            LinkProfile profile = links.get(new Pair(fromSite, toSite));
            if (profile == null) {
                throw new IllegalArgumentException("there is no link " + fromSite + " -> " + toSite + " to " + purpose
                        + "; add the link first");
            }
            return profile;
        }

        private void requireSite(String site) {
            Objects.requireNonNull(site, "site");
            if (!sites.contains(site)) {
                throw new IllegalArgumentException("unknown site '" + site + "'; declared sites: " + sites);
            }
        }
    }
}
