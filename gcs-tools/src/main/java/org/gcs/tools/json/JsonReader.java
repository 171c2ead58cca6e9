package org.gcs.tools.json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict, small JSON parser (for the whiteboard page's requests, and the tests' reading of the dashboard's): objects become {@link Map}s (in their order),
 * arrays {@link List}s, numbers {@link BigDecimal}s, and strings, booleans and {@code null} themselves. Nesting is
 * bounded by {@value #MAX_DEPTH} so a hostile body cannot exhaust the stack.
 */
public final class JsonReader {
    /** The deepest nesting of arrays and objects accepted. */
    public static final int MAX_DEPTH = 16;

    private final String text;
    private int position;

    private JsonReader(String text) {
        this.text = text;
    }

    /**
     * @param text JSON text
     * @return its value
     * @throws IllegalArgumentException if the text is not one JSON value (the message gives the position)
     */
    public static Object parse(String text) {
        JsonReader reader = new JsonReader(text);
        Object value = reader.value(0);
        reader.skipSpace();
        if (reader.position != text.length()) {
            throw reader.error("text after the value");
        }
        return value;
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH);
        }
        skipSpace();
        if (position >= text.length()) {
            throw error("a value is missing");
        }
        char c = text.charAt(position);
        return switch (c) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> map = new LinkedHashMap<>();
        position++;
        skipSpace();
        if (peek('}')) {
            position++;
            return map;
        }
        while (true) {
            skipSpace();
            if (!peek('"')) {
                throw error("a key in quotes expected");
            }
            String key = string();
            skipSpace();
            expect(':');
            if (map.containsKey(key)) {
                throw error("key '" + key + "' given twice");
            }
            map.put(key, value(depth + 1));
            skipSpace();
            if (peek(',')) {
                position++;
            } else {
                expect('}');
                return map;
            }
        }
    }

    private List<Object> array(int depth) {
        List<Object> list = new ArrayList<>();
        position++;
        skipSpace();
        if (peek(']')) {
            position++;
            return list;
        }
        while (true) {
            list.add(value(depth + 1));
            skipSpace();
            if (peek(',')) {
                position++;
            } else {
                expect(']');
                return list;
            }
        }
    }

    private String string() {
        position++;
        StringBuilder out = new StringBuilder();
        while (position < text.length()) {
            char c = text.charAt(position++);
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                throw error("a control character in a string");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (position >= text.length()) {
                break;
            }
            char escaped = text.charAt(position++);
            switch (escaped) {
                case '"', '\\', '/' -> out.append(escaped);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> out.append(unicodeEscape());
                default -> throw error("bad escape \\" + escaped);
            }
        }
        throw error("unterminated string");
    }

    private char unicodeEscape() {
        if (position + 4 > text.length()) {
            throw error("short \\u escape");
        }
        try {
            char c = (char) Integer.parseInt(text.substring(position, position + 4), 16);
            position += 4;
            return c;
        } catch (NumberFormatException e) {
            throw error("bad \\u escape");
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, position)) {
            throw error("unexpected character '" + text.charAt(position) + "'");
        }
        position += word.length();
        return value;
    }

    private BigDecimal number() {
        int start = position;
        while (position < text.length() && "+-0123456789.eE".indexOf(text.charAt(position)) >= 0) {
            position++;
        }
        String digits = text.substring(start, position);
        if (digits.isEmpty() || !digits.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]{1,4})?")) {
            position = start;
            throw error(digits.isEmpty() ? "unexpected character '" + text.charAt(start) + "'" : "bad number");
        }
        return new BigDecimal(digits);
    }

    private boolean peek(char c) {
        return position < text.length() && text.charAt(position) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("'" + c + "' expected");
        }
        position++;
    }

    private void skipSpace() {
        while (position < text.length() && " \t\r\n".indexOf(text.charAt(position)) >= 0) {
            position++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("bad JSON at character " + position + ": " + what);
    }
}
