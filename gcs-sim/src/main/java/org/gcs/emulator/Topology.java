package org.gcs.emulator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.gcs.alm.tree.FixedTreeStrategy;

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

    /** The file suffix of topology files. */
    static final String SUFFIX = ".topo";

    /** Site names: a letter or digit, then letters, digits, '.', '_' or '-'. */
    static final Pattern SITE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private final String name;
    private final List<String> sites;
    private final Map<SitePair, LinkProfile> links;
    private final List<TreeEdge> tree;
    private final List<LinkChange> schedule;
    private final List<CrossTraffic> crossTraffic;

    Topology(String name, List<String> sites, Map<SitePair, LinkProfile> links, List<TreeEdge> tree,
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
        return TopologyLoader.load(nameOrPath);
    }

    /**
     * The names {@link #load(String)} accepts without a path.
     *
     * @return the built-in topology names, sorted
     */
    public static List<String> builtInNames() {
        return TopologyLoader.BUILT_IN;
    }

    /**
     * Starts a topology in code.
     *
     * @param name the topology's name
     * @return an empty builder
     */
    public static TopologyBuilder builder(String name) {
        return new TopologyBuilder(name);
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
        return Optional.ofNullable(links.get(new SitePair(fromSite, toSite)));
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
        SiteSubset subset = SiteSubset.of(name, sites, keptSites);
        List<String> kept = subset.sites(sites);
        return new Topology(name + "[" + String.join(",", kept) + "]", kept, subset.links(links), subset.tree(tree),
                subset.schedule(schedule), subset.crossTraffic(crossTraffic));
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
}
