package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.GroupTree;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;
import org.gcs.driver.WanPacketInfo;
import org.gcs.driver.WanPacketKind;

/**
 * Datagram sizes that hold (issue 15, Deliver 3): 100 sites × 10 groups with 2 members a site and 1200-byte datagrams.
 * The control packets that grow with the system (link reports to the coordinators, the tree plan over 100 sites,
 * peer hints, memberships with long names) exceed one datagram and go in pieces; every view still converges, one
 * tree forms, messages reach every member, and no datagram on the simulated wire exceeds the limit.
 */
class SimLargeOverlaySmallDatagramsTest {
    private static final long S = 1_000_000_000L;
    private static final int SITES = 100;
    private static final int GROUPS = 10;
    private static final int MEMBERS_PER_SITE = 2;
    private static final int MAX_DATAGRAM_BYTES = 1200;

    /** Counts the pieces of split packets and the largest envelope offered to the wire. */
    private static final class Sizes implements WanFilter {
        long fragments;
        int largestBytes;

        @Override
        public boolean pass(String fromSite, String toSite, WanPacketInfo packet) {
            if (packet.kind() == WanPacketKind.FRAGMENT) {
                fragments++;
            }
            largestBytes = Math.max(largestBytes, packet.encodedBytes());
            return true;
        }
    }

    private static String site(int i) {
        return String.format("site-with-a-longer-name-%03d", i);
    }

    private static String group(int g) {
        return String.format("a-group-with-a-long-name-%02d", g);
    }

    @Test
    void shouldFormOneOverlayAndDeliverEverywhereWithoutADatagramOverTheLimit() {
        SimNetwork net = new SimNetwork(null, SimOptions.defaults(), b -> b.maxDatagramBytes(MAX_DATAGRAM_BYTES));
        Sizes sizes = new Sizes();
        net.setWanFilter(sizes);
        List<SimNode> nodes = new ArrayList<>();
        for (int s = 0; s < SITES; s++) {
            for (int m = 0; m < MEMBERS_PER_SITE; m++) {
                nodes.add(net.start(site(s), site(s) + "-member-" + m));
            }
        }
        for (SimNode node : nodes) {
            for (int g = 0; g < GROUPS; g++) {
                node.join(group(g));
            }
        }

        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.view(group(0))
                .map(v -> v.sites().size() == SITES).orElse(false)), 60 * S))
                .as("every member sees all %d sites", SITES).isTrue();
        assertThat(net.runUntil(() -> agreedTree(nodes), 60 * S)).as("one tree over all sites, agreed").isTrue();
        GroupTree tree = nodes.get(0).tree(group(0)).orElseThrow();
        assertThat(tree.sites()).hasSize(SITES);
        assertThat(tree.edges()).hasSize(SITES - 1);

        // one sender in every tenth site, each to its own group
        Map<String, Map<MemberId, Long>> sentByGroup = new HashMap<>();
        int messages = 5;
        for (int s = 0; s < SITES; s += 10) {
            SimNode sender = nodes.get(s * MEMBERS_PER_SITE);
            String g = group(s / 10);
            for (int i = 0; i < messages; i++) {
                sender.send(g, new byte[200]);
            }
            sentByGroup.computeIfAbsent(g, k -> new HashMap<>()).put(sender.id(), (long) messages);
        }
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.delivered().size() == SITES / 10 * messages),
                60 * S)).as("every member delivered every message").isTrue();
        for (SimNode node : nodes) {
            for (Map.Entry<String, Map<MemberId, Long>> e : sentByGroup.entrySet()) {
                assertThat(DeliveryChecker.problems(node.id(), node.delivered().stream()
                        .filter(m -> m.group().equals(e.getKey())).toList(), e.getValue())).isEmpty();
            }
        }

        assertThat(sizes.fragments).as("large control packets went in pieces").isPositive();
        assertThat(net.wanDatagramsOverLimit()).as("datagrams over %d bytes", MAX_DATAGRAM_BYTES).isZero();
        assertThat(net.largestWanDatagramBytes()).isLessThanOrEqualTo(MAX_DATAGRAM_BYTES);
        assertThat(sizes.largestBytes).isLessThanOrEqualTo(MAX_DATAGRAM_BYTES);
    }

    private static boolean agreedTree(List<SimNode> nodes) {
        GroupTree first = nodes.get(0).tree(group(0)).orElse(null);
        if (first == null || first.sites().size() != SITES) {
            return false;
        }
        for (SimNode node : nodes) {
            if (node.tree(group(0)).map(t -> t.version() != first.version()).orElse(true)) {
                return false;
            }
        }
        return true;
    }
}
