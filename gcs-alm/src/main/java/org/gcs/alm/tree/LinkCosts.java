package org.gcs.alm.tree;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Immutable, symmetric costs between sites, built from directed RTT measurements.
 *
 * <p>The cost of a pair is the mean of its known directions ({@code a→b} and {@code b→a}), so both ends
 * of a link see the same cost even when their measurements differ; a pair with no measurement costs
 * {@link #unknownCostNs()}; a site costs nothing to itself. Equality is by content.
 */
public final class LinkCosts {
    private final long unknownCostNs;
    private final SortedMap<String, SortedMap<String, Long>> rttNs;

    private LinkCosts(long unknownCostNs, SortedMap<String, SortedMap<String, Long>> rttNs) {
        this.unknownCostNs = unknownCostNs;
        this.rttNs = rttNs;
    }

    /**
     * Starts a set of costs.
     *
     * @param unknownCostNs cost of a pair of distinct sites with no measurement in either direction; positive
     * @return an empty builder
     */
    public static Builder builder(long unknownCostNs) {
        return new Builder(unknownCostNs);
    }

    /**
     * Convenience for tests and configuration: costs from a square matrix.
     *
     * @param unknownCostNs cost of unmeasured pairs; positive
     * @param sites site names, one per row and column, distinct
     * @param rttNs {@code rttNs[i][j]} is the RTT measured from {@code sites[i]} to {@code sites[j]}; values
     *     {@code <= 0} mean "not measured"; the diagonal is ignored
     * @return the costs
     */
    public static LinkCosts fromMatrix(long unknownCostNs, List<String> sites, long[][] rttNs) {
        if (rttNs.length != sites.size()) {
            throw new IllegalArgumentException("rttNs must have one row per site: " + sites.size()
                    + " sites, " + rttNs.length + " rows");
        }
        if (new TreeSet<>(sites).size() != sites.size()) {
            throw new IllegalArgumentException("sites must be distinct: " + sites);
        }
        Builder builder = builder(unknownCostNs);
        for (int i = 0; i < sites.size(); i++) {
            if (rttNs[i].length != sites.size()) {
                throw new IllegalArgumentException("rttNs row " + i + " must have " + sites.size()
                        + " columns, has " + rttNs[i].length);
            }
            for (int j = 0; j < sites.size(); j++) {
                if (i != j && rttNs[i][j] > 0) {
                    builder.measured(sites.get(i), sites.get(j), rttNs[i][j]);
                }
            }
        }
        return builder.build();
    }

    /**
     * Symmetric cost of a pair of sites.
     *
     * @return 0 if {@code a.equals(b)}; else the mean of the measured RTTs {@code a→b} and {@code b→a} (the one
     *     known direction if only one is measured), or {@link #unknownCostNs()} if neither is
     */
    public long costNs(String a, String b) {
        if (a.equals(b)) {
            return 0;
        }
        Long ab = directed(a, b);
        Long ba = directed(b, a);
        if (ab == null && ba == null) {
            return unknownCostNs;
        }
        if (ab == null) {
            return ba;
        }
        if (ba == null) {
            return ab;
        }
        return (ab + ba) >>> 1; // both positive: the unsigned shift is exact even if the sum overflows
    }

    /** @return the measured RTT from {@code from} to {@code to}, if there is one */
    public OptionalLong measuredRttNs(String from, String to) {
        Long value = directed(from, to);
        return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }

    /**
     * The costs of every pair of the given sites at once: the same values as {@link #costNs} for each pair, found by
     * one pass over the measurements instead of a lookup per pair (4 million pairs at 2048 sites took seconds).
     *
     * @param sites the sites, distinct
     * @return {@code cost[i][j]} = {@code costNs(sites[i], sites[j])}
     */
    public long[][] matrixNs(List<String> sites) {
        int n = sites.size();
        Map<String, Integer> index = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            index.put(sites.get(i), i);
        }
        long[][] cost = new long[n][n]; // the directed measurements first; 0: not measured (a measurement is positive)
        rttNs.forEach((from, row) -> {
            Integer i = index.get(from);
            if (i != null) {
                row.forEach((to, rtt) -> {
                    Integer j = index.get(to);
                    if (j != null) {
                        cost[i][j] = rtt;
                    }
                });
            }
        });
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                long ab = cost[i][j];
                long ba = cost[j][i];
                long pairNs = ab == 0 && ba == 0 ? unknownCostNs : ab == 0 ? ba : ba == 0 ? ab : (ab + ba) >>> 1;
                cost[i][j] = pairNs;
                cost[j][i] = pairNs;
            }
        }
        return cost;
    }

    /** @return true if either direction of the pair was measured */
    public boolean isKnown(String a, String b) {
        return a.equals(b) || directed(a, b) != null || directed(b, a) != null;
    }

    /** @return the cost of a pair without measurements */
    public long unknownCostNs() {
        return unknownCostNs;
    }

    /** @return every site named in a measurement, sorted */
    public SortedSet<String> sites() {
        SortedSet<String> sites = new TreeSet<>(rttNs.keySet());
        for (SortedMap<String, Long> row : rttNs.values()) {
            sites.addAll(row.keySet());
        }
        return Collections.unmodifiableSortedSet(sites);
    }

    private Long directed(String from, String to) {
        SortedMap<String, Long> row = rttNs.get(from);
        return row == null ? null : row.get(to);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LinkCosts that && unknownCostNs == that.unknownCostNs && rttNs.equals(that.rttNs);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(unknownCostNs) * 31 + rttNs.hashCode();
    }

    @Override
    public String toString() {
        return "LinkCosts[unknownCostNs=" + unknownCostNs + ", rttNs=" + rttNs + "]";
    }

    /** Collects directed measurements; not thread-safe; {@link #build()} may be called more than once. */
    public static final class Builder {
        private final long unknownCostNs;
        private final Map<String, SortedMap<String, Long>> rttNs = new TreeMap<>();

        private Builder(long unknownCostNs) {
            if (unknownCostNs <= 0) {
                throw new IllegalArgumentException("unknownCostNs must be positive, got " + unknownCostNs);
            }
            this.unknownCostNs = unknownCostNs;
        }

        /**
         * Records the RTT measured from one site to another; a later call for the same pair replaces it.
         *
         * @param from the measuring site
         * @param to the measured site, different from {@code from}
         * @param rttNs the round-trip time; positive
         * @return this builder
         */
        public Builder measured(String from, String to, long rttNs) {
            requireSite(from, "from");
            requireSite(to, "to");
            if (from.equals(to)) {
                throw new IllegalArgumentException("from and to must differ, both are '" + from + "'");
            }
            if (rttNs <= 0) {
                throw new IllegalArgumentException("rttNs must be positive, got " + rttNs + " for " + from
                        + "->" + to);
            }
            this.rttNs.computeIfAbsent(from, k -> new TreeMap<>()).put(to, rttNs);
            return this;
        }

        /** @return immutable costs with the measurements recorded so far */
        public LinkCosts build() {
            SortedMap<String, SortedMap<String, Long>> copy = new TreeMap<>();
            rttNs.forEach((from, row) -> copy.put(from, Collections.unmodifiableSortedMap(new TreeMap<>(row))));
            return new LinkCosts(unknownCostNs, Collections.unmodifiableSortedMap(copy));
        }

        private static void requireSite(String site, String argument) {
            if (site == null || site.isEmpty()) {
                throw new IllegalArgumentException(argument + " must be a site name, got " + site);
            }
        }
    }
}
