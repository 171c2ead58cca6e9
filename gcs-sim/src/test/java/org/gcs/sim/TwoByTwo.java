package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;

/**
 * Two sites, a and b, joined by a 10 Mbit/s link of 20 ms one way, with two members each in one group: the smallest
 * network in which a member, a delegate and a remote site all play a part (the stall tests).
 */
final class TwoByTwo {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    /** Sites a and b and the link between them. */
    static final Topology TOPOLOGY = Topology.builder("two").site("a").site("b")
            .bidirectionalLink("a", "b", LinkProfile.IDEAL.withOneWayDelayNs(20 * MS)
                    .withBandwidthBitsPerSec(10_000_000L).withQueueBytes(128 * 1024))
            .build();

    private TwoByTwo() {
    }

    /** Starts a1, a2, b1, b2, joins them to {@code group} and waits until every view has all four. */
    static List<SimNode> start(SimNetwork net, String group) {
        List<SimNode> nodes = new ArrayList<>();
        for (String site : List.of("a", "b")) {
            for (int i = 1; i <= 2; i++) {
                nodes.add(net.start(site, site + i));
            }
        }
        nodes.forEach(n -> n.join(group));
        assertThat(net.runUntil(() -> allSee(nodes, group, 4), 10 * S)).as("every view has four members").isTrue();
        return nodes;
    }

    /** @return whether every node's view of the group has that many members */
    static boolean allSee(List<SimNode> nodes, String group, int members) {
        return nodes.stream().allMatch(n -> n.view(group).map(v -> v.size() == members).orElse(false));
    }
}
