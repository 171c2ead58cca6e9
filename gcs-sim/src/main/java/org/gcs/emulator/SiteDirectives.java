package org.gcs.emulator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The {@code site} lines of a topology text: the declared sites, in order, and the line that declared each. */
final class SiteDirectives {

    private final SourceLine source;
    private final List<String> sites = new ArrayList<>();
    private final Map<String, Integer> siteLines = new HashMap<>();

    SiteDirectives(SourceLine source) {
        this.source = source;
    }

    /** {@code site <name> [<name>...]}: declares each name, once in the whole text. */
    void parse(String[] tokens) {
        if (tokens.length < 2) {
            throw source.error("expected 'site <name> [<name>...]'");
        }
        for (int i = 1; i < tokens.length; i++) {
            String site = tokens[i];
            if (!Topology.SITE_NAME.matcher(site).matches()) {
                throw source.error("malformed site name '" + site + "'; use a letter or digit, then letters, digits, "
                        + "'.', '_' or '-'");
            }
            Integer earlier = siteLines.putIfAbsent(site, source.lineNumber());
            if (earlier != null) {
                throw source.error("site '" + site + "' is already declared on line " + earlier);
            }
            sites.add(site);
        }
    }

    /** @return {@code site}, if declared on an earlier line (or this one); else an error listing the declared ones */
    String require(String site) {
        if (!siteLines.containsKey(site)) {
            throw source.error("unknown site '" + site + "'; declare it first with 'site " + site + "' (declared: "
                    + (sites.isEmpty() ? "none" : String.join(", ", sites)) + ")");
        }
        return site;
    }

    /** @return the declared sites in declaration order (a live view) */
    List<String> sites() {
        return sites;
    }

    /** Adds the sites to the topology being built, in declaration order. */
    void addTo(TopologyBuilder topology) {
        sites.forEach(topology::site);
    }
}
