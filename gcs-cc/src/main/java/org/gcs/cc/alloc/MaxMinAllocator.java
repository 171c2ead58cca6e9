package org.gcs.cc.alloc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Max-min fair division of a sending delegate's aggregate rate among its local senders (seed 004 §4.3;
 * Bertsekas–Gallager, "Data Networks", §6.5.2, progressive filling).
 *
 * <p>Water-filling: visit the demands from smallest to largest; with {@code remaining} capacity left for
 * {@code n} senders, the fair share is {@code remaining / n}. A demand at or below the share is granted in full
 * and leaves the rest to the others; once a demand exceeds the share, it and every larger demand get the share.
 * The result is the unique max-min fair allocation: no sender gets more than its demand, the total never exceeds
 * the capacity, the capacity is fully used when total demand reaches it, and every sender that gets less than its
 * demand gets the largest allocation of all.
 *
 * <p>Infinite values: with an infinite capacity everyone gets its demand (an infinite demand gets +∞); with a
 * finite capacity an infinite demand simply never fits under the share. Determinism: the result is a
 * {@link LinkedHashMap} in the input map's iteration order; equal demands are filled in that order too, so the
 * answer depends only on the iteration order of the input (pass a sorted or linked map for reproducibility).
 */
public final class MaxMinAllocator {
    private MaxMinAllocator() {
    }

    /**
     * Allocates {@code capacity} max-min fairly over {@code demands}.
     *
     * @param capacity the rate to divide, e.g. bytes/s; not negative or NaN, may be +∞
     * @param demands each sender's demand in the same unit; values not null, negative or NaN, may be +∞
     * @param <K> the sender key type
     * @return each sender's allocation, in the iteration order of {@code demands}
     * @throws IllegalArgumentException naming {@code capacity} or {@code demands}
     */
    public static <K> Map<K, Double> allocate(double capacity, Map<K, Double> demands) {
        if (!(capacity >= 0)) {
            throw new IllegalArgumentException("capacity must not be negative or NaN, got " + capacity);
        }
        if (demands == null) {
            throw new IllegalArgumentException("demands must not be null");
        }
        List<Map.Entry<K, Double>> byDemand = new ArrayList<>(demands.entrySet());
        for (Map.Entry<K, Double> e : byDemand) {
            Double d = e.getValue();
            if (d == null || !(d >= 0)) {
                throw new IllegalArgumentException(
                        "demands must not be null, negative or NaN, got " + d + " for " + e.getKey());
            }
        }
        Map<K, Double> result = new LinkedHashMap<>();
        for (K key : demands.keySet()) {
            result.put(key, 0.0); // fixes the output order to the input order
        }
        if (capacity == Double.POSITIVE_INFINITY) {
            demands.forEach(result::put);
            return result;
        }
        byDemand.sort(Map.Entry.comparingByValue()); // stable: equal demands keep the input order
        double remaining = capacity;
        int n = byDemand.size();
        int filled = 0;
        for (; filled < n; filled++) {
            double share = remaining / (n - filled); // Bertsekas–Gallager water level
            double demand = byDemand.get(filled).getValue();
            if (demand > share) {
                break;
            }
            result.put(byDemand.get(filled).getKey(), demand);
            remaining -= demand; // demand <= share <= remaining, so remaining stays >= 0
        }
        if (filled < n) {
            double share = remaining / (n - filled); // every larger demand gets the same share
            for (int i = filled; i < n; i++) {
                result.put(byDemand.get(i).getKey(), share);
            }
        }
        return result;
    }
}
