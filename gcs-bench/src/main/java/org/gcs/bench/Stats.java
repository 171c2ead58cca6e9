package org.gcs.bench;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Medians over runs. */
final class Stats {
    private Stats() {
    }

    /**
     * @param values some numbers (NaN values are ignored)
     * @return their median (the mean of the middle two for an even count), NaN if there is none
     */
    static double median(double... values) {
        double[] finite = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (finite.length == 0) {
            return Double.NaN;
        }
        int middle = finite.length / 2;
        return finite.length % 2 == 1 ? finite[middle] : (finite[middle - 1] + finite[middle]) / 2;
    }

    /**
     * @param items some items
     * @param value a figure of an item
     * @param <T> the item type
     * @return the median of the figure over the items
     */
    static <T> double median(List<T> items, ToDoubleFunction<T> value) {
        return median(items.stream().mapToDouble(value).toArray());
    }
}
