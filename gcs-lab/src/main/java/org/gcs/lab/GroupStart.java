package org.gcs.lab;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gcs.emulator.LinkProfile;

/**
 * Starting a lab's groups: one node per member (and per relay site), the joins, the wait until every group's members
 * see each other, and a warm-up. Shared by the scenarios that place their members site by site (ORMCC,
 * cost-benefit).
 */
public final class GroupStart {
    private static final long S = 1_000_000_000L;

    private GroupStart() {
    }

    /**
     * A member to start: its site and its name (unique in the site).
     *
     * @param site the site
     * @param name the member's name
     */
    public record Member(String site, String name) {
        /** @return {@code site/name}, unique among all members */
        public String key() {
            return site + "/" + name;
        }
    }

    /**
     * Starts one node named {@code relay} in each relay site (it joins nothing: its site gets a delegate that only
     * relays), then the groups' members, joins the groups, waits for every group's view, and warms up.
     *
     * @param driver the lab's driver
     * @param relays sites with no member, in which one node is started
     * @param groups each group's members
     * @param viewTimeoutNs how long the members may take to see each other
     * @param warmUpNs how long to run once they do
     * @param progress where the line saying so goes
     * @return the nodes by {@link Member#key()}
     * @throws IllegalStateException if a group's members did not see each other in time
     * @throws InterruptedException if interrupted while waiting
     */
    public static Map<String, LabDriver.LabNode> startAndSettle(LabDriver driver, List<String> relays,
                                                                Map<String, List<Member>> groups, long viewTimeoutNs,
                                                                long warmUpNs, LabProgress progress)
            throws InterruptedException {
        Map<String, LabDriver.LabNode> nodes = new LinkedHashMap<>();
        for (String relay : relays) {
            Member m = new Member(relay, "relay");
            nodes.put(m.key(), driver.start(relay, m.name()));
        }
        for (List<Member> members : groups.values()) {
            for (Member member : members) {
                nodes.computeIfAbsent(member.key(), key -> driver.start(member.site(), member.name()));
            }
        }
        groups.forEach((group, members) -> members.forEach(m -> nodes.get(m.key()).join(group)));
        for (Map.Entry<String, List<Member>> group : groups.entrySet()) {
            List<LabDriver.LabNode> members = group.getValue().stream().map(m -> nodes.get(m.key())).distinct()
                    .toList();
            if (!driver.awaitViews(group.getKey(), members, members.size(), viewTimeoutNs)) {
                throw new IllegalStateException("the " + members.size() + " members of group '" + group.getKey()
                        + "' did not see each other within " + viewTimeoutNs / S + " s");
            }
        }
        progress.line(String.format(Locale.ROOT, "%d nodes, %d groups: the members see each other after %.1f s (%s);"
                + " warming up %d s", nodes.size(), groups.size(), driver.nowNs() / 1e9, driver.name(),
                warmUpNs / S));
        driver.advance(warmUpNs);
        return nodes;
    }

    /** @return a link's bandwidth in bytes per second, +∞ if unlimited */
    public static double bytesPerSec(LinkProfile link) {
        return link.isBandwidthLimited() ? link.bandwidthBitsPerSec() / 8.0 : Double.POSITIVE_INFINITY;
    }
}
