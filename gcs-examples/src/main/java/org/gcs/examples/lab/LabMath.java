package org.gcs.examples.lab;

import java.util.Collection;
import java.util.LinkedHashMap;
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
        Map<K, Double> shares = maxMinShares(aggregate, demands);
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
}
