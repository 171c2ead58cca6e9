package org.gcs.emulator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.gcs.alm.tree.FixedTreeStrategy;
import org.gcs.alm.tree.SpanningTree;

/**
 * Assembles a {@link Topology} in code ({@link Topology#builder(String)}); checks each site, link, tree, change and
 * cross-traffic stream as it is added, and the whole at {@link #build()}. Not thread-safe.
 */
public final class TopologyBuilder {

    private final String name;
    private final List<String> sites = new ArrayList<>();
    private final Map<SitePair, LinkProfile> links = new LinkedHashMap<>();
    private final List<LinkChange> schedule = new ArrayList<>();
    private final List<CrossTraffic> crossTraffic = new ArrayList<>();
    private List<TreeEdge> tree;

    TopologyBuilder(String name) {
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
    public TopologyBuilder site(String site) {
        Objects.requireNonNull(site, "site");
        if (!Topology.SITE_NAME.matcher(site).matches()) {
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
    public TopologyBuilder link(String fromSite, String toSite, LinkProfile profile) {
        Objects.requireNonNull(profile, "profile");
        requireSite(fromSite);
        requireSite(toSite);
        if (fromSite.equals(toSite)) {
            throw new IllegalArgumentException("a link needs two different sites, got '" + fromSite
                    + "' twice; traffic inside a site is not emulated");
        }
        if (links.putIfAbsent(new SitePair(fromSite, toSite), profile) != null) {
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
    public TopologyBuilder bidirectionalLink(String siteA, String siteB, LinkProfile profile) {
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
    public TopologyBuilder tree(List<TreeEdge> edges) {
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
    public TopologyBuilder change(LinkChange change) {
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
    public TopologyBuilder crossTraffic(CrossTraffic stream) {
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
        return links.containsKey(new SitePair(fromSite, toSite));
    }

    private LinkProfile requireLink(String fromSite, String toSite, String purpose) {
        LinkProfile profile = links.get(new SitePair(fromSite, toSite));
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
