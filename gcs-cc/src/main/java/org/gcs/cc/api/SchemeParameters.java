package org.gcs.cc.api;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads one scheme's parameters ({@link CcSettings#parametersOf}) with clear errors: an unknown key, or a value
 * that is not a number or out of range, fails with a message that names the full key ({@code cc.<scheme>.<key>})
 * and says what is accepted. Build one, read every parameter the scheme knows, then call {@link #rejectUnknown()}.
 */
public final class SchemeParameters {
    private final String scheme;
    private final Map<String, String> values;
    private final Set<String> known = new TreeSet<>();

    /**
     * @param scheme the scheme's name
     * @param values its parameters without the prefix
     */
    public SchemeParameters(String scheme, Map<String, String> values) {
        this.scheme = scheme;
        this.values = values;
    }

    /**
     * @param settings the node's settings
     * @param scheme the scheme's name
     * @return a reader of that scheme's parameters
     */
    public static SchemeParameters of(CcSettings settings, String scheme) {
        return new SchemeParameters(scheme, settings.parametersOf(scheme));
    }

    /**
     * @param key the parameter's key without the prefix, e.g. {@code beta}
     * @param defaultValue its value when not given
     * @param min the smallest accepted value
     * @param max the largest accepted value
     * @return the value
     * @throws IllegalArgumentException if the value is not a number in [min, max]
     */
    public double number(String key, double defaultValue, double min, double max) {
        known.add(key);
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        double value;
        try {
            value = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(fullKey(key) + " must be a number, got '" + text + "'");
        }
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException(fullKey(key) + " must be in [" + plain(min) + ", " + plain(max)
                    + "], got " + text.trim());
        }
        return value;
    }

    /**
     * A duration: a number with the unit {@code ns}, {@code us}, {@code ms} or {@code s} (e.g. {@code 1s},
     * {@code 250ms}).
     *
     * @param key the parameter's key without the prefix
     * @param defaultNs its value when not given
     * @param minNs the smallest accepted value
     * @param maxNs the largest accepted value
     * @return nanoseconds
     * @throws IllegalArgumentException if the value is not a duration in [min, max]
     */
    public long durationNs(String key, long defaultNs, long minNs, long maxNs) {
        known.add(key);
        String text = values.get(key);
        if (text == null) {
            return defaultNs;
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        long unitNs;
        String number;
        if (t.endsWith("ns")) {
            unitNs = 1;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("us")) {
            unitNs = 1_000;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("ms")) {
            unitNs = 1_000_000;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            unitNs = 1_000_000_000;
            number = t.substring(0, t.length() - 1);
        } else {
            throw new IllegalArgumentException(fullKey(key) + " must be a duration with a unit (ns, us, ms, s), e.g. 1s,"
                    + " got '" + text + "'");
        }
        double value;
        try {
            value = Double.parseDouble(number.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(fullKey(key) + " must be a duration such as 1s or 250ms, got '" + text
                    + "'");
        }
        double ns = value * unitNs;
        if (!(ns >= minNs && ns <= maxNs)) {
            throw new IllegalArgumentException(fullKey(key) + " must be between " + minNs / 1e6 + " ms and "
                    + maxNs / 1e6 + " ms, got " + text.trim());
        }
        return Math.round(ns);
    }

    /**
     * @param key the parameter's key without the prefix
     * @param defaultValue its value when not given
     * @return the value
     * @throws IllegalArgumentException if the value is not {@code true} or {@code false}
     */
    public boolean bool(String key, boolean defaultValue) {
        known.add(key);
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("true") || t.equals("false")) {
            return Boolean.parseBoolean(t);
        }
        throw new IllegalArgumentException(fullKey(key) + " must be true or false, got '" + text + "'");
    }

    /**
     * Reads one of an enum's constants by its name in lower case with dashes ({@code ACK_RTT} is {@code ack-rtt}).
     *
     * @param key the parameter's key without the prefix
     * @param defaultValue its value when not given
     * @param <E> the enum
     * @return the value
     * @throws IllegalArgumentException if the value names none of the constants (the message lists them)
     */
    public <E extends Enum<E>> E choice(String key, E defaultValue) {
        known.add(key);
        String text = values.get(key);
        if (text == null) {
            return defaultValue;
        }
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        StringBuilder names = new StringBuilder();
        for (E constant : defaultValue.getDeclaringClass().getEnumConstants()) {
            String name = choiceName(constant);
            if (name.equals(wanted)) {
                return constant;
            }
            names.append(names.length() == 0 ? "" : ", ").append(name);
        }
        throw new IllegalArgumentException(fullKey(key) + " must be one of " + names + ", got '" + text.trim() + "'");
    }

    /**
     * @param constant an enum constant
     * @return its name as {@link #choice} reads it: lower case, dashes for underscores
     */
    public static String choiceName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @throws IllegalArgumentException if a parameter was given that none of the reads asked for (a typo must not
     *     silently fall back to a default)
     */
    public void rejectUnknown() {
        Set<String> unknown = new TreeSet<>(values.keySet());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            Set<String> full = new TreeSet<>();
            unknown.forEach(k -> full.add(fullKey(k)));
            Set<String> valid = new TreeSet<>();
            known.forEach(k -> valid.add(fullKey(k)));
            throw new IllegalArgumentException("unknown setting(s) " + full + " for congestion control '" + scheme
                    + "'; its settings are " + valid);
        }
    }

    private String fullKey(String key) {
        return "cc." + scheme + "." + key;
    }

    private static String plain(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
