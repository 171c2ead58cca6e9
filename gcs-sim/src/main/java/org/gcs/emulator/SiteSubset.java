package org.gcs.emulator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sites a {@link Topology#subset(Collection)} keeps, and what of the topology's parts goes with them: the
 * links, changes and cross traffic between two kept sites, and the tree if its edges among the kept sites still
 * span them all.
 */
final class SiteSubset {

    private final Set<String> kept;

    private SiteSubset(Set<String> kept) {
        this.kept = kept;
    }

    /**
     * @param topologyName the topology's name, for error messages
     * @param sites the topology's sites
     * @param keptSites the sites to keep; duplicates are ignored
     * @throws IllegalArgumentException if a site is unknown (the message lists the known ones) or none is given
     */
    static SiteSubset of(String topologyName, List<String> sites, Collection<String> keptSites) {
        Set<String> wanted = new LinkedHashSet<>(keptSites);
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("a subset of topology '" + topologyName + "' needs at least one site; "
                    + "its sites are " + sites);
        }
        for (String site : wanted) {
            if (!sites.contains(site)) {
                throw new IllegalArgumentException("unknown site '" + site + "' in topology '" + topologyName
                        + "'; its sites are " + sites);
            }
        }
        return new SiteSubset(wanted);
    }

    /** @return the kept ones of {@code sites}, in their order */
    List<String> sites(List<String> sites) {
        return sites.stream().filter(kept::contains).toList();
    }

    /** @return the links between two kept sites, in their order */
    Map<SitePair, LinkProfile> links(Map<SitePair, LinkProfile> links) {
        Map<SitePair, LinkProfile> keptLinks = new LinkedHashMap<>();
        links.forEach((pair, profile) -> {
            if (keeps(pair.from(), pair.to())) {
                keptLinks.put(pair, profile);
            }
        });
        return keptLinks;
    }

    /** @return the changes of links between two kept sites, in their order */
    List<LinkChange> schedule(List<LinkChange> schedule) {
        return schedule.stream().filter(c -> keeps(c.fromSite(), c.toSite())).toList();
    }

    /** @return the cross traffic on links between two kept sites, in its order */
    List<CrossTraffic> crossTraffic(List<CrossTraffic> crossTraffic) {
        return crossTraffic.stream().filter(c -> keeps(c.fromSite(), c.toSite())).toList();
    }

    /**
     * @param tree the topology's tree, or null
     * @return the tree's edges among the kept sites if they span them all, root edge first; else null
     */
    List<TreeEdge> tree(List<TreeEdge> tree) {
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

    private boolean keeps(String fromSite, String toSite) {
        return kept.contains(fromSite) && kept.contains(toSite);
    }
}
