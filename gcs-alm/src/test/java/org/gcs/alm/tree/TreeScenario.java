package org.gcs.alm.tree;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;

/**
 * A random input for tree strategies: 1–40 sites named from a small alphabet, directed RTT measurements
 * (symmetric or not, with unmeasured pairs and many ties), a fan-out bound, member sites (some outside the
 * site set) and a seed for re-ordering inputs.
 */
record TreeScenario(SortedSet<String> sites, List<Measurement> measurements, long unknownCostNs, int maxFanOut,
                    Set<String> members, long shuffleSeed) {

    /** The alphabet of site names: "a".."g" and every two-letter combination of them (56 names). */
    private static final List<String> NAMES = names("abcdefg");

    /** One directed measurement. */
    record Measurement(String from, String to, long rttNs) {
    }

    static Arbitrary<TreeScenario> arbitrary() {
        // the size first, uniformly, so that large site sets are as frequent as small ones
        Arbitrary<List<String>> siteLists = Arbitraries.integers().between(1, 40)
                .withDistribution(RandomDistribution.uniform())
                .flatMap(size -> Arbitraries.subsetOf(NAMES).ofSize(size))
                .map(set -> new ArrayList<>(new TreeSet<>(set)));
        return siteLists.flatMap(names -> {
            int n = names.size();
            // <= 0: not measured; small values make ties frequent
            Arbitrary<List<Integer>> cells = Arbitraries.integers().between(-8, 40).list().ofSize(n * n);
            Arbitrary<Boolean> symmetric = Arbitraries.of(true, false);
            Arbitrary<Long> unknown = Arbitraries.of(1L, 20L, 1_000L, Long.MAX_VALUE / 3, Long.MAX_VALUE);
            Arbitrary<Integer> fanOut = Arbitraries.integers().between(1, 6);
            Arbitrary<List<Boolean>> memberFlags = Arbitraries.of(true, false).list().ofSize(n);
            Arbitrary<Boolean> withOutsider = Arbitraries.of(true, false);
            Arbitrary<Long> seed = Arbitraries.longs();
            return Combinators.combine(cells, symmetric, unknown, fanOut, memberFlags, withOutsider, seed)
                    .as((cellList, sym, unknownNs, fan, flags, outsider, shuffle) -> {
                        List<Measurement> measurements = new ArrayList<>();
                        for (int i = 0; i < n; i++) {
                            for (int j = 0; j < n; j++) {
                                if (i == j) {
                                    continue;
                                }
                                int cell = sym ? cellList.get(Math.min(i, j) * n + Math.max(i, j))
                                        : cellList.get(i * n + j);
                                if (cell > 0) {
                                    measurements.add(new Measurement(names.get(i), names.get(j), cell));
                                }
                            }
                        }
                        Set<String> members = new TreeSet<>();
                        for (int i = 0; i < n; i++) {
                            if (flags.get(i)) {
                                members.add(names.get(i));
                            }
                        }
                        if (outsider) {
                            members.add("outsider");
                        }
                        return new TreeScenario(Collections.unmodifiableSortedSet(new TreeSet<>(names)),
                                List.copyOf(measurements), unknownNs, fan, Set.copyOf(members), shuffle);
                    });
        });
    }

    private static List<String> names(String letters) {
        List<String> names = new ArrayList<>();
        for (char first : letters.toCharArray()) {
            names.add(String.valueOf(first));
            for (char second : letters.toCharArray()) {
                names.add("" + first + second);
            }
        }
        return List.copyOf(names);
    }

    /** @return the costs, built in measurement order */
    LinkCosts costs() {
        return build(measurements);
    }

    /** @return the same costs, built in a shuffled measurement order */
    LinkCosts costsShuffled() {
        List<Measurement> shuffled = new ArrayList<>(measurements);
        Collections.shuffle(shuffled, new Random(shuffleSeed));
        return build(shuffled);
    }

    /** @return the sites in a set with the reverse comparator (strategies must not depend on it) */
    SortedSet<String> sitesReversed() {
        SortedSet<String> reversed = new TreeSet<>(Collections.reverseOrder());
        reversed.addAll(sites);
        return reversed;
    }

    private LinkCosts build(List<Measurement> order) {
        LinkCosts.Builder builder = LinkCosts.builder(unknownCostNs);
        for (Measurement m : order) {
            builder.measured(m.from(), m.to(), m.rttNs());
        }
        return builder.build();
    }

    @Override
    public String toString() {
        return sites.size() + " sites " + sites + ", " + measurements.size() + " measurements, unknown "
                + unknownCostNs + ", fan-out " + maxFanOut + ", members " + members;
    }
}
