package org.gcs.emulator;

import org.gcs.alm.tree.FixedTreeStrategy;
import org.gcs.alm.tree.SpanningTree;
import org.gcs.Quantities;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the text format described at {@link Topology#parse(String, String)}, one line at a time. Every error
 * is an {@link IllegalArgumentException} whose message starts with {@code source:line:}, quotes the line and
 * says what to write instead.
 */
final class TopologyParser {

    private static final String SYMMETRIC = "<->";
    private static final String DIRECTED = "->";
    private static final List<String> DIRECTIVES = List.of("name", "site", "defaults", "link", "tree", "at", "cross");
    private static final List<String> KEYS =
            List.of("rtt", "delay", "jitter", "loss", "burst", "bandwidth", "queue", "reorder", "aqm");
    private static final List<String> CROSS_KEYS = List.of("rate", "on", "off", "packet", "start");
    private static final String CROSS_EXAMPLE = "e.g. 'cross a -> b rate=200kbps on=1s off=1s'";

    private final String text;
    private final String sourceName;

    private final List<String> sites = new ArrayList<>();
    private final Map<String, Integer> siteLines = new HashMap<>();
    private final Map<String, Integer> linkLines = new HashMap<>();
    private final Map<String, ParsedLink> links = new LinkedHashMap<>();
    private final List<PendingChange> changes = new ArrayList<>();
    private final List<CrossTraffic> crossTraffic = new ArrayList<>();
    private String name;
    private LinkSpec defaults = LinkSpec.BUILT_IN_DEFAULTS;
    private List<TreeEdge> tree;
    private int treeLineNumber;
    private String treeLine;

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
        checkTreeSpansAllSites();
        TopologyBuilder result = Topology.builder(name != null ? name : defaultName(sourceName));
        sites.forEach(result::site);
        links.values().forEach(link -> result.link(link.from(), link.to(), link.spec().toProfile()));
        if (tree != null) {
            result.tree(tree);
        }
        scheduledChanges().forEach(result::change);
        crossTraffic.forEach(result::crossTraffic);
        return result.build();
    }

    private void parseLine(String content) {
        String[] tokens = spaceArrows(content).split("\\s+");
        String directive = tokens[0];
        switch (directive) {
            case "name" -> parseName(tokens);
            case "site" -> parseSites(tokens);
            case "defaults" -> defaults = parseSettings(tokens, 1, defaults, defaults, Direction.DEFAULTS)[0];
            case "link" -> parseLink(tokens);
            case "tree" -> parseTree(tokens);
            case "at" -> parseChange(tokens);
            case "cross" -> parseCross(tokens);
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
        LinkSpec[] specs = parseSettings(tokens, 4, defaults, defaults, symmetric ? Direction.BOTH : Direction.ONE);
        addLink(from, to, specs[0]);
        if (symmetric) {
            addLink(to, from, specs[1]);
        }
    }

    private void addLink(String from, String to, LinkSpec spec) {
        String key = linkKey(from, to);
        Integer earlier = linkLines.putIfAbsent(key, lineNumber);
        if (earlier != null) {
            throw error("the link " + key + " is already defined on line " + earlier + "; define each direction once");
        }
        links.put(key, new ParsedLink(from, to, spec));
    }

    /** {@code tree a-b b-c ...}: the edges of the fixed multicast tree, parent first; commas may separate them. */
    private void parseTree(String[] tokens) {
        if (tree != null) {
            throw error("the tree is already given on line " + treeLineNumber + "; write one 'tree' line");
        }
        List<TreeEdge> edges = new ArrayList<>();
        for (int i = 1; i < tokens.length; i++) {
            for (String edge : tokens[i].split(",")) {
                if (!edge.isEmpty()) {
                    edges.add(parseEdge(edge));
                }
            }
        }
        if (edges.isEmpty()) {
            throw error("expected 'tree <parent>-<child> [<parent>-<child>...]' with at least one edge, e.g. "
                    + "'tree a-b b-c'; the first edge's parent is the root");
        }
        try {
            FixedTreeStrategy.of(edges.stream().map(e -> new SpanningTree.Edge(e.parent(), e.child())).toList());
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
        tree = List.copyOf(edges);
        treeLineNumber = lineNumber;
        treeLine = line;
    }

    private TreeEdge parseEdge(String edge) {
        String[] ends = edge.split("-", -1);
        if (ends.length != 2 || ends[0].isEmpty() || ends[1].isEmpty()) {
            throw error("edge '" + edge + "' must be <parent>-<child>: two declared sites joined by one '-' (a site "
                    + "whose name contains '-' cannot be in a tree; rename it)");
        }
        return new TreeEdge(requireSite(ends[0]), requireSite(ends[1]));
    }

    /** Run at the end, when every site is declared: the tree must reach all of them. */
    private void checkTreeSpansAllSites() {
        if (tree == null) {
            return;
        }
        Set<String> missing = new LinkedHashSet<>(sites);
        for (TreeEdge edge : tree) {
            missing.remove(edge.parent());
            missing.remove(edge.child());
        }
        if (!missing.isEmpty()) {
            lineNumber = treeLineNumber;
            line = treeLine;
            String root = tree.get(0).parent();
            throw error("the tree leaves out site" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + "; every declared site must be in the tree: add edges such as " + root + "-"
                    + missing.iterator().next());
        }
    }

    /**
     * {@code at <time> link <site> <-> <site> key=value...}: checked now against the link as declared; the
     * profiles are computed at the end, in time order ({@link #scheduledChanges()}).
     */
    private void parseChange(String[] tokens) {
        if (tokens.length < 7 || !tokens[2].equals("link") || !(tokens[4].equals(SYMMETRIC)
                || tokens[4].equals(DIRECTED))) {
            throw error("expected 'at <time> link <site> -> <site> key=value...' (or '<->'), e.g. "
                    + "'at 200s link a -> b bandwidth=1Mbps', with at least one key=value to change");
        }
        long atNs;
        try {
            atNs = Quantities.timeNs(tokens[1]);
        } catch (IllegalArgumentException e) {
            throw error("at " + tokens[1] + ": " + e.getMessage());
        }
        String from = requireSite(tokens[3]);
        String to = requireSite(tokens[5]);
        boolean symmetric = tokens[4].equals(SYMMETRIC);
        LinkSpec forward = requireLink(from, to, "change");
        LinkSpec backward = symmetric ? requireLink(to, from, "change") : forward;
        parseSettings(tokens, 6, forward, backward, symmetric ? Direction.BOTH : Direction.ONE);
        changes.add(new PendingChange(atNs, changes.size(), from, to, symmetric, tokens, lineNumber, line));
    }

    /**
     * The changes as complete profiles, sorted by time and then declaration order: each change starts from the
     * link's values at its moment, earlier changes included.
     */
    private List<LinkChange> scheduledChanges() {
        List<PendingChange> ordered = new ArrayList<>(changes);
        ordered.sort(Comparator.comparingLong(PendingChange::atNs).thenComparingInt(PendingChange::order));
        Map<String, LinkSpec> current = new HashMap<>();
        links.forEach((key, link) -> current.put(key, link.spec()));
        List<LinkChange> result = new ArrayList<>();
        for (PendingChange change : ordered) {
            lineNumber = change.lineNumber();
            line = change.line();
            String forwardKey = linkKey(change.from(), change.to());
            String backwardKey = linkKey(change.to(), change.from());
            LinkSpec[] specs = parseSettings(change.tokens(), 6, current.get(forwardKey),
                    change.symmetric() ? current.get(backwardKey) : current.get(forwardKey),
                    change.symmetric() ? Direction.BOTH : Direction.ONE);
            current.put(forwardKey, specs[0]);
            result.add(new LinkChange(change.atNs(), change.from(), change.to(), specs[0].toProfile()));
            if (change.symmetric()) {
                current.put(backwardKey, specs[1]);
                result.add(new LinkChange(change.atNs(), change.to(), change.from(), specs[1].toProfile()));
            }
        }
        return result;
    }

    /** {@code cross <site> -> <site> rate=... on=... off=... [packet=...] [start=on|off]}; {@code <->}: both ways. */
    private void parseCross(String[] tokens) {
        if (tokens.length < 4 || !(tokens[2].equals(SYMMETRIC) || tokens[2].equals(DIRECTED))) {
            throw error("expected 'cross <site> -> <site> rate=<bit rate> on=<time> off=<time> [packet=<size>] "
                    + "[start=on|off]' (or '<->' for both directions), " + CROSS_EXAMPLE);
        }
        String from = requireSite(tokens[1]);
        String to = requireSite(tokens[3]);
        if (from.equals(to)) {
            throw error("cross traffic needs a link between two different sites, got '" + from + "' twice");
        }
        boolean symmetric = tokens[2].equals(SYMMETRIC);
        Map<String, String> values = new HashMap<>();
        for (int i = 4; i < tokens.length; i++) {
            String token = tokens[i];
            int eq = token.indexOf('=');
            if (eq <= 0 || eq == token.length() - 1) {
                throw error("expected key=value, got '" + token + "'; keys are " + String.join(", ", CROSS_KEYS));
            }
            String key = token.substring(0, eq);
            String value = token.substring(eq + 1);
            if (!CROSS_KEYS.contains(key)) {
                throw error("unknown key '" + key + "' for cross traffic; keys are " + String.join(", ", CROSS_KEYS));
            }
            if (values.put(key, value) != null) {
                throw error("key '" + key + "' is given twice; give it once");
            }
            if (value.contains("/")) {
                throw error(key + "=" + value + ": per-direction values a/b are not allowed on cross lines; write "
                        + "one 'cross a -> b' line per direction");
            }
        }
        for (String required : List.of("rate", "on", "off")) {
            if (!values.containsKey(required)) {
                throw error("cross traffic needs rate=, on= and off= (missing " + required + "=), " + CROSS_EXAMPLE);
            }
        }
        long rateBitsPerSec = convert("rate", values.get("rate"), Quantities::bitsPerSec);
        if (rateBitsPerSec == 0) {
            throw error("rate=unlimited: cross traffic needs a finite rate, e.g. rate=200kbps");
        }
        long meanOnNs = convert("on", values.get("on"), Quantities::timeNs);
        if (meanOnNs == 0) {
            throw error("on=" + values.get("on") + ": the mean ON period must be above 0, e.g. on=1s");
        }
        long meanOffNs = convert("off", values.get("off"), Quantities::timeNs);
        long packetBytes = values.containsKey("packet") ? convert("packet", values.get("packet"), Quantities::bytes)
                : CrossTraffic.DEFAULT_PACKET_BYTES;
        if (packetBytes < 1 || packetBytes > CrossTraffic.MAX_PACKET_BYTES) {
            throw error("packet=" + values.get("packet") + ": a packet is 1B to " + CrossTraffic.MAX_PACKET_BYTES
                    + "B, e.g. packet=1000B");
        }
        boolean startsOn = switch (values.getOrDefault("start", "on")) {
            case "on" -> true;
            case "off" -> false;
            default -> throw error("start=" + values.get("start") + ": write start=on or start=off");
        };
        addCross(from, to, rateBitsPerSec, meanOnNs, meanOffNs, (int) packetBytes, startsOn);
        if (symmetric) {
            addCross(to, from, rateBitsPerSec, meanOnNs, meanOffNs, (int) packetBytes, startsOn);
        }
    }

    private void addCross(String from, String to, long rateBitsPerSec, long meanOnNs, long meanOffNs,
                          int packetBytes, boolean startsOn) {
        if (requireLink(from, to, "carry cross traffic").bandwidthBitsPerSec() == 0) {
            throw error("cross traffic needs a bandwidth limit on the link " + linkKey(from, to) + ", which has "
                    + "none; give its link line bandwidth=, e.g. bandwidth=10Mbps");
        }
        crossTraffic.add(new CrossTraffic(from, to, rateBitsPerSec, meanOnNs, meanOffNs, packetBytes, startsOn));
    }

    /** @return the declared settings of an existing link; an error (saying what the line wanted) if none */
    private LinkSpec requireLink(String from, String to, String purpose) {
        ParsedLink link = links.get(linkKey(from, to));
        if (link == null) {
            throw error("there is no link " + linkKey(from, to) + " to " + purpose + "; define it first with a "
                    + "'link' line above this one");
        }
        return link.spec();
    }

    private static String linkKey(String from, String to) {
        return from + " -> " + to;
    }

    /**
     * Reads {@code key=value} tokens from {@code start} on, starting from {@code forwardBase} (and
     * {@code backwardBase} for the second direction of {@link Direction#BOTH}). Returns one spec for
     * {@link Direction#ONE} and {@link Direction#DEFAULTS}, two (forward, backward) for {@link Direction#BOTH}.
     */
    private LinkSpec[] parseSettings(String[] tokens, int start, LinkSpec forwardBase, LinkSpec backwardBase,
                                     Direction direction) {
        LinkSpec.Builder forward = forwardBase.toBuilder();
        LinkSpec.Builder backward = backwardBase.toBuilder();
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
            case "aqm" -> spec.red = value.equalsIgnoreCase("droptail") ? null : convert(key, value, RedQueue::parse);
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

    /** A directed link read from the text, with its settings as written (loss and burst apart). */
    private record ParsedLink(String from, String to, LinkSpec spec) {
    }

    /** An {@code at} line, kept until every line is read, with what its error messages need. */
    private record PendingChange(long atNs, int order, String from, String to, boolean symmetric, String[] tokens,
                                 int lineNumber, String line) {
    }
}
