package org.gcs.tools.json;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Writes a value as compact JSON on one line: maps (objects, in their iteration order), iterables and arrays of
 * objects, strings, numbers, booleans and {@code null}. Non-finite doubles become {@code null}; whole doubles are
 * written without a fraction ({@code 30}, not {@code 30.0}).
 */
public final class JsonWriter {
    private JsonWriter() {
    }

    /**
     * @param value the value to write
     * @return its JSON text
     * @throws IllegalArgumentException if the value (or a nested one) has no JSON form
     */
    public static String write(Object value) {
        StringBuilder json = new StringBuilder();
        append(json, value);
        return json.toString();
    }

    private static void append(StringBuilder json, Object value) {
        if (value == null) {
            json.append("null");
        } else if (value instanceof Boolean) {
            json.append(value);
        } else if (value instanceof Double || value instanceof Float) {
            appendDouble(json, ((Number) value).doubleValue());
        } else if (value instanceof BigDecimal decimal) {
            json.append(decimal.toPlainString());
        } else if (value instanceof Number) {
            json.append(value);
        } else if (value instanceof CharSequence || value instanceof Character) {
            appendString(json, value.toString());
        } else if (value instanceof Map<?, ?> map) {
            json.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!first) {
                    json.append(',');
                }
                first = false;
                appendString(json, String.valueOf(entry.getKey()));
                json.append(':');
                append(json, entry.getValue());
            }
            json.append('}');
        } else if (value instanceof Iterable<?> items) {
            json.append('[');
            boolean first = true;
            for (Object item : items) {
                if (!first) {
                    json.append(',');
                }
                first = false;
                append(json, item);
            }
            json.append(']');
        } else if (value instanceof Object[] items) {
            append(json, java.util.Arrays.asList(items));
        } else {
            throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
        }
    }

    private static void appendDouble(StringBuilder json, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            json.append("null");
        } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            json.append((long) value);
        } else {
            json.append(value); // Double.toString is valid JSON: 0.5, 1.0E-5, 1.5E20
        }
    }

    /**
     * Appends a string literal with the escapes JSON requires.
     *
     * @param json where to append
     * @param text the text
     */
    static void appendString(StringBuilder json, String text) {
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                case '\b' -> json.append("\\b");
                case '\f' -> json.append("\\f");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029' || Character.isSurrogate(c)
                            && !isPairedSurrogate(text, i)) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }

    private static boolean isPairedSurrogate(String text, int i) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }
}
