package org.gcs.emulator;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code defaults} and {@code link} lines of a topology text: the defaults in force, and the directed links
 * with their settings as written (loss and burst apart, see {@link LinkSpec}) and the line that defined each.
 */
final class LinkDirectives {

    private final SourceLine source;
    private final SiteDirectives sites;
    private final LinkSettings settings;
    private final Map<String, Integer> linkLines = new HashMap<>();
    private final Map<String, ParsedLink> links = new LinkedHashMap<>();
    private LinkSpec defaults = LinkSpec.BUILT_IN_DEFAULTS;

    LinkDirectives(SourceLine source, SiteDirectives sites, LinkSettings settings) {
        this.source = source;
        this.sites = sites;
        this.settings = settings;
    }

    /** {@code defaults key=value...}: the settings of the {@code link} lines below, on top of the earlier defaults. */
    void parseDefaults(String[] tokens) {
        defaults = settings.parse(tokens, 1, defaults, defaults, LinkSettings.Direction.DEFAULTS)[0];
    }

    /** {@code link <site> <-> <site> key=value...} (both directions) or {@code link <site> -> <site> ...}. */
    void parseLink(String[] tokens) {
        if (tokens.length < 4 || !TopologyParser.isArrow(tokens[2])) {
            throw source.error("expected 'link <site> <-> <site> key=value...' or 'link <site> -> <site> "
                    + "key=value...'");
        }
        String from = sites.require(tokens[1]);
        String to = sites.require(tokens[3]);
        if (from.equals(to)) {
            throw source.error("a link needs two different sites, got '" + from + "' twice; traffic inside a site "
                    + "is not emulated");
        }
        boolean symmetric = tokens[2].equals(TopologyParser.SYMMETRIC);
        LinkSpec[] specs = settings.parse(tokens, 4, defaults, defaults,
                symmetric ? LinkSettings.Direction.BOTH : LinkSettings.Direction.ONE);
        add(from, to, specs[0]);
        if (symmetric) {
            add(to, from, specs[1]);
        }
    }

    private void add(String from, String to, LinkSpec spec) {
        String key = key(from, to);
        Integer earlier = linkLines.putIfAbsent(key, source.lineNumber());
        if (earlier != null) {
            throw source.error("the link " + key + " is already defined on line " + earlier
                    + "; define each direction once");
        }
        links.put(key, new ParsedLink(from, to, spec));
    }

    /** @return the declared settings of an existing link; an error (saying what the line wanted) if none */
    LinkSpec require(String from, String to, String purpose) {
        ParsedLink link = links.get(key(from, to));
        if (link == null) {
            throw source.error("there is no link " + key(from, to) + " to " + purpose + "; define it first with a "
                    + "'link' line above this one");
        }
        return link.spec();
    }

    /** @return a new map from each link's {@link #key(String, String)} to its settings as declared */
    Map<String, LinkSpec> specsByKey() {
        Map<String, LinkSpec> specs = new HashMap<>();
        links.forEach((key, link) -> specs.put(key, link.spec()));
        return specs;
    }

    /** Adds the links to the topology being built, in declaration order. */
    void addTo(TopologyBuilder topology) {
        links.values().forEach(link -> topology.link(link.from(), link.to(), link.spec().toProfile()));
    }

    /** @return {@code from -> to}, the key of a directed link, as error messages write it */
    static String key(String from, String to) {
        return from + " -> " + to;
    }

    /** A directed link read from the text, with its settings as written (loss and burst apart). */
    private record ParsedLink(String from, String to, LinkSpec spec) {
    }
}
