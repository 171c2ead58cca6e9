package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.gcs.alm.tree.LinkCosts;
import org.gcs.alm.tree.ShortestPathTreeStrategy;
import org.gcs.alm.tree.SourceStarStrategy;
import org.gcs.alm.tree.SourceTreeStrategy;
import org.gcs.alm.tree.TreePlan;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanPacket.TreeAnnounce;
import org.junit.jupiter.api.Test;

/** A plan survives the trip coordinator → wire → delegate: announced, encoded, decoded and converted back. */
class TreeOverlayPlanWireTest {
    private static final long MS = 1_000_000L;

    @Test
    void shouldCarryEveryKindOfPlanAcrossTheWireUnchanged() throws Exception {
        SortedSet<String> sites = new TreeSet<>(List.of("a", "b", "c", "d", "e"));
        // uneven costs, so that the trees per source differ from one another and from a star
        LinkCosts.Builder builder = LinkCosts.builder(500 * MS);
        int i = 0;
        for (String from : sites) {
            for (String to : sites) {
                if (!from.equals(to)) {
                    builder.measured(from, to, (10 + (i++ * 7) % 40) * MS);
                }
            }
        }
        LinkCosts costs = builder.build();
        for (TreePlan plan : List.of(new SourceTreeStrategy().plan(sites, costs, 4),
                new ShortestPathTreeStrategy().plan(sites, costs, 4), new SourceStarStrategy().plan(sites, costs, 4))) {
            TreeAnnounce announce = TreeOverlay.toAnnounce(3, plan, costs);
            TreeAnnounce decoded = (TreeAnnounce) WanCodec.decodePacket(WanCodec.encodePacket(announce));
            assertThat(decoded).as(plan.toString()).isEqualTo(announce);
            assertThat(TreeOverlay.toPlan(decoded)).isEqualTo(plan);
        }
        TreePlan perSource = new SourceTreeStrategy().plan(sites, costs, 4);
        assertThat(perSource.hasSourceTrees()).isTrue();
        TreeAnnounce announce = TreeOverlay.toAnnounce(3, perSource, costs);
        // each source's tree carries the cost of each of its links, in µs
        assertThat(announce.sourceTrees()).hasSize(5).allSatisfy(tree -> assertThat(tree.edges()).hasSize(4)
                .allSatisfy(edge -> assertThat(edge.costMicros())
                        .isEqualTo(costs.costNs(edge.parent(), edge.child()) / 1_000)));
    }
}
