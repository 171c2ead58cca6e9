package org.gcs.emulator;

import org.gcs.internal.config.Quantities;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reads the text format described at {@link Topology#parse(String, String)}, one line at a time. Every error
 * is an {@link IllegalArgumentException} whose message starts with {@code source:line:}, quotes the line and
 * says what to write instead.
 */
final class TopologyParser {

    private static final String SYMMETRIC = "<->";
    private static final String DIRECTED = "->";
    private static final List<String> DIRECTIVES = List.of("name", "site", "defaults", "link");
    private static final List<String> KEYS =
            List.of("rtt", "delay", "jitter", "loss", "burst", "bandwidth", "queue", "reorder");

    private final String text;
    private final String sourceName;

    private final List<String> sites = new ArrayList<>();
    private final Map<String, Integer> siteLines = new HashMap<>();
    private final Map<String, Integer> linkLines = new HashMap<>();
    private final Map<String, ParsedLink> links = new LinkedHashMap<>();
    private String name;
    private LinkSpec defaults = LinkSpec.BUILT_IN_DEFAULTS;

    private int lineNumber;
    private String line;

    TopologyParser(String text, String sourceName) {
        this.text = Objects.requireNonNull(text, "text");
        this.sourceName = Objects.requireNonNull(sourceName, "sourceName");
    }

    Topology parse() {
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            lineNumber = i + 1;
            line = lines[i];
            int hash = line.indexOf('#');
            String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (!content.isEmpty()) {
                parseLine(content);
            }
        }
        if (sites.isEmpty()) {
            throw new IllegalArgumentException(sourceName + ": declares no sites; add lines such as 'site boston'");
        }
        Topology.Builder result = Topology.builder(name != null ? name : defaultName(sourceName));
        sites.forEach(result::site);
        links.values().forEach(link -> result.link(link.from(), link.to(), link.profile()));
        return result.build();
    }

    private void parseLine(String content) {
        String[] tokens = spaceArrows(content).split("\\s+");
        String directive = tokens[0];
        switch (directive) {
            case "name" -> parseName(tokens);
            case "site" -> parseSites(tokens);
            case "defaults" -> defaults = parseSettings(tokens, 1, defaults, Direction.DEFAULTS)[0];
            case "link" -> parseLink(tokens);
            default -> throw error("unknown directive '" + directive + "'; a line starts with one of "
                    + String.join(", ", DIRECTIVES));
        }
    }

    private void parseName(String[] tokens) {
        if (tokens.length != 2) {
            throw error("expected 'name <topology-name>' with exactly one name");
        }
        if (name != null) {
            throw error("the name is already set to '" + name + "'; write one 'name' line");
        }
        name = tokens[1];
    }

    private void parseSites(String[] tokens) {
        if (tokens.length < 2) {
            throw error("expected 'site <name> [<name>...]'");
        }
        for (int i = 1; i < tokens.length; i++) {
            String site = tokens[i];
            if (!Topology.SITE_NAME.matcher(site).matches()) {
                throw error("malformed site name '" + site + "'; use a letter or digit, then letters, digits, "
                        + "'.', '_' or '-'");
            }
            Integer earlier = siteLines.putIfAbsent(site, lineNumber);
            if (earlier != null) {
                throw error("site '" + site + "' is already declared on line " + earlier);
            }
            sites.add(site);
        }
    }

    private void parseLink(String[] tokens) {
        if (tokens.length < 4 || !(tokens[2].equals(SYMMETRIC) || tokens[2].equals(DIRECTED))) {
            throw error("expected 'link <site> <-> <site> key=value...' or 'link <site> -> <site> key=value...'");
        }
        String from = requireSite(tokens[1]);
        String to = requireSite(tokens[3]);
        if (from.equals(to)) {
            throw error("a link needs two different sites, got '" + from + "' twice; traffic inside a site "
                    + "is not emulated");
        }
        boolean symmetric = tokens[2].equals(SYMMETRIC);
        LinkSpec[] specs = parseSettings(tokens, 4, defaults, symmetric ? Direction.BOTH : Direction.ONE);
        addLink(from, to, specs[0].toProfile());
        if (symmetric) {
            addLink(to, from, specs[1].toProfile());
        }
    }

    private void addLink(String from, String to, LinkProfile profile) {
        String key = from + " -> " + to;
        Integer earlier = linkLines.putIfAbsent(key, lineNumber);
        if (earlier != null) {
            throw error("the link " + key + " is already defined on line " + earlier + "; define each direction once");
        }
        links.put(key, new ParsedLink(from, to, profile));
    }

    /**
     * Reads {@code key=value} tokens from {@code start} on, starting from {@code base}. Returns one spec for
     * {@link Direction#ONE} and {@link Direction#DEFAULTS}, two (forward, backward) for {@link Direction#BOTH}.
     */
    private LinkSpec[] parseSettings(String[] tokens, int start, LinkSpec base, Direction direction) {
        LinkSpec.Builder forward = base.toBuilder();
        LinkSpec.Builder backward = base.toBuilder();
        Map<String, String> seen = new HashMap<>();
        for (int i = start; i < tokens.length; i++) {
            String token = tokens[i];
            int eq = token.indexOf('=');
            if (eq <= 0 || eq == token.length() - 1) {
                throw error("expected key=value, got '" + token + "'; keys are " + String.join(", ", KEYS));
            }
            String key = token.substring(0, eq);
            String value = token.substring(eq + 1);
            if (!KEYS.contains(key)) {
                throw error("unknown key '" + key + "'; keys are " + String.join(", ", KEYS));
            }
            if (seen.put(key, value) != null) {
                throw error("key '" + key + "' is given twice; give it once");
            }
            if (key.equals("rtt")) {
                applyRtt(value, direction, forward, backward);
                continue;
            }
            String[] parts = value.split("/", -1);
            if (parts.length > 2 || (parts.length == 2 && direction != Direction.BOTH)) {
                throw error(key + "=" + value + ": per-direction values a/b are allowed only on '<->' links, "
                        + "as exactly two values; here write a single value");
            }
            apply(forward, key, parts[0]);
            apply(backward, key, parts[parts.length - 1]);
        }
        if (seen.containsKey("rtt") && seen.containsKey("delay")) {
            throw error("give either rtt= (round trip, split in two) or delay= (one-way), not both");
        }
        return new LinkSpec[] {checked(forward), checked(backward)};
    }

    private void applyRtt(String value, Direction direction, LinkSpec.Builder forward, LinkSpec.Builder backward) {
        if (direction != Direction.BOTH) {
            throw error("rtt= is only allowed on '<->' links; on a one-way link or in defaults write delay= "
                    + "(the one-way delay)");
        }
        if (value.contains("/")) {
            throw error("rtt=" + value + ": a round trip is one value for the pair; for different one-way "
                    + "delays write delay=a/b");
        }
        long rttNs = convert("rtt", value, Quantities::timeNs);
        long oneWayNs = rttNs / 2 + (rttNs % 2);
        forward.delayNs = oneWayNs;
        backward.delayNs = oneWayNs;
    }

    private void apply(LinkSpec.Builder spec, String key, String value) {
        switch (key) {
            case "delay" -> spec.delayNs = convert(key, value, Quantities::timeNs);
            case "jitter" -> spec.jitterNs = convert(key, value, Quantities::timeNs);
            case "loss" -> spec.lossRate = convert(key, value, Quantities::lossRate);
            case "burst" -> spec.burstLength = convert(key, value, Quantities::burstLength);
            case "bandwidth" -> spec.bandwidthBitsPerSec = convert(key, value, Quantities::bitsPerSec);
            case "queue" -> spec.queueBytes = convert(key, value, Quantities::bytes);
            case "reorder" -> spec.allowReorder = convert(key, value, Quantities::bool);
            default -> throw new IllegalStateException("unhandled key " + key);
        }
    }

    private LinkSpec checked(LinkSpec.Builder spec) {
        try {
            return spec.build();
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    private <T> T convert(String key, String value, Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            throw error(key + "=" + value + ": " + e.getMessage());
        }
    }

    private String requireSite(String site) {
        if (!siteLines.containsKey(site)) {
            throw error("unknown site '" + site + "'; declare it first with 'site " + site + "' (declared: "
                    + (sites.isEmpty() ? "none" : String.join(", ", sites)) + ")");
        }
        return site;
    }

    private IllegalArgumentException error(String problem) {
        return new IllegalArgumentException(sourceName + ":" + lineNumber + ": " + problem + " [line: "
                + line.strip() + "]");
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

    /** Which kind of line a set of key=value settings is on. */
    private enum Direction { ONE, BOTH, DEFAULTS }

    /** A directed link read from the text. */
    private record ParsedLink(String from, String to, LinkProfile profile) {
    }
}
