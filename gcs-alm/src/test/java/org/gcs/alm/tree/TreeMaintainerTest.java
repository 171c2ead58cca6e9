package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TreeMaintainerTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    private static final SortedSet<String> SITES = new TreeSet<>(Set.of("a", "b", "c", "d"));
    /** a is the hub: a(b, c, d), worst cost 10 ms. */
    private static final LinkCosts A_HUB = symmetric(Map.of("ab", 10.0, "ac", 10.0, "ad", 10.0,
            "bc", 50.0, "bd", 50.0, "cd", 50.0));
    /** Noise: b becomes the centre by half a millisecond; b(a, c, d) costs 10.5 ms, a(b, c, d) 11 ms. */
    private static final LinkCosts NOISY = symmetric(Map.of("ab", 10.5, "ac", 11.0, "ad", 11.0,
            "bc", 9.0, "bd", 9.0, "cd", 50.0));
    /** a moved far away from c and d: b(a, c, d) costs 20 ms, a(b, c, d) 100 ms. */
    private static final LinkCosts B_HUB = symmetric(Map.of("ab", 20.0, "ac", 100.0, "ad", 100.0,
            "bc", 10.0, "bd", 10.0, "cd", 50.0));

    private final TreeStrategy spt = new ShortestPathTreeStrategy();
    private final TreeMaintainer maintainer = new TreeMaintainer(spt, 6, 10 * S, 0.2);

    private static LinkCosts symmetric(Map<String, Double> pairMs) {
        LinkCosts.Builder builder = LinkCosts.builder(1_000 * MS);
        pairMs.forEach((pair, ms) -> {
            builder.measured(pair.substring(0, 1), pair.substring(1), Math.round(ms * MS));
            builder.measured(pair.substring(1), pair.substring(0, 1), Math.round(ms * MS));
        });
        return builder.build();
    }

    private static String root(Optional<TreePlan> plan) {
        return plan.orElseThrow().sharedTree().orElseThrow().root();
    }

    @Test
    void shouldPublishAtOnceForTheFirstPlanAndForEveryNewSiteSet() {
        assertThat(maintainer.current()).isEmpty();
        Optional<TreePlan> first = maintainer.onTick(SITES, A_HUB, 0);
        assertThat(root(first)).isEqualTo("a");
        assertThat(maintainer.current()).isEqualTo(first);
        assertThat(maintainer.onTick(SITES, A_HUB, 1)).isEmpty();

        SortedSet<String> joined = new TreeSet<>(SITES);
        joined.add("e");
        Optional<TreePlan> withE = maintainer.onTick(joined, A_HUB, 2);
        assertThat(withE).get().extracting(TreePlan::sites).isEqualTo(joined);
        assertThat(maintainer.current()).isEqualTo(withE);

        Optional<TreePlan> withoutE = maintainer.onTick(SITES, A_HUB, 3);
        assertThat(withoutE).isEqualTo(first);
    }

    @Test
    void shouldNotRepublishOnSmallCostNoise() {
        maintainer.onTick(SITES, A_HUB, 0);
        // the candidate differs, but 10.5 ms instead of 11 ms is less than a 20 % improvement
        assertThat(root(Optional.of(spt.plan(SITES, NOISY, 6)))).isEqualTo("b");
        assertThat(maintainer.onTick(SITES, NOISY, 10 * S)).isEmpty();
        assertThat(maintainer.onTick(SITES, NOISY, 100 * S)).isEmpty();
        assertThat(root(maintainer.current())).isEqualTo("a");
    }

    @Test
    void shouldRepublishAfterTheRefreshIntervalWhenAClearlyBetterTreeExists() {
        maintainer.onTick(SITES, A_HUB, 0);
        assertThat(maintainer.onTick(SITES, B_HUB, 10 * S - 1)).isEmpty();
        Optional<TreePlan> better = maintainer.onTick(SITES, B_HUB, 10 * S);
        assertThat(root(better)).isEqualTo("b");
        assertThat(maintainer.current()).isEqualTo(better);
        assertThat(maintainer.onTick(SITES, B_HUB, 20 * S)).isEmpty(); // the same plan again is not news
    }

    @Test
    void shouldCountTheRefreshIntervalFromTheLastComputation() {
        maintainer.onTick(SITES, A_HUB, 0);
        assertThat(maintainer.onTick(SITES, A_HUB, 10 * S)).isEmpty(); // computed, nothing better
        assertThat(maintainer.onTick(SITES, B_HUB, 15 * S)).isEmpty(); // too soon after that computation
        assertThat(maintainer.onTick(SITES, B_HUB, 20 * S)).isPresent();
    }

    @Test
    void shouldAdoptAPlanPublishedByAnotherCoordinator() {
        TreePlan chain = TreePlan.shared("other", SpanningTree.of("a", Map.of("b", "a", "c", "b", "d", "c")));
        maintainer.adopt(chain, 0);
        assertThat(maintainer.current()).hasValue(chain);
        assertThat(maintainer.onTick(SITES, A_HUB, 5 * S)).isEmpty(); // adopted counts as fresh
        // the chain costs 10 + 50 + 50 ms under A_HUB; the star-like spt tree 10 ms
        assertThat(root(maintainer.onTick(SITES, A_HUB, 10 * S))).isEqualTo("a");
        assertThat(maintainer.current()).get().extracting(TreePlan::strategy).isEqualTo("spt");

        maintainer.adopt(TreePlan.shared("other", SpanningTree.single("a")), 11 * S);
        assertThat(maintainer.onTick(SITES, A_HUB, 11 * S)).isPresent(); // different sites: at once
    }

    @Test
    void shouldRepublishTreesPerSourceOnlyWhenTheirWorstPathClearlyImproves() {
        TreeMaintainer perSource = new TreeMaintainer(new SourceTreeStrategy(), 6, 10 * S, 0.2);
        assertThat(perSource.onTick(SITES, A_HUB, 0)).get().extracting(TreePlan::hasSourceTrees).isEqualTo(true);
        assertThat(perSource.onTick(SITES, A_HUB, 10 * S)).isEmpty(); // the same plan
        // under B_HUB the incumbent's worst path (a's packets to c and d directly, 100 ms) halves
        Optional<TreePlan> better = perSource.onTick(SITES, B_HUB, 20 * S);
        assertThat(better).isPresent();
        assertThat(better.get().treeFor("a").parentOf("c")).hasValue("b");
        // a shared plan taken over from elsewhere is not replaced by trees per source on cost
        perSource.adopt(TreePlan.shared("spt", spt.plan(SITES, A_HUB, 6).sharedTree().orElseThrow()), 30 * S);
        assertThat(perSource.onTick(SITES, B_HUB, 100 * S)).isEmpty();
    }

    @Test
    void shouldNeverRepublishStarPlansOnCost() {
        TreeMaintainer stars = new TreeMaintainer(new SourceStarStrategy(), 6, 10 * S, 0.0);
        assertThat(stars.onTick(SITES, A_HUB, 0)).get().extracting(TreePlan::sourceRooted).isEqualTo(true);
        assertThat(stars.onTick(SITES, B_HUB, 100 * S)).isEmpty();
        // a shared plan taken over from elsewhere is not replaced by stars on cost either
        stars.adopt(TreePlan.shared("spt", spt.plan(SITES, A_HUB, 6).sharedTree().orElseThrow()), 100 * S);
        assertThat(stars.onTick(SITES, B_HUB, 200 * S)).isEmpty();
    }

    @Test
    void shouldRejectInvalidArguments() {
        assertThatThrownBy(() -> new TreeMaintainer(null, 1, 1, 0)).hasMessageContaining("strategy");
        assertThatThrownBy(() -> new TreeMaintainer(spt, 0, 1, 0)).hasMessageContaining("maxFanOut");
        assertThatThrownBy(() -> new TreeMaintainer(spt, 1, 0, 0)).hasMessageContaining("refreshIntervalNs");
        assertThatThrownBy(() -> new TreeMaintainer(spt, 1, 1, 1.0)).hasMessageContaining("improvementThreshold");
        assertThatThrownBy(() -> new TreeMaintainer(spt, 1, 1, Double.NaN))
                .hasMessageContaining("improvementThreshold");
        assertThatThrownBy(() -> maintainer.onTick(new TreeSet<>(), A_HUB, 0)).hasMessageContaining("liveSites");
        assertThatThrownBy(() -> maintainer.adopt(null, 0)).hasMessageContaining("plan");
    }
}
