package org.gcs.lab.nat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.gcs.lab.tcp.ReportFields;

/**
 * One periodic line of a {@code gcs lab-nat-agent}: what its node sent, which remote sites its delegate knows and
 * which of them it reaches through a relay, the sites in its view of the group, and what it delivered of each
 * sender. The agent prints it, the scenario parses it; {@link #format()} and {@link #parse} are inverse.
 *
 * @param sentMessages messages the agent's sender got admitted so far (numbered 1 to this)
 * @param sending true while the agent's sender runs
 * @param delegate true if the agent's node is its site's delegate
 * @param remoteSites the live remote sites the delegate knows ({@code MemberStatus.remoteSites}), sorted
 * @param relayedSites remote site → the site whose delegate relays traffic with it
 *     ({@code MemberStatus.relayedSites}); empty when every site is reached directly
 * @param viewSites the sites in the agent's view of the group, sorted
 * @param tallies what the agent delivered, by sending site
 */
public record NatAgentReport(long sentMessages, boolean sending, boolean delegate, List<String> remoteSites,
                             SortedMap<String, String> relayedSites, List<String> viewSites,
                             SortedMap<String, SenderTally> tallies) {
    /** The first word of every report line. */
    public static final String PREFIX = "nat-report";
    private static final String NONE = "-";

    /** Copies the lists and maps. */
    public NatAgentReport {
        remoteSites = List.copyOf(remoteSites);
        relayedSites = new TreeMap<>(relayedSites);
        viewSites = List.copyOf(viewSites);
        tallies = new TreeMap<>(tallies);
    }

    /**
     * @param sender a sending site
     * @return what this agent delivered of its messages ({@link SenderTally#NONE} if nothing)
     */
    public SenderTally tally(String sender) {
        return tallies.getOrDefault(sender, SenderTally.NONE);
    }

    /** @return the line, {@code nat-report key=value ...} */
    public String format() {
        List<String> relayed = new ArrayList<>();
        relayedSites.forEach((site, via) -> relayed.add(site + ">" + via));
        List<String> counts = new ArrayList<>();
        tallies.forEach((site, t) -> counts.add(site + ":" + t.delivered() + "/" + t.distinct() + "/"
                + t.outOfOrder() + "/" + t.maxSequence()));
        return PREFIX + " sent=" + sentMessages + " sending=" + sending + " delegate=" + delegate
                + " remote=" + list(remoteSites) + " relayed=" + list(relayed) + " view=" + list(viewSites)
                + " tally=" + list(counts);
    }

    private static String list(List<String> items) {
        return items.isEmpty() ? NONE : String.join(",", items);
    }

    /**
     * @param line a line of an agent's standard output
     * @return the report it carries, or empty if it is some other line (an acknowledgement, an error) or malformed
     */
    public static Optional<NatAgentReport> parse(String line) {
        Optional<Map<String, String>> parsed = ReportFields.of(line, PREFIX);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> fields = parsed.get();
        try {
            SortedMap<String, String> relayed = new TreeMap<>();
            for (String entry : items(fields, "relayed")) {
                String[] parts = entry.split(">", 2);
                relayed.put(parts[0], parts[1]);
            }
            SortedMap<String, SenderTally> tallies = new TreeMap<>();
            for (String entry : items(fields, "tally")) {
                int colon = entry.lastIndexOf(':');
                String[] n = entry.substring(colon + 1).split("/");
                tallies.put(entry.substring(0, colon), new SenderTally(Long.parseLong(n[0]), Long.parseLong(n[1]),
                        Long.parseLong(n[2]), Long.parseLong(n[3])));
            }
            return Optional.of(new NatAgentReport(Long.parseLong(required(fields, "sent")),
                    Boolean.parseBoolean(required(fields, "sending")), Boolean.parseBoolean(required(fields,
                    "delegate")), items(fields, "remote"), relayed, items(fields, "view"), tallies));
        } catch (RuntimeException e) { // a number, a missing field or part: not a report of ours
            return Optional.empty();
        }
    }

    private static String required(Map<String, String> fields, String name) {
        String value = fields.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no " + name);
        }
        return value;
    }

    private static List<String> items(Map<String, String> fields, String name) {
        String value = required(fields, name);
        return value.equals(NONE) ? List.of() : List.of(value.split(","));
    }
}
