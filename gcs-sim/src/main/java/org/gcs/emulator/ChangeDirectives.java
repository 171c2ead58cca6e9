package org.gcs.emulator;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.gcs.Quantities;

/**
 * The {@code at} lines of a topology text: each is checked when read, against the link as declared, and kept with
 * its line until every line is read; then, in time order, each becomes complete {@link LinkChange}s
 * ({@link #addTo(TopologyBuilder)}).
 */
final class ChangeDirectives {

    private final SourceLine source;
    private final SiteDirectives sites;
    private final LinkDirectives links;
    private final LinkSettings settings;
    private final List<PendingChange> changes = new ArrayList<>();

    ChangeDirectives(SourceLine source, SiteDirectives sites, LinkDirectives links, LinkSettings settings) {
        this.source = source;
        this.sites = sites;
        this.links = links;
        this.settings = settings;
    }

    /**
     * {@code at <time> link <site> <-> <site> key=value...}: checked now against the link as declared; the
     * profiles are computed at the end, in time order ({@link #scheduledChanges()}).
     */
    void parse(String[] tokens) {
        if (tokens.length < 7 || !tokens[2].equals("link") || !TopologyParser.isArrow(tokens[4])) {
            throw source.error("expected 'at <time> link <site> -> <site> key=value...' (or '<->'), e.g. "
                    + "'at 200s link a -> b bandwidth=1Mbps', with at least one key=value to change");
        }
        long atNs;
        try {
            atNs = Quantities.timeNs(tokens[1]);
        } catch (IllegalArgumentException e) {
            throw source.error("at " + tokens[1] + ": " + e.getMessage());
        }
        String from = sites.require(tokens[3]);
        String to = sites.require(tokens[5]);
        boolean symmetric = tokens[4].equals(TopologyParser.SYMMETRIC);
        LinkSpec forward = links.require(from, to, "change");
        LinkSpec backward = symmetric ? links.require(to, from, "change") : forward;
        settings.parse(tokens, 6, forward, backward, direction(symmetric));
        changes.add(new PendingChange(atNs, changes.size(), from, to, symmetric, tokens, source.lineNumber(),
                source.line()));
    }

    /** Adds the scheduled changes to the topology being built ({@link #scheduledChanges()}). */
    void addTo(TopologyBuilder topology) {
        scheduledChanges().forEach(topology::change);
    }

    /**
     * The changes as complete profiles, sorted by time and then declaration order: each change starts from the
     * link's values at its moment, earlier changes included.
     */
    private List<LinkChange> scheduledChanges() {
        List<PendingChange> ordered = new ArrayList<>(changes);
        ordered.sort(Comparator.comparingLong(PendingChange::atNs).thenComparingInt(PendingChange::order));
        Map<String, LinkSpec> current = links.specsByKey();
        List<LinkChange> result = new ArrayList<>();
        for (PendingChange change : ordered) {
            source.moveTo(change.lineNumber(), change.line());
            String forwardKey = LinkDirectives.key(change.from(), change.to());
            String backwardKey = LinkDirectives.key(change.to(), change.from());
            LinkSpec[] specs = settings.parse(change.tokens(), 6, current.get(forwardKey),
                    change.symmetric() ? current.get(backwardKey) : current.get(forwardKey),
                    direction(change.symmetric()));
            current.put(forwardKey, specs[0]);
            result.add(new LinkChange(change.atNs(), change.from(), change.to(), specs[0].toProfile()));
            if (change.symmetric()) {
                current.put(backwardKey, specs[1]);
                result.add(new LinkChange(change.atNs(), change.to(), change.from(), specs[1].toProfile()));
            }
        }
        return result;
    }

    private static LinkSettings.Direction direction(boolean symmetric) {
        return symmetric ? LinkSettings.Direction.BOTH : LinkSettings.Direction.ONE;
    }

    /** An {@code at} line, kept until every line is read, with what its error messages need. */
    private record PendingChange(long atNs, int order, String from, String to, boolean symmetric, String[] tokens,
                                 int lineNumber, String line) {
    }
}
