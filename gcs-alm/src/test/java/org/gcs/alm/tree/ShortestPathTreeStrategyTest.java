package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
