package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FixedTreeStrategyTest {
    private static final LinkCosts NO_COSTS = LinkCosts.builder(1).build();

    @Test
    void shouldUseTheListedTreeWhenEverySiteIsLive() {
        TreeStrategy fixed = TreeStrategies.byName("fixed:A-B,B-C,B-D");

        TreePlan plan = fixed.plan(sites("A", "B", "C", "D"), NO_COSTS, 1);

        assertThat(fixed.name()).isEqualTo("fixed");
        assertThat(plan.strategy()).isEqualTo("fixed");
        assertThat(plan.sourceRooted()).isFalse();
        assertThat(plan.sharedTree().orElseThrow()).hasToString("A(B(C, D))");
        assertThat(plan.sharedTree().orElseThrow().maxFanOut()).as("the fan-out bound 1 is ignored").isEqualTo(2);
    }

    @Test
    void shouldIgnoreCosts() {
        TreeStrategy fixed = TreeStrategies.byName("fixed:A-B,B-C");
        LinkCosts costs = LinkCosts.fromMatrix(1_000, List.of("A", "B", "C"),
                new long[][] {{0, 900, 1}, {900, 0, 900}, {1, 900, 0}});

        assertThat(fixed.plan(sites("A", "B", "C"), costs, 4)).isEqualTo(fixed.plan(sites("A", "B", "C"), null, 4));
        assertThat(fixed.plan(sites("A", "B", "C"), costs, 4).sharedTree().orElseThrow()).hasToString("A(B(C))");
    }

    @Test
    void shouldAcceptWhitespaceAroundCommasAndKeepTheGivenOrder() {
        FixedTreeStrategy fixed = (FixedTreeStrategy) TreeStrategies.byName("  fixed:S-R2 ,  S-R1,R1-x.y_z ");

        assertThat(fixed.root()).isEqualTo("S");
        assertThat(fixed.edges()).containsExactly(new SpanningTree.Edge("S", "R2"), new SpanningTree.Edge("S", "R1"),
                new SpanningTree.Edge("R1", "x.y_z"));
        assertThat(fixed.spec()).isEqualTo("fixed:S-R2,S-R1,R1-x.y_z");
        assertThat(TreeStrategies.byName(fixed.spec()).toString()).isEqualTo(fixed.spec());
    }

    @Test
    void shouldAcceptEdgesInAnyOrderAfterTheFirst() {
        TreeStrategy fixed = TreeStrategies.byName("fixed:A-B,C-D,B-C");

        assertThat(fixed.plan(sites("A", "B", "C", "D"), NO_COSTS, 2).sharedTree().orElseThrow())
                .hasToString("A(B(C(D)))");
    }

    @Test
    void shouldAttachSitesBehindADeadSiteDirectlyToTheRoot() {
        TreeStrategy fixed = TreeStrategies.byName("fixed:A-B,B-C,C-D,B-E,A-F");

        // B is dead: C (child of B), D (grandchild) and E all hang from the root; F keeps its place
        SpanningTree tree = fixed.plan(sites("A", "C", "D", "E", "F"), NO_COSTS, 4).sharedTree().orElseThrow();

        assertThat(tree).hasToString("A(C, D, E, F)");
    }

    @Test
    void shouldAttachUnlistedLiveSitesToTheRoot() {
        TreeStrategy fixed = TreeStrategies.byName("fixed:A-B,B-C");

        SpanningTree tree = fixed.plan(sites("A", "B", "C", "new"), NO_COSTS, 4).sharedTree().orElseThrow();

        assertThat(tree).hasToString("A(B(C), new)");
    }

    @Test
    void shouldRootAtTheFirstLiveSiteInEdgeOrderWhenTheRootIsDead() {
        TreeStrategy fixed = TreeStrategies.byName("fixed:A-C,C-D,A-B,B-E");

        // edge order: A, C, D, B, E; C is the first live one; D stays under C; B and E lose the path to C
        assertThat(fixed.plan(sites("B", "C", "D", "E"), NO_COSTS, 4).sharedTree().orElseThrow())
                .hasToString("C(B, D, E)");
        // C dead too: D is next
        assertThat(fixed.plan(sites("B", "D", "E"), NO_COSTS, 4).sharedTree().orElseThrow())
                .hasToString("D(B, E)");
        // no listed site is live: the first name
        assertThat(fixed.plan(sites("y", "x"), NO_COSTS, 4).sharedTree().orElseThrow()).hasToString("x(y)");
        assertThat(fixed.plan(sites("E"), NO_COSTS, 4).sharedTree().orElseThrow()).hasToString("E");
    }

    @Test
    void shouldGiveTheSamePlanForTheSameLiveSitesInAnyOrder() {
        TreeStrategy fixed = TreeStrategies.byName("fixed:A-B,B-C,A-D");
        SortedSet<String> reversed = new TreeSet<>(java.util.Collections.reverseOrder());
        reversed.addAll(Set.of("B", "C", "D"));

        assertThat(fixed.plan(reversed, NO_COSTS, 1)).isEqualTo(fixed.plan(sites("B", "C", "D"), NO_COSTS, 1));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no edges          | fixed:               | needs its edges after the colon, e.g. fixed:A-B,B-C,B-D
            bare name         | fixed                | needs its edges: write fixed:EDGES
            empty edge        | fixed:A-B,,B-C       | empty edge in 'A-B,,B-C'
            trailing comma    | fixed:A-B,           | empty edge
            no dash           | fixed:AB             | edge 'AB' must be parent-child
            two dashes        | fixed:lab-west-B     | site names in a fixed tree cannot contain '-'
            missing child     | fixed:A-             | edge 'A-' must be parent-child
            bad name          | fixed:A-B,B-c d      | site name 'c d' in edge B-c d is not valid
            self edge         | fixed:A-B,B-B        | edge B-B joins site 'B' to itself
            listed twice      | fixed:A-B,A-B        | edge A-B is listed twice
            two parents       | fixed:A-B,A-C,B-C    | site 'C' is the child of two edges, A-C and B-C; give each site one parent
            root as child     | fixed:A-B,B-A        | the root 'A' (the first site of the first edge) is the child of edge B-A
            reversed first    | fixed:B-C,A-B        | the root 'B' (the first site of the first edge) is the child of edge A-B
            not connected     | fixed:A-B,C-D        | edge C-D is not connected to the root 'A': no edge leads to 'C'
            cycle             | fixed:A-B,C-D,D-C    | edges C-D, D-C form a cycle, not connected to the root 'A'
            """)
    void shouldRejectEdgesThatDoNotFormATreeSayingWhatToWrite(String description, String spec, String message) {
        assertThatThrownBy(() -> TreeStrategies.byName(spec))
                .as(description)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("tree strategy '" + spec.strip() + "'")
                .hasMessageContaining(message);
    }

    @Test
    void shouldValidateEdgesGivenInCode() {
        assertThatThrownBy(() -> FixedTreeStrategy.of(List.of())).hasMessageContaining("at least one edge");
        assertThatThrownBy(() -> FixedTreeStrategy.of(null)).hasMessageContaining("at least one edge");
        assertThat(FixedTreeStrategy.of(List.of(new SpanningTree.Edge("r", "a"))).spec()).isEqualTo("fixed:r-a");
    }

    private static SortedSet<String> sites(String... names) {
        return new TreeSet<>(List.of(names));
    }
}
