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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * An immutable emulated WAN: an ordered list of sites and a {@link LinkProfile} for each directed pair of
 * sites that has a link. A pair without an entry has no emulated link: traffic between those sites passes
 * unchanged.
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

    private Topology(String name, List<String> sites, Map<Pair, LinkProfile> links) {
        this.name = name;
        this.sites = List.copyOf(sites);
        this.links = Collections.unmodifiableMap(new LinkedHashMap<>(links));
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
     * ({@code B, KB, KiB, MB, MiB}, powers of 1024) and {@code reorder} ({@code true}/{@code false}). Times
     * take {@code ns, us, ms, s}. On a {@code <->} line every value except {@code rtt} may be written
     * {@code a/b}: {@code a} for the first-to-second direction, {@code b} for the other. Keys not given come
     * from the latest {@code defaults} line, else: no delay, no jitter, no loss, unlimited bandwidth, a
     * 128 KiB queue, no reordering.
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
     * The part of this topology among some of its sites: those sites (in this topology's order) and the links
     * between them. Its name is this name followed by the chosen sites, e.g. {@code ron6[boston,ottawa]}.
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
        return new Topology(name + "[" + String.join(",", kept) + "]", kept, keptLinks);
    }

    /**
     * Two topologies are equal when they have the same name, the same sites in the same order and the same
     * links.
     *
     * @param other the object to compare with
     * @return whether they are equal
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof Topology that
                && name.equals(that.name) && sites.equals(that.sites) && links.equals(that.links);
    }

    /**
     * A hash code consistent with {@link #equals(Object)}.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return Objects.hash(name, sites, links);
    }

    /**
     * A short description: name, sites and the number of directed links.
     *
     * @return the description
     */
    @Override
    public String toString() {
        return "Topology[" + name + ", sites=" + sites + ", " + links.size() + " directed links]";
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
         * Builds the immutable topology.
         *
         * @return the topology
         * @throws IllegalArgumentException if no site was added
         */
        public Topology build() {
            if (sites.isEmpty()) {
                throw new IllegalArgumentException("topology '" + name + "' has no sites; add at least one");
            }
            return new Topology(name, sites, links);
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

        private void requireSite(String site) {
            Objects.requireNonNull(site, "site");
            if (!sites.contains(site)) {
                throw new IllegalArgumentException("unknown site '" + site + "'; declared sites: " + sites);
            }
        }
    }
}
