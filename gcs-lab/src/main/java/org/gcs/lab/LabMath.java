package org.gcs.lab;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gcs.cc.alloc.MaxMinAllocator;

/** The summary arithmetic of the scenarios: means, ratios, Jain's fairness index, deviation from max-min. */
public final class LabMath {
    private LabMath() {
    }

    /**
     * @param values numbers (non-finite ones are skipped)
     * @return their mean, NaN if none is finite
     */
    public static double mean(Collection<Double> values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (Double.isFinite(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /**
     * @return {@code numerator / denominator}, NaN if the denominator is zero or either is not finite
     */
    public static double ratio(double numerator, double denominator) {
        if (!Double.isFinite(numerator) || !Double.isFinite(denominator) || denominator == 0) {
            return Double.NaN;
        }
        return numerator / denominator;
    }

    /**
     * Jain's fairness index {@code (Σx)² / (n·Σx²)}: 1 when all are equal, 1/n when one takes everything.
     *
     * @param rates the rates of the competing senders, not negative
     * @return the index; 1 for a single sender or when all rates are zero; NaN for none
     */
    public static double jain(Collection<Double> rates) {
        if (rates.isEmpty()) {
            return Double.NaN;
        }
        double sum = 0;
        double squares = 0;
        for (double r : rates) {
            if (!(r >= 0) || Double.isInfinite(r)) {
                throw new IllegalArgumentException("rates must be finite and not negative, got " + r);
            }
            sum += r;
            squares += r * r;
        }
        return squares == 0 ? 1.0 : sum * sum / (rates.size() * squares);
    }

    /**
     * The max-min fair shares of an aggregate: {@link MaxMinAllocator#allocate} over the demands.
     *
     * @param aggregate the capacity to divide
     * @param demands each sender's demand, +∞ for a greedy sender
     * @return each sender's share, in the demands' order
     */
    public static <K> Map<K, Double> maxMinShares(double aggregate, Map<K, Double> demands) {
        return MaxMinAllocator.allocate(aggregate, new LinkedHashMap<>(demands));
    }

    /**
     * The largest relative deviation of achieved rates from the max-min fair shares:
     * {@code max over senders of |achieved − share| / share}.
     *
     * @param aggregate the capacity the senders shared (for instance the site's mean allowed rate)
     * @param demands each sender's demand (+∞ for greedy senders)
     * @param achieved each sender's achieved rate; every key of {@code demands} must be present
     * @return the deviation as a fraction (0.1 = 10 %)
     */
    public static <K> double maxMinDeviation(double aggregate, Map<K, Double> demands, Map<K, Double> achieved) {
        return deviationFromShares(maxMinShares(aggregate, demands), achieved);
    }

    /**
     * The max-min fair shares averaged over time: at every sample the aggregate of that moment is divided among the
     * demands, and each sender's shares are averaged. This is what a perfectly max-min fair allocator delivers when
     * the aggregate moves: a sender with a fixed demand is capped whenever the equal share of the moment falls below
     * its demand, and a rate it could not send then is not made up later. Samples where the aggregate is not finite
     * (no limit yet) are left out; with none left, every sender's share is its demand.
     *
     * @param aggregates the aggregate at each sample
     * @param demands each sender's demand, +∞ for a greedy sender
     * @return each sender's mean share, in the demands' order
     */
    public static <K> Map<K, Double> meanMaxMinShares(List<Double> aggregates, Map<K, Double> demands) {
        Map<K, Double> sums = new LinkedHashMap<>();
        demands.keySet().forEach(k -> sums.put(k, 0.0));
        int samples = 0;
        for (double aggregate : aggregates) {
            if (!Double.isFinite(aggregate)) {
                continue;
            }
            samples++;
            maxMinShares(aggregate, demands).forEach((k, share) -> sums.merge(k, share, Double::sum));
        }
        if (samples == 0) {
            return maxMinShares(Double.POSITIVE_INFINITY, demands); // never limited: everyone's demand
        }
        int n = samples;
        sums.replaceAll((k, sum) -> sum / n);
        return sums;
    }

    /**
     * The largest relative deviation of achieved rates from given shares: {@code max |achieved − share| / share}.
     *
     * @param shares each sender's share
     * @param achieved each sender's achieved rate; every key of {@code shares} must be present
     * @return the deviation as a fraction (0.1 = 10 %)
     */
    public static <K> double deviationFromShares(Map<K, Double> shares, Map<K, Double> achieved) {
        double worst = 0;
        for (Map.Entry<K, Double> e : shares.entrySet()) {
            Double got = achieved.get(e.getKey());
            if (got == null) {
                throw new IllegalArgumentException("no achieved rate for " + e.getKey());
            }
            double share = e.getValue();
            worst = Math.max(worst, share > 0 ? Math.abs(got - share) / share : got > 0 ? Double.POSITIVE_INFINITY : 0);
        }
        return worst;
    }

    /**
     * @param value a number for a summary or CSV
     * @param decimals how many decimals to keep
     * @return the value rounded half up to that many decimals; NaN and infinities unchanged
     */
    public static double round(double value, int decimals) {
        if (!Double.isFinite(value)) {
            return value;
        }
        double f = Math.pow(10, decimals);
        return Math.round(value * f) / f;
    }
}
