package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TreePlanTest {
    //      r
    //     / \
    //    a   b
    //   / \
    //  c   d
    private static final SpanningTree TREE = SpanningTree.of("r", Map.of("a", "r", "b", "r", "c", "a", "d", "a"));
    private static final TreePlan SHARED = TreePlan.shared("spt", TREE);
    private static final TreePlan STARS = TreePlan.sourceStars("star", new TreeSet<>(Set.of("r", "a", "b", "c")));

    @Test
    void shouldForwardAlongTheSharedTreePrunedToMembers() {
        Set<String> members = Set.of("c", "b");
        // from c: c -> a -> r -> b; d is not a member and gets nothing
        assertThat(SHARED.nextHops("c", "c", null, members)).containsExactly("a");
        assertThat(SHARED.nextHops("a", "c", "c", members)).containsExactly("r");
        assertThat(SHARED.nextHops("r", "c", "a", members)).containsExactly("b");
        assertThat(SHARED.nextHops("b", "c", "r", members)).isEmpty();
        assertThat(SHARED.nextHops("d", "c", "a", members)).isEmpty();
        // a source without members elsewhere sends nothing
        assertThat(SHARED.nextHops("d", "d", null, Set.of("d"))).isEmpty();
        // a source outside the member sites still reaches them through the tree
        assertThat(SHARED.nextHops("b", "b", null, Set.of("c", "d"))).containsExactly("r");
        assertThat(SHARED.nextHops("a", "b", "r", Set.of("c", "d"))).containsExactly("c", "d");
    }

    @Test
    void shouldForwardToEveryNeighbourWhenThePacketCameFromANonNeighbour() {
        assertThat(SHARED.nextHops("a", "c", "b", Set.of("c", "d", "b"))).containsExactly("c", "d", "r");
    }

    @Test
    void shouldNotForwardPacketsFromSourcesOutsideThePlan() {
        assertThat(SHARED.nextHops("r", "zz", null, Set.of("a", "b"))).isEmpty();
        assertThat(STARS.nextHops("r", "zz", null, Set.of("a", "b"))).isEmpty();
        assertThatThrownBy(() -> SHARED.treeFor("zz")).hasMessageContaining("sourceSite 'zz'");
    }

    @Test
    void shouldSendStraightToMemberSitesWithSourceStars() {
        assertThat(STARS.treeFor("b")).hasToString("b(a, c, r)");
        assertThat(STARS.nextHops("b", "b", null, Set.of("a", "c", "zz"))).containsExactly("a", "c");
        assertThat(STARS.nextHops("a", "b", "b", Set.of("a", "c"))).isEmpty();
        assertThat(STARS.nextHops("r", "b", "b", Set.of("a", "c"))).isEmpty();
    }

    @Test
    void shouldDescribeTheGroupTree() {
        assertThat(SHARED.groupTree(null, Set.of("c", "d"))).get().hasToString("a(c, d)");
        assertThat(SHARED.groupTree("b", Set.of("c", "d"))).get().hasToString("r(a(c, d), b)");
        assertThat(SHARED.groupTree(null, Set.of("zz"))).isEmpty();
        assertThat(STARS.groupTree("a", Set.of("c"))).get().hasToString("a(c)");
        assertThat(STARS.groupTree(null, Set.of("c"))).isEmpty();
    }

    @Test
    void shouldExposeWhatItIs() {
        assertThat(SHARED.sourceRooted()).isFalse();
        assertThat(SHARED.sharedTree()).hasValue(TREE);
        assertThat(SHARED.treeFor("c")).isSameAs(TREE);
        assertThat(SHARED.sites()).containsExactly("a", "b", "c", "d", "r");
        assertThat(SHARED.strategy()).isEqualTo("spt");
        assertThat(STARS.sourceRooted()).isTrue();
        assertThat(STARS.sharedTree()).isEmpty();
        assertThat(STARS.sites()).containsExactly("a", "b", "c", "r");
    }

    @Test
    void shouldCompareByContentAndIgnoreTheComparatorOfTheGivenSet() {
        SortedSet<String> reversed = new TreeSet<>(Collections.reverseOrder());
        reversed.addAll(Set.of("r", "a", "b", "c"));
        TreePlan fromReversed = TreePlan.sourceStars("star", reversed);
        assertThat(fromReversed).isEqualTo(STARS).hasSameHashCodeAs(STARS);
        assertThat(fromReversed.sites()).containsExactly("a", "b", "c", "r");
        assertThat(TreePlan.shared("spt", SpanningTree.of("r", Map.of("d", "a", "c", "a", "b", "r", "a", "r"))))
                .isEqualTo(SHARED);
        assertThat(TreePlan.shared("other", TREE)).isNotEqualTo(SHARED);
        assertThat(STARS).isNotEqualTo(TreePlan.sourceStars("star", new TreeSet<>(Set.of("r", "a"))));
    }

    @Test
    void shouldRejectInvalidArguments() {
        assertThatThrownBy(() -> TreePlan.sourceStars("star", new TreeSet<>())).hasMessageContaining("sites");
        assertThatThrownBy(() -> TreePlan.shared("", TREE)).hasMessageContaining("strategy");
        assertThatThrownBy(() -> TreePlan.shared("spt", null)).hasMessageContaining("tree");
        assertThatThrownBy(() -> SHARED.nextHops(null, "r", null, Set.of())).hasMessageContaining("self");
        assertThatThrownBy(() -> SHARED.nextHops("r", "r", null, null)).hasMessageContaining("memberSites");
    }
}
