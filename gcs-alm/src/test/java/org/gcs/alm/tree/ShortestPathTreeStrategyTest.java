package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ShortestPathTreeStrategyTest {
    private final ShortestPathTreeStrategy spt = new ShortestPathTreeStrategy();

    @Test
    void shouldBreakTiesByChildNameThenParentName() {
        // every pair costs the same: the root is the first name; children fill parents in name order
        LinkCosts flat = LinkCosts.builder(1).build();
        TreePlan plan = spt.plan(new TreeSet<>(Set.of("e", "d", "c", "b", "a")), flat, 2);
        assertThat(plan.sharedTree().orElseThrow()).hasToString("a(b(d, e), c)");
    }

    @Test
    void shouldPreferTheCheaperPathOverTheDirectLink() {
        // a-b 1, b-c 1, a-c 5: c hangs below b; the root is b, the centre
        LinkCosts costs = LinkCosts.builder(100).measured("a", "b", 1).measured("b", "c", 1).measured("a", "c", 5)
                .build();
        assertThat(spt.plan(new TreeSet<>(Set.of("a", "b", "c")), costs, 6).sharedTree().orElseThrow())
                .hasToString("b(a, c)");
        // with a far-away d only reachable cheaply from a, the centre moves to a
        LinkCosts withD = LinkCosts.builder(100).measured("a", "b", 1).measured("b", "c", 1)
                .measured("a", "c", 5).measured("a", "d", 3).build();
        assertThat(spt.plan(new TreeSet<>(Set.of("a", "b", "c", "d")), withD, 6).sharedTree().orElseThrow())
                .hasToString("a(b(c), d)");
    }

    @Test
    void shouldRootATreeOfMoreThan512SitesAtACentralSiteOfTheDirectCosts() {
        // a star of access delays: site i's cost to j is a_i + a_j, so the most central site has the least a_i
        int n = ShortestPathTreeStrategy.EXACT_CENTER_MAX_SITES + 88;
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        TreeSet<String> sites = new TreeSet<>();
        long[] accessNs = new long[n];
        for (int i = 0; i < n; i++) {
            sites.add(String.format("s%04d", i));
            accessNs[i] = 5_000_000L + (i == 123 ? 0 : 1 + random.nextInt(100)) * 100_000L;
        }
        LinkCosts.Builder costs = LinkCosts.builder(1_000_000_000L);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                costs.measured(String.format("s%04d", i), String.format("s%04d", j), accessNs[i] + accessNs[j]);
            }
        }
        LinkCosts built = costs.build();
        SpanningTree tree = spt.plan(sites, built, 4).sharedTree().orElseThrow();
        assertThat(tree.sites()).hasSize(n);
        assertThat(tree.maxFanOut()).isLessThanOrEqualTo(4);
        assertThat(tree.root()).isEqualTo("s0123");
        assertThat(ShortestPathTreeStrategy.centralSites(FanOutTreeGrower.costMatrix(List.copyOf(sites), built), 1))
                .containsExactly(123);
    }

    @Test
    void shouldPlanASingleSite() {
        TreePlan plan = spt.plan(new TreeSet<>(Set.of("only")), LinkCosts.builder(1).build(), 1);
        assertThat(plan.sharedTree()).hasValue(SpanningTree.single("only"));
    }

    @Test
    void shouldRejectInvalidArguments() {
        LinkCosts costs = LinkCosts.builder(1).build();
        assertThatThrownBy(() -> spt.plan(new TreeSet<>(Set.of("a")), costs, 0)).hasMessageContaining("maxFanOut");
        assertThatThrownBy(() -> spt.plan(new TreeSet<>(), costs, 1)).hasMessageContaining("sites");
        assertThatThrownBy(() -> new SourceStarStrategy().plan(new TreeSet<>(Set.of("a")), costs, 0))
                .hasMessageContaining("maxFanOut");
        assertThatThrownBy(() -> new SourceStarStrategy().plan(new TreeSet<>(), costs, 1))
                .hasMessageContaining("sites");
    }
}
