package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gcs.alm.tree.SpanningTree.Edge;
import org.junit.jupiter.api.Test;

class SpanningTreeTest {
    //        r
    //      / | \
    //     a  b  c
    //    / \     \
    //   d   e     f
    //             |
    //             g
    private static final SpanningTree TREE = SpanningTree.of("r", Map.of(
            "a", "r", "b", "r", "c", "r", "d", "a", "e", "a", "f", "c", "g", "f"));

    @Test
    void shouldExposeTheStructureSorted() {
        assertThat(TREE.root()).isEqualTo("r");
        assertThat(TREE.sites()).containsExactly("a", "b", "c", "d", "e", "f", "g", "r");
        assertThat(TREE.parentOf("r")).isEmpty();
        assertThat(TREE.parentOf("g")).hasValue("f");
        assertThat(TREE.childrenOf("r")).containsExactly("a", "b", "c");
        assertThat(TREE.childrenOf("d")).isEmpty();
        assertThat(TREE.neighborsOf("a")).containsExactly("r", "d", "e");
        assertThat(TREE.neighborsOf("r")).containsExactly("a", "b", "c");
        assertThat(TREE.edges()).containsExactly(new Edge("a", "d"), new Edge("a", "e"), new Edge("c", "f"),
                new Edge("f", "g"), new Edge("r", "a"), new Edge("r", "b"), new Edge("r", "c"));
        assertThat(TREE.depth()).isEqualTo(3);
        assertThat(TREE.maxFanOut()).isEqualTo(3);
        assertThat(TREE.pathFromRoot("g")).containsExactly("r", "c", "f", "g");
        assertThat(TREE.pathFromRoot("r")).containsExactly("r");
        assertThat(TREE.contains("g")).isTrue();
        assertThat(TREE.contains("z")).isFalse();
        assertThat(TREE).hasToString("r(a(d, e), b, c(f(g)))");
    }

    @Test
    void shouldSumLinkCostsAlongTheTreePath() {
        LinkCosts costs = LinkCosts.builder(100).measured("r", "c", 3).measured("c", "f", 4).measured("f", "g", 5)
                .build();
        assertThat(TREE.costFromRootNs("g", costs)).isEqualTo(12);
        assertThat(TREE.costFromRootNs("r", costs)).isZero();
        assertThat(TREE.costFromRootNs("d", costs)).isEqualTo(200);
        assertThat(TREE.maxCostFromRootNs(costs)).isEqualTo(200);
    }

    @Test
    void shouldSaturateInsteadOfOverflowing() {
        SpanningTree chain = SpanningTree.of("a", Map.of("b", "a", "c", "b"));
        LinkCosts costs = LinkCosts.builder(Long.MAX_VALUE).build();
        assertThat(chain.costFromRootNs("c", costs)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void shouldBuildASingleSiteTree() {
        SpanningTree single = SpanningTree.single("x");
        assertThat(single.sites()).containsExactly("x");
        assertThat(single.edges()).isEmpty();
        assertThat(single.depth()).isZero();
        assertThat(single.maxFanOut()).isZero();
        assertThat(single.neighborsOf("x")).isEmpty();
        assertThat(single).hasToString("x");
    }

    @Test
    void shouldBeEqualRegardlessOfMapInsertionOrder() {
        Map<String, String> forward = new LinkedHashMap<>();
        forward.put("a", "r");
        forward.put("b", "a");
        forward.put("c", "r");
        Map<String, String> backward = new LinkedHashMap<>();
        backward.put("c", "r");
        backward.put("b", "a");
        backward.put("a", "r");
        assertThat(SpanningTree.of("r", forward)).isEqualTo(SpanningTree.of("r", backward))
                .hasSameHashCodeAs(SpanningTree.of("r", new HashMap<>(backward)));
        assertThat(SpanningTree.of("r", forward)).isNotEqualTo(SpanningTree.of("a", Map.of("r", "a", "b", "a",
                "c", "r")));
    }

    @Test
    void shouldRejectTreesThatAreNotTrees() {
        assertThatThrownBy(() -> SpanningTree.of("r", Map.of("r", "a", "a", "r")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("root 'r' must have no parent");
        assertThatThrownBy(() -> SpanningTree.of("r", Map.of("a", "x")))
                .hasMessageContaining("parent 'x' of 'a' is not in the tree");
        assertThatThrownBy(() -> SpanningTree.of("r", Map.of("a", "r", "b", "c", "c", "b")))
                .hasMessageContaining("cycle");
        assertThatThrownBy(() -> SpanningTree.of("r", Map.of("a", "a")))
                .hasMessageContaining("cycle");
        assertThatThrownBy(() -> SpanningTree.of("", Map.of())).hasMessageContaining("root");
        Map<String, String> withNull = new HashMap<>();
        withNull.put("a", null);
        assertThatThrownBy(() -> SpanningTree.of("r", withNull)).hasMessageContaining("parentOf");
        assertThatThrownBy(() -> TREE.childrenOf("z")).hasMessageContaining("site 'z' is not in the tree");
    }

    @Test
    void shouldPruneToTheMinimalSubtreeRootedAtTheLowestCommonAncestor() {
        assertThat(TREE.prune(Set.of("d", "g")).orElseThrow()).hasToString("r(a(d), c(f(g)))");
        assertThat(TREE.prune(Set.of("d", "e")).orElseThrow()).hasToString("a(d, e)");
        assertThat(TREE.prune(Set.of("g", "c")).orElseThrow()).hasToString("c(f(g))");
        assertThat(TREE.prune(Set.of("g")).orElseThrow()).isEqualTo(SpanningTree.single("g"));
        assertThat(TREE.prune(Set.of("a", "d", "zz")).orElseThrow()).hasToString("a(d)");
        assertThat(TREE.prune(Set.of("r", "b")).orElseThrow()).hasToString("r(b)");
        assertThat(TREE.prune(Set.of("zz"))).isEmpty();
        assertThat(TREE.prune(Set.of())).isEmpty();
        assertThat(TREE.prune(TREE.sites())).hasValue(TREE);
    }

    @Test
    void shouldListEdgesSortedByParentThenChild() {
        assertThat(TREE.edges()).isSortedAccordingTo((x, y) -> x.parent().equals(y.parent())
                ? x.child().compareTo(y.child()) : x.parent().compareTo(y.parent()));
        assertThat(TREE.edges()).hasSize(TREE.sites().size() - 1);
        assertThat(List.copyOf(TREE.edges()).get(0)).hasToString("a->d");
    }
}
