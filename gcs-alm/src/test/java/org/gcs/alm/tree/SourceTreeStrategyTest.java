package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SourceTreeStrategyTest {
    private static final LinkCosts FLAT = LinkCosts.builder(1).build();
    private final SourceTreeStrategy strategy = new SourceTreeStrategy();

    private static SortedSet<String> sites(String... names) {
        return new TreeSet<>(Set.of(names));
    }

    @Test
    void shouldSendDirectlyFromEverySourceAtThreeSitesOfEqualCost() {
        // a shared tree at equal costs relays one of the three sources through the root; here nobody is relayed
        TreePlan plan = strategy.plan(sites("a", "b", "c"), FLAT, 4);
        assertThat(plan.hasSourceTrees()).isTrue();
        assertThat(plan.treeFor("a")).hasToString("a(b, c)");
        assertThat(plan.treeFor("b")).hasToString("b(a, c)");
        assertThat(plan.treeFor("c")).hasToString("c(a, b)");
        assertThat(plan.nextHops("b", "b", null, Set.of("a", "c"))).containsExactly("a", "c");
    }

    @Test
    void shouldGiveTheSourceTwoChildrenAndLetThemRelayTheRest() {
        // five sites at equal cost, fan-out 4: the source's uplink carries each packet twice, not four times
        TreePlan plan = strategy.plan(sites("a", "b", "c", "d", "e"), FLAT, 4);
        assertThat(plan.treeFor("a")).hasToString("a(b(d, e), c)");
        assertThat(plan.treeFor("c")).hasToString("c(a(d, e), b)");
        assertThat(plan.nextHops("a", "a", null, plan.sites())).containsExactly("b", "c");
        assertThat(plan.nextHops("b", "a", "a", plan.sites())).containsExactly("d", "e");
        assertThat(plan.nextHops("c", "a", "a", plan.sites())).isEmpty();
    }

    @Test
    void shouldFollowTheCheaperPathAndHonourASmallerFanOut() {
        // a-b 1, b-c 1, a-c 5: a's packets reach c through b, c's reach a through b
        LinkCosts costs = LinkCosts.builder(100).measured("a", "b", 1).measured("b", "c", 1).measured("a", "c", 5)
                .measured("b", "a", 1).measured("c", "b", 1).measured("c", "a", 5).build();
        TreePlan plan = strategy.plan(sites("a", "b", "c"), costs, 4);
        assertThat(plan.treeFor("a")).hasToString("a(b(c))");
        assertThat(plan.treeFor("b")).hasToString("b(a, c)");
        assertThat(plan.treeFor("c")).hasToString("c(b(a))");
        // fan-out 1 everywhere: a chain from every source
        assertThat(strategy.plan(sites("a", "b", "c"), FLAT, 1).treeFor("b")).hasToString("b(a(c))");
    }

    @Test
    void shouldShareOneTreeAboveTheSiteLimit() {
        SortedSet<String> many = new TreeSet<>();
        for (int i = 0; i <= SourceTreeStrategy.MAX_SITES; i++) {
            many.add(String.format("s%02d", i));
        }
        TreePlan plan = strategy.plan(many, FLAT, 4);
        assertThat(plan.hasSourceTrees()).isFalse();
        assertThat(plan.strategy()).isEqualTo(SourceTreeStrategy.NAME);
        assertThat(plan.sharedTree()).hasValue(new ShortestPathTreeStrategy().plan(many, FLAT, 4).sharedTree()
                .orElseThrow());
        many.remove(many.last());
        assertThat(strategy.plan(many, FLAT, 4).hasSourceTrees()).isTrue();
    }

    @Test
    void shouldRejectPlansWhoseTreesAreNotRootedAtTheirSourceOrDoNotSpanTheSites() {
        SpanningTree ab = SpanningTree.of("a", Map.of("b", "a"));
        assertThatThrownBy(() -> TreePlan.sourceTrees("x", Map.of("a", ab, "b", ab)))
                .hasMessageContaining("source b");
        assertThatThrownBy(() -> TreePlan.sourceTrees("x", Map.of("a", ab, "b", SpanningTree.single("b"))))
                .hasMessageContaining("source b");
        assertThatThrownBy(() -> TreePlan.sourceTrees("x", Map.of())).hasMessageContaining("treesBySource");
        assertThatThrownBy(() -> strategy.plan(sites("a"), FLAT, 0)).hasMessageContaining("maxFanOut");
        assertThatThrownBy(() -> strategy.plan(sites("a"), null, 1)).hasMessageContaining("costs");
    }
}
