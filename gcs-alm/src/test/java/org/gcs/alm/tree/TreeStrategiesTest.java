package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TreeStrategiesTest {
    @Test
    void shouldSelectBuiltInStrategiesByShortName() {
        assertThat(TreeStrategies.builtInNames()).containsExactly("source-spt", "spt", "star");
        assertThat(TreeStrategies.byName("source-spt")).isInstanceOf(SourceTreeStrategy.class);
        assertThat(TreeStrategies.byName("spt")).isInstanceOf(ShortestPathTreeStrategy.class)
                .extracting(TreeStrategy::name).isEqualTo("spt");
        assertThat(TreeStrategies.byName(" star ")).isInstanceOf(SourceStarStrategy.class)
                .extracting(TreeStrategy::name).isEqualTo("star");
        for (String name : TreeStrategies.builtInNames()) {
            assertThat(TreeStrategies.byName(name).name()).isEqualTo(name);
        }
    }

    @Test
    void shouldSelectAFixedTreeByItsEdges() {
        TreeStrategy fixed = TreeStrategies.byName("fixed:A-B, B-C ,B-D");

        assertThat(fixed).isInstanceOf(FixedTreeStrategy.class).extracting(TreeStrategy::name).isEqualTo("fixed");
        assertThat(((FixedTreeStrategy) fixed).spec()).isEqualTo("fixed:A-B,B-C,B-D");
        assertThat(TreeStrategies.builtInNames()).doesNotContain("fixed");
        assertThatThrownBy(() -> TreeStrategies.byName("mst")).hasMessageContaining("fixed:EDGES (e.g. fixed:A-B");
        assertThatThrownBy(() -> TreeStrategies.byName(" ")).hasMessageContaining("fixed:EDGES");
    }

    @Test
    void shouldLoadAStrategyByFullyQualifiedClassName() {
        TreeStrategy strategy = TreeStrategies.byName(NameChainTestStrategy.class.getName());
        assertThat(strategy).isInstanceOf(NameChainTestStrategy.class);
        TreePlan plan = strategy.plan(new TreeSet<>(Set.of("c", "a", "b")), LinkCosts.builder(1).build(), 1);
        assertThat(plan.sharedTree().orElseThrow()).hasToString("a(b(c))");
    }

    @Test
    void shouldRejectUnknownNamesListingTheBuiltInOnes() {
        assertThatThrownBy(() -> TreeStrategies.byName("mst"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown tree strategy 'mst'")
                .hasMessageContaining("[source-spt, spt, star]");
        assertThatThrownBy(() -> TreeStrategies.byName("org.example.Missing"))
                .hasMessageContaining("unknown tree strategy 'org.example.Missing'")
                .hasMessageContaining("[source-spt, spt, star]");
        assertThatThrownBy(() -> TreeStrategies.byName("")).hasMessageContaining("[source-spt, spt, star]");
        assertThatThrownBy(() -> TreeStrategies.byName(null)).hasMessageContaining("nameOrClassName");
    }

    @Test
    void shouldRejectClassesThatAreNotInstantiableStrategies() {
        assertThatThrownBy(() -> TreeStrategies.byName("java.lang.String"))
                .hasMessageContaining("does not implement org.gcs.alm.tree.TreeStrategy");
        assertThatThrownBy(() -> TreeStrategies.byName(TreeStrategy.class.getName()))
                .hasMessageContaining("cannot create tree strategy");
    }
}
