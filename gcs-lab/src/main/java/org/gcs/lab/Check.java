package org.gcs.lab;

import java.util.Locale;

/**
 * One pass criterion of a scenario: what is measured, its value and the bound it must keep, with the decimals and
 * the unit its failure is written with. A value that is not a number fails. When it fails it says so in one phrase,
 * {@code NAME VALUE RELATION BOUND}, the relation being the one that holds instead, e.g.
 * {@code long flow / bottleneck 0.450 > 0.42} or {@code ratio 1.300, outside [0.75, 1.25]}.
 *
 * @param name what is measured, as the failure names it
 * @param kind the relation asked for
 * @param value the measured value (1 or 0 for {@link Kind#HOLDS})
 * @param low the lower bound, NaN if none
 * @param high the upper bound, NaN if none
 * @param decimals the value's decimals in the failure; the bound gets as many at most
 * @param unit written after the value and the bound (with its leading space), or empty
 */
public record Check(String name, Kind kind, double value, double low, double high, int decimals, String unit) {
    /** The relation a check asks for. */
    public enum Kind { AT_LEAST, AT_MOST, BELOW, ABOVE, WITHIN, HOLDS }

    private Check(String name, Kind kind, double value, double low, double high) {
        this(name, kind, value, low, high, 3, "");
    }

    /** @return a check that {@code value ≥ min} */
    public static Check atLeast(String name, double value, double min) {
        return new Check(name, Kind.AT_LEAST, value, min, Double.NaN);
    }

    /** @return a check that {@code value ≤ max} */
    public static Check atMost(String name, double value, double max) {
        return new Check(name, Kind.AT_MOST, value, Double.NaN, max);
    }

    /** @return a check that {@code value < bound} */
    public static Check below(String name, double value, double bound) {
        return new Check(name, Kind.BELOW, value, Double.NaN, bound);
    }

    /** @return a check that {@code value > bound} */
    public static Check above(String name, double value, double bound) {
        return new Check(name, Kind.ABOVE, value, bound, Double.NaN);
    }

    /** @return a check that {@code low ≤ value ≤ high} */
    public static Check within(String name, double value, double low, double high) {
        return new Check(name, Kind.WITHIN, value, low, high);
    }

    /** @return a check that a condition holds; its failure is its name */
    public static Check holds(String name, boolean condition) {
        return new Check(name, Kind.HOLDS, condition ? 1 : 0, Double.NaN, Double.NaN);
    }

    /** @return this check with the decimals of the value in its failure (3 unless set); the bound keeps as many */
    public Check decimals(int count) {
        return new Check(name, kind, value, low, high, count, unit);
    }

    /** @return this check with a unit written after the value and the bound, e.g. {@code s} */
    public Check unit(String text) {
        return new Check(name, kind, value, low, high, decimals, " " + text);
    }

    /** @return true if the criterion holds */
    public boolean passed() {
        return switch (kind) {
            case AT_LEAST -> value >= low;
            case AT_MOST -> value <= high;
            case BELOW -> value < high;
            case ABOVE -> value > low;
            case WITHIN -> value >= low && value <= high;
            case HOLDS -> value == 1;
        };
    }

    /** @return the phrase saying how it failed, null if it passed */
    public String failure() {
        if (passed()) {
            return null;
        }
        String measured = name + " " + String.format(Locale.ROOT, "%." + decimals + "f", value) + unit;
        return switch (kind) {
            case AT_LEAST -> measured + " < " + bound(low);
            case AT_MOST -> measured + " > " + bound(high);
            case BELOW -> measured + " >= " + bound(high);
            case ABOVE -> measured + " <= " + bound(low);
            case WITHIN -> measured + ", outside [" + bound(low).replace(unit, "") + ", " + bound(high) + "]";
            case HOLDS -> name;
        };
    }

    private String bound(double bound) {
        String text = String.format(Locale.ROOT, "%." + decimals + "f", bound);
        if (text.contains(".")) {
            text = text.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return text + unit;
    }
}
