package org.gcs.examples.dashboard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for the tests: objects become {@link LinkedHashMap}s, arrays {@link List}s, numbers
 * {@link Double}s; strings, booleans and null as they are.
 */
final class TestJson {
    private final String text;
    private int at;

    private TestJson(String text) {
        this.text = text;
    }

    /**
     * @param text one JSON value
     * @return its Java form
     */
    static Object parse(String text) {
        TestJson reader = new TestJson(text);
        Object value = reader.value();
        reader.skipSpace();
        if (reader.at != text.length()) {
            throw reader.error("trailing text");
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object value) {
        return (List<Object>) value;
    }

    private Object value() {
        skipSpace();
        char c = text.charAt(at);
        if (c == '{') {
            Map<String, Object> map = new LinkedHashMap<>();
            at++;
            skipSpace();
            if (text.charAt(at) == '}') {
                at++;
                return map;
            }
            do {
                skipSpace();
                String key = string();
                skipSpace();
                expect(':');
                map.put(key, value());
                skipSpace();
            } while (text.charAt(at++) == ',');
            if (text.charAt(at - 1) != '}') {
                throw error("expected }");
            }
            return map;
        }
        if (c == '[') {
            List<Object> list = new ArrayList<>();
            at++;
            skipSpace();
            if (text.charAt(at) == ']') {
                at++;
                return list;
            }
            do {
                list.add(value());
                skipSpace();
            } while (text.charAt(at++) == ',');
            if (text.charAt(at - 1) != ']') {
                throw error("expected ]");
            }
            return list;
        }
        if (c == '"') {
            return string();
        }
        for (String word : new String[] {"true", "false", "null"}) {
            if (text.startsWith(word, at)) {
                at += word.length();
                return word.equals("null") ? null : Boolean.valueOf(word);
            }
        }
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        if (start == at) {
            throw error("unexpected character");
        }
        return Double.valueOf(text.substring(start, at));
    }

    private String string() {
        expect('"');
        StringBuilder s = new StringBuilder();
        while (true) {
            char c = text.charAt(at++);
            if (c == '"') {
                return s.toString();
            }
            if (c == '\\') {
                char e = text.charAt(at++);
                switch (e) {
                    case 'n' -> s.append('\n');
                    case 't' -> s.append('\t');
                    case 'r' -> s.append('\r');
                    case 'b' -> s.append('\b');
                    case 'f' -> s.append('\f');
                    case 'u' -> {
                        s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> s.append(e);
                }
            } else {
                s.append(c);
            }
        }
    }

    private void expect(char c) {
        if (text.charAt(at) != c) {
            throw error("expected " + c);
        }
        at++;
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at " + at + " of " + text);
    }
}
