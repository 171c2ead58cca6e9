package org.gcs.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Named series over one shared x axis, filled one x at a time, for charts: every {@link #add} appends an x and
 * then {@link #put} sets the series' values at it (a series not set at an x gets NaN there, a gap in the chart).
 */
public final class SeriesTable {
    private final List<Double> x = new ArrayList<>();
    private final Map<String, List<Double>> series = new LinkedHashMap<>();

    /** Declares a series (its order is the legend's order). */
    public SeriesTable declare(String name) {
        series.computeIfAbsent(name, k -> new ArrayList<>());
        return this;
    }

    /** Appends an x. */
    public void add(double xValue) {
        x.add(xValue);
        for (List<Double> values : series.values()) {
            values.add(Double.NaN);
        }
    }

    /** Sets a series' value at the latest x (declaring the series if new). */
    public void put(String name, double value) {
        List<Double> values = series.get(name);
        if (values == null) {
            values = new ArrayList<>();
            for (int i = 0; i < x.size(); i++) {
                values.add(Double.NaN);
            }
            series.put(name, values);
        }
        values.set(x.size() - 1, value);
    }

    /** Sets a whole series, one value per x so far (declaring the series if new). */
    public SeriesTable set(String name, double[] values) {
        if (values.length != x.size()) {
            throw new IllegalArgumentException(name + ": " + values.length + " values for " + x.size() + " x values");
        }
        List<Double> list = new ArrayList<>();
        for (double v : values) {
            list.add(v);
        }
        series.put(name, list);
        return this;
    }

    /** Sets a series to the same value at every x so far (a capacity, a bound). */
    public SeriesTable constant(String name, double value) {
        double[] values = new double[x.size()];
        java.util.Arrays.fill(values, value);
        return set(name, values);
    }

    /** @return the x values */
    public double[] x() {
        return x.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** @return a series' values, NaN where unset */
    public double[] y(String name) {
        List<Double> values = series.getOrDefault(name, List.of());
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** @return the largest finite value of a series, 0 if none */
    public double max(String name) {
        return max(name, Double.NEGATIVE_INFINITY);
    }

    /** @return the largest finite value of a series at x at or after {@code fromX}, 0 if none */
    public double max(String name, double fromX) {
        double[] ys = y(name);
        double max = 0;
        for (int i = 0; i < ys.length; i++) {
            if (x.get(i) >= fromX && Double.isFinite(ys[i])) {
                max = Math.max(max, ys[i]);
            }
        }
        return max;
    }

    /**
     * Adds every series to a chart, scaling values (e.g. 1e-3 for bytes/s to KB/s).
     *
     * @param chart the chart
     * @param factor applied to every value
     * @param widths stroke width per series name (others get the default)
     * @return the chart
     */
    public ChartWriter addTo(ChartWriter chart, double factor, Map<String, Float> widths) {
        double[] xs = x();
        for (String name : series.keySet()) {
            double[] ys = y(name);
            boolean any = false;
            for (int i = 0; i < ys.length; i++) {
                ys[i] *= factor;
                any |= Double.isFinite(ys[i]);
            }
            if (any) {
                chart.series(name, xs, ys, widths.getOrDefault(name, 1.2f));
            }
        }
        return chart;
    }
}
