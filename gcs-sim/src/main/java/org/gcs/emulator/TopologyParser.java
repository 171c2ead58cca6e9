package org.gcs.emulator;

import java.util.List;
import java.util.Objects;

/**
 * Reads the text format described at {@link Topology#parse(String, String)}, one line at a time. Every error
 * is an {@link IllegalArgumentException} whose message starts with {@code source:line:}, quotes the line and
 * says what to write instead.
 *
 * <p>It owns the text, the line grammar (comments, tokens, the directive that starts a line) and the
 * {@code name} line; each other directive's lines are read and kept by a part of their own ({@link SiteDirectives},
 * {@link LinkDirectives} for {@code defaults} and {@code link}, {@link TreeDirective}, {@link ChangeDirectives} for
 * {@code at}, {@link CrossDirectives}), which all report errors through one {@link SourceLine} and read key=value
 * link settings with one {@link LinkSettings}. At the end the parts give their results to a {@link TopologyBuilder}.
 */
final class TopologyParser {

    /** The arrow of a line about both directions of a link. */
    static final String SYMMETRIC = "<->";
    /** The arrow of a line about one direction of a link. */
    static final String DIRECTED = "->";

    private static final List<String> DIRECTIVES = List.of("name", "site", "defaults", "link", "tree", "at", "cross");

    private final String text;
    private final SourceLine source;
    private final SiteDirectives sites;
    private final LinkDirectives links;
    private final TreeDirective tree;
    private final ChangeDirectives changes;
    private final CrossDirectives crossTraffic;
    private String name;

    TopologyParser(String text, String sourceName) {
        this.text = Objects.requireNonNull(text, "text");
        this.source = new SourceLine(Objects.requireNonNull(sourceName, "sourceName"));
        LinkSettings settings = new LinkSettings(source);
        this.sites = new SiteDirectives(source);
        this.links = new LinkDirectives(source, sites, settings);
        this.tree = new TreeDirective(source, sites);
        this.changes = new ChangeDirectives(source, sites, links, settings);
        this.crossTraffic = new CrossDirectives(source, sites, links);
    }

    /** @return whether {@code token} is {@link #SYMMETRIC} or {@link #DIRECTED} */
    static boolean isArrow(String token) {
        return token.equals(SYMMETRIC) || token.equals(DIRECTED);
    }

    Topology parse() {
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            source.moveTo(i + 1, line);
            int hash = line.indexOf('#');
            String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (!content.isEmpty()) {
                parseLine(content);
            }
        }
        if (sites.sites().isEmpty()) {
            throw new IllegalArgumentException(source.sourceName()
                    + ": declares no sites; add lines such as 'site boston'");
        }
        tree.checkSpansAllSites();
        TopologyBuilder result = Topology.builder(name != null ? name : defaultName(source.sourceName()));
        sites.addTo(result);
        links.addTo(result);
        tree.addTo(result);
        changes.addTo(result);
        crossTraffic.addTo(result);
        return result.build();
    }

    private void parseLine(String content) {
        String[] tokens = spaceArrows(content).split("\\s+");
        String directive = tokens[0];
        switch (directive) {
            case "name" -> parseName(tokens);
            case "site" -> sites.parse(tokens);
            case "defaults" -> links.parseDefaults(tokens);
            case "link" -> links.parseLink(tokens);
            case "tree" -> tree.parse(tokens);
            case "at" -> changes.parse(tokens);
            case "cross" -> crossTraffic.parse(tokens);
            default -> throw source.error("unknown directive '" + directive + "'; a line starts with one of "
                    + String.join(", ", DIRECTIVES));
        }
    }

    private void parseName(String[] tokens) {
        if (tokens.length != 2) {
            throw source.error("expected 'name <topology-name>' with exactly one name");
        }
        if (name != null) {
            throw source.error("the name is already set to '" + name + "'; write one 'name' line");
        }
        name = tokens[1];
    }

    private static String spaceArrows(String content) {
        return content.replaceAll("\\s*(<->|->)\\s*", " $1 ");
    }

    private static String defaultName(String sourceName) {
        String base = sourceName.substring(Math.max(sourceName.lastIndexOf('/'),
                Math.max(sourceName.lastIndexOf('\\'), sourceName.lastIndexOf(':'))) + 1);
        if (base.endsWith(Topology.SUFFIX)) {
            base = base.substring(0, base.length() - Topology.SUFFIX.length());
        }
        return base.isBlank() ? "unnamed" : base;
    }
}
