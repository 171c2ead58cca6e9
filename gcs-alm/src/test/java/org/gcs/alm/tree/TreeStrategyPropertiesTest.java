package org.gcs.alm.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class TreeStrategyPropertiesTest {
    private static final int TRIES = 500;

    private final TreeStrategy spt = new ShortestPathTreeStrategy();
    private final TreeStrategy star = new SourceStarStrategy();
    private final TreeStrategy sourceTrees = new SourceTreeStrategy();

    @Provide
    Arbitrary<TreeScenario> scenarios() {
        return TreeScenario.arbitrary();
    }

    @Property(tries = TRIES)
    void shouldSpanExactlyTheSitesWithAValidTreeWithinTheFanOut(@ForAll("scenarios") TreeScenario scenario) {
        TreePlan plan = spt.plan(scenario.sites(), scenario.costs(), scenario.maxFanOut());
        assertThat(plan.sites()).containsExactlyElementsOf(scenario.sites());
        assertThat(plan.sourceRooted()).isFalse();
        assertThat(plan.strategy()).isEqualTo("spt");
        SpanningTree tree = plan.sharedTree().orElseThrow();
        assertThat(tree.sites()).containsExactlyElementsOf(scenario.sites());
        assertThat(tree.edges()).hasSize(tree.sites().size() - 1);
        assertThat(rebuilt(tree)).isEqualTo(tree); // SpanningTree.of validates: acyclic and connected
        assertThat(tree.maxFanOut()).isLessThanOrEqualTo(scenario.maxFanOut());
        for (String site : tree.sites()) {
            assertThat(tree.childrenOf(site)).hasSizeLessThanOrEqualTo(scenario.maxFanOut());
        }
    }

    @Property(tries = TRIES)
    void shouldComputeTheSamePlanTwiceAndForAnyInputOrder(@ForAll("scenarios") TreeScenario scenario) {
        for (TreeStrategy strategy : List.of(spt, star, sourceTrees)) {
            TreePlan first = strategy.plan(scenario.sites(), scenario.costs(), scenario.maxFanOut());
            TreePlan again = strategy.plan(scenario.sites(), scenario.costs(), scenario.maxFanOut());
            TreePlan reordered = strategy.plan(scenario.sitesReversed(), scenario.costsShuffled(),
                    scenario.maxFanOut());
            assertThat(again).isEqualTo(first).hasSameHashCodeAs(first);
            assertThat(reordered).isEqualTo(first).hasSameHashCodeAs(first);
            assertThat(reordered.toString()).isEqualTo(first.toString());
        }
    }

    @Property(tries = TRIES)
    void shouldRootTheTreeAtACentralSiteWhoseTreeHasTheSmallestWorstPath(@ForAll("scenarios") TreeScenario scenario) {
        LinkCosts costs = scenario.costs();
        SpanningTree chosen = spt.plan(scenario.sites(), costs, scenario.maxFanOut()).sharedTree().orElseThrow();
        java.util.List<String> byEccentricity = new java.util.ArrayList<>(scenario.sites());
        Map<String, Long> eccentricity = new TreeMap<>();
        for (String site : scenario.sites()) {
            eccentricity.put(site, eccentricityNs(site, scenario.sites(), costs));
        }
        byEccentricity.sort(java.util.Comparator.comparing(eccentricity::get));
        java.util.List<String> candidates = byEccentricity.subList(0,
                Math.min(ShortestPathTreeStrategy.ROOT_CANDIDATES, byEccentricity.size()));
        // the root is among the most central sites (ties in eccentricity may reorder the boundary)
        long boundary = eccentricity.get(candidates.get(candidates.size() - 1));
        assertThat(eccentricity.get(chosen.root())).isLessThanOrEqualTo(boundary);
    }

    @Property(tries = TRIES)
    void shouldGiveEverySourceAStarOverAllOtherSites(@ForAll("scenarios") TreeScenario scenario) {
        TreePlan plan = star.plan(scenario.sites(), scenario.costs(), scenario.maxFanOut());
        assertThat(plan.sourceRooted()).isTrue();
        assertThat(plan.sharedTree()).isEmpty();
        assertThat(plan.sites()).containsExactlyElementsOf(scenario.sites());
        for (String source : scenario.sites()) {
            SpanningTree tree = plan.treeFor(source);
            assertThat(tree.root()).isEqualTo(source);
            assertThat(tree.sites()).containsExactlyElementsOf(scenario.sites());
            assertThat(tree.childrenOf(source)).hasSize(scenario.sites().size() - 1);
            assertThat(tree.depth()).isLessThanOrEqualTo(1);
        }
    }

    @Property(tries = TRIES)
    void shouldGiveEverySourceAShortestPathTreeOfItsOwnWithinBothFanOuts(@ForAll("scenarios") TreeScenario scenario) {
        TreePlan plan = sourceTrees.plan(scenario.sites(), scenario.costs(), scenario.maxFanOut());
        assertThat(plan.strategy()).isEqualTo(SourceTreeStrategy.NAME);
        assertThat(plan.sites()).containsExactlyElementsOf(scenario.sites());
        if (scenario.sites().size() > SourceTreeStrategy.MAX_SITES) {
            assertThat(plan.sharedTree()).isPresent();
            return;
        }
        assertThat(plan.hasSourceTrees()).isTrue();
        assertThat(plan.sourceRooted()).isTrue();
        int sourceFanOut = Math.min(SourceTreeStrategy.SOURCE_FAN_OUT, scenario.maxFanOut());
        for (String source : scenario.sites()) {
            SpanningTree tree = plan.treeFor(source);
            assertThat(tree.root()).isEqualTo(source);
            assertThat(tree.sites()).containsExactlyElementsOf(scenario.sites());
            assertThat(rebuilt(tree)).isEqualTo(tree);
            assertThat(tree.childrenOf(source)).hasSizeLessThanOrEqualTo(sourceFanOut);
            for (String site : tree.sites()) {
                assertThat(tree.childrenOf(site)).hasSizeLessThanOrEqualTo(scenario.maxFanOut());
            }
            // where no bound binds, it is Dijkstra's tree: no site's path costs more than the direct link
            if (scenario.sites().size() - 1 <= sourceFanOut) {
                for (String site : tree.sites()) {
                    assertThat(tree.costFromRootNs(site, scenario.costs()))
                            .isLessThanOrEqualTo(scenario.costs().costNs(source, site));
                }
            }
        }
    }

    @Property(tries = TRIES)
    void shouldPruneToTheMinimalSubtreeOfTheKeptSites(@ForAll("scenarios") TreeScenario scenario) {
        TreePlan plan = spt.plan(scenario.sites(), scenario.costs(), scenario.maxFanOut());
        String someSource = scenario.sites().first();
        for (SpanningTree tree : List.of(plan.sharedTree().orElseThrow(),
                star.plan(scenario.sites(), scenario.costs(), 1).treeFor(someSource))) {
            checkPrune(tree, scenario.members());
            assertThat(tree.prune(tree.sites())).hasValue(tree);
            assertThat(tree.prune(Set.of("outsider"))).isEmpty();
        }
    }

    @Property(tries = TRIES)
    void shouldDeliverEveryPacketToEveryMemberSiteExactlyOnce(@ForAll("scenarios") TreeScenario scenario) {
        for (TreePlan plan : List.of(spt.plan(scenario.sites(), scenario.costs(), scenario.maxFanOut()),
                star.plan(scenario.sites(), scenario.costs(), scenario.maxFanOut()),
                sourceTrees.plan(scenario.sites(), scenario.costs(), scenario.maxFanOut()))) {
            for (String source : scenario.sites()) {
                checkFlood(plan, source, scenario.members());
            }
        }
    }

    @Property(tries = TRIES)
    void shouldKeepAFixedTreeAmongTheLiveSitesAndDeliverEveryPacketOnce(@ForAll("scenarios") TreeScenario scenario) {
        FixedTreeStrategy fixed = randomFixedTree(scenario);
        TreePlan plan = fixed.plan(scenario.sites(), scenario.costs(), scenario.maxFanOut());

        assertThat(plan.strategy()).isEqualTo("fixed");
        assertThat(plan.sites()).containsExactlyElementsOf(scenario.sites());
        SpanningTree tree = plan.sharedTree().orElseThrow();
        assertThat(rebuilt(tree)).isEqualTo(tree);
        assertThat(fixed.plan(scenario.sitesReversed(), scenario.costsShuffled(), 1)).isEqualTo(plan);
        assertThat(TreeStrategies.byName(fixed.spec()).plan(scenario.sites(), null, 1)).isEqualTo(plan);

        Map<String, String> listedParent = new TreeMap<>();
        List<String> edgeOrder = new java.util.ArrayList<>();
        for (SpanningTree.Edge edge : fixed.edges()) {
            listedParent.put(edge.child(), edge.parent());
            for (String site : List.of(edge.parent(), edge.child())) {
                if (!edgeOrder.contains(site)) {
                    edgeOrder.add(site);
                }
            }
        }
        String root = edgeOrder.stream().filter(scenario.sites()::contains).findFirst()
                .orElse(scenario.sites().first());
        assertThat(tree.root()).isEqualTo(root);
        for (String site : scenario.sites()) {
            if (site.equals(root)) {
                continue;
            }
            List<String> ancestors = new java.util.ArrayList<>();
            for (String at = listedParent.get(site); at != null && !ancestors.contains(root); at = listedParent.get(at)) {
                ancestors.add(at);
            }
            boolean pathLive = ancestors.contains(root) && scenario.sites().containsAll(ancestors);
            assertThat(tree.parentOf(site)).as("parent of %s in %s from %s", site, tree, fixed)
                    .hasValue(pathLive ? listedParent.get(site) : root);
        }
        for (String source : scenario.sites()) {
            checkFlood(plan, source, scenario.members());
        }
    }

    /**
     * A random listed tree over most of the scenario's sites (some live sites unlisted) and a few sites that are
     * not live; the first edge leaves the root, the others come in random order.
     */
    private static FixedTreeStrategy randomFixedTree(TreeScenario scenario) {
        Random random = new Random(scenario.shuffleSeed());
        List<String> listed = new java.util.ArrayList<>();
        for (String site : scenario.sites()) {
            if (random.nextInt(5) > 0) {
                listed.add(site);
            }
        }
        int dead = random.nextInt(6);
        for (int i = 0; i < dead || listed.size() < 2; i++) {
            listed.add("dead" + i);
        }
        java.util.Collections.shuffle(listed, random);
        List<SpanningTree.Edge> edges = new java.util.ArrayList<>();
        for (int i = 1; i < listed.size(); i++) {
            edges.add(new SpanningTree.Edge(listed.get(random.nextInt(i)), listed.get(i)));
        }
        SpanningTree.Edge first = edges.stream().filter(e -> e.parent().equals(listed.get(0))).findFirst()
                .orElseThrow();
        edges.remove(first);
        java.util.Collections.shuffle(edges, random);
        edges.add(0, first);
        return FixedTreeStrategy.of(edges);
    }

    private static void checkPrune(SpanningTree tree, Set<String> keep) {
        Set<String> keptInTree = new TreeSet<>(keep);
        keptInTree.retainAll(tree.sites());
        if (keptInTree.isEmpty()) {
            assertThat(tree.prune(keep)).isEmpty();
            return;
        }
        SpanningTree pruned = tree.prune(keep).orElseThrow();
        assertThat(rebuilt(pruned)).isEqualTo(pruned);
        assertThat(pruned.sites()).containsAll(keptInTree);
        assertThat(tree.edges()).containsAll(pruned.edges());
        for (String site : pruned.sites()) {
            if (pruned.childrenOf(site).isEmpty()) {
                assertThat(keptInTree).as("leaf %s of %s", site, pruned).contains(site);
            }
            // the pruned root is an ancestor of every pruned site in the original tree
            assertThat(tree.pathFromRoot(site)).contains(pruned.root());
        }
        // minimal at the top as well: the root is kept or joins at least two branches
        if (!keptInTree.contains(pruned.root())) {
            assertThat(pruned.childrenOf(pruned.root())).hasSizeGreaterThanOrEqualTo(2);
        }
    }

    private static void checkFlood(TreePlan plan, String source, Set<String> members) {
        Set<String> keep = new TreeSet<>(members);
        keep.add(source);
        SpanningTree pruned = plan.treeFor(source).prune(keep).orElseThrow();
        assertThat(plan.groupTree(source, members)).hasValue(pruned);
        Map<String, Integer> received = new TreeMap<>();
        Deque<String[]> inFlight = new ArrayDeque<>(); // {to, from}
        inFlight.add(new String[] {source, null});
        int hops = 0;
        while (!inFlight.isEmpty()) {
            String[] packet = inFlight.poll();
            String self = packet[0];
            received.merge(self, 1, Integer::sum);
            assertThat(++hops).as("packet from %s loops in %s", source, plan).isLessThanOrEqualTo(
                    plan.sites().size());
            for (String next : plan.nextHops(self, source, packet[1], members)) {
                inFlight.add(new String[] {next, self});
            }
        }
        for (String member : members) {
            if (plan.sites().contains(member)) {
                assertThat(received).as("member site %s, source %s", member, source).containsEntry(member, 1);
            }
        }
        assertThat(received.keySet()).as("touched sites").containsExactlyElementsOf(pruned.sites());
        assertThat(received.values()).allMatch(count -> count == 1);
        assertThat(received).doesNotContainKey("outsider");
    }

    /** @return the tree rebuilt through {@link SpanningTree#of}, from a map in random insertion order */
    private static SpanningTree rebuilt(SpanningTree tree) {
        Map<String, String> parentOf = new LinkedHashMap<>();
        List<SpanningTree.Edge> edges = new java.util.ArrayList<>(tree.edges());
        java.util.Collections.shuffle(edges, new Random(edges.size()));
        for (SpanningTree.Edge edge : edges) {
            parentOf.put(edge.child(), edge.parent());
        }
        SpanningTree fromLinked = SpanningTree.of(tree.root(), parentOf);
        assertThat(SpanningTree.of(tree.root(), new HashMap<>(parentOf))).isEqualTo(fromLinked);
        return fromLinked;
    }

    /** Dijkstra over the complete graph, independent of the strategy's Floyd–Warshall; saturating sums. */
    private static long eccentricityNs(String from, Set<String> sites, LinkCosts costs) {
        Map<String, Long> distance = new TreeMap<>();
        for (String site : sites) {
            distance.put(site, Long.MAX_VALUE);
        }
        distance.put(from, 0L);
        Set<String> done = new HashSet<>();
        long worst = 0;
        while (done.size() < sites.size()) {
            String next = null;
            for (String site : sites) {
                if (!done.contains(site) && (next == null || distance.get(site) < distance.get(next))) {
                    next = site;
                }
            }
            done.add(next);
            long at = distance.get(next);
            worst = Math.max(worst, at);
            for (String site : sites) {
                long sum = at + costs.costNs(next, site);
                long via = sum < 0 ? Long.MAX_VALUE : sum;
                if (!done.contains(site) && via < distance.get(site)) {
                    distance.put(site, via);
                }
            }
        }
        return worst;
    }
}
