package org.gcs.examples.dashboard;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gcs.tools.json.JsonReader;

/**
 * Reads the dashboard's JSON for the tests with the examples' {@link JsonReader}: objects become
 * {@link LinkedHashMap}s, arrays {@link List}s, numbers {@link Double}s; strings, booleans and null as they are.
 */
final class TestJson {
    private TestJson() {
    }

    /**
     * @param text one JSON value
     * @return its Java form
     */
    static Object parse(String text) {
        return withDoubles(JsonReader.parse(text));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object value) {
        return (List<Object>) value;
    }

    private static Object withDoubles(Object value) {
        if (value instanceof BigDecimal number) {
            return number.doubleValue();
        } else if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, item) -> copy.put((String) key, withDoubles(item)));
            return copy;
        } else if (value instanceof List<?> list) {
            return list.stream().map(TestJson::withDoubles).toList();
        }
        return value;
    }
}
