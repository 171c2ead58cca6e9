package org.gcs.tools.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonWriterTest {

    @Test
    void shouldEscapeQuotesBackslashesAndControlCharacters() {
        assertThat(JsonWriter.write("a\"b\\c\nd\re\tf\bg\fh\u0001i\u001fj"))
                .isEqualTo("\"a\\\"b\\\\c\\nd\\re\\tf\\bg\\fh\\u0001i\\u001fj\"");
    }

    @Test
    void shouldKeepNonAsciiTextAndEscapeLineSeparatorsAndLoneSurrogates() {
        assertThat(JsonWriter.write("Montréal ☃ 😀")).isEqualTo("\"Montréal ☃ 😀\"");
        assertThat(JsonWriter.write("a\u2028b")).isEqualTo("\"a\\u2028b\"");
        assertThat(JsonWriter.write("x\ud800y")).isEqualTo("\"x\\ud800y\"");
    }

    @Test
    void shouldWriteNumbersAsJsonNumbers() {
        assertThat(JsonWriter.write(42)).isEqualTo("42");
        assertThat(JsonWriter.write(-7L)).isEqualTo("-7");
        assertThat(JsonWriter.write(30.0)).isEqualTo("30");
        assertThat(JsonWriter.write(0.5)).isEqualTo("0.5");
        assertThat(JsonWriter.write(-1.25f)).isEqualTo("-1.25");
        assertThat(JsonWriter.write(1e-5)).isEqualTo("1.0E-5");
        assertThat(JsonWriter.write(new BigDecimal("1E+3"))).isEqualTo("1000");
        assertThat(JsonWriter.write(Double.NaN)).isEqualTo("null");
        assertThat(JsonWriter.write(Double.POSITIVE_INFINITY)).isEqualTo("null");
    }

    @Test
    void shouldWriteNestedObjectsAndArraysInOrder() {
        Map<String, Object> latency = new LinkedHashMap<>();
        latency.put("p50", 1.5);
        latency.put("max", 9);
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("sites", 3);
        root.put("names", List.of("boston", "ottawa"));
        root.put("latencyMs", latency);
        root.put("passed", true);
        root.put("failure", null);
        root.put("empty", Map.of());
        root.put("nothing", new String[0]);
        root.put("mixed", Arrays.asList(1, "two", false, null));

        assertThat(JsonWriter.write(root)).isEqualTo("{\"sites\":3,\"names\":[\"boston\",\"ottawa\"],"
                + "\"latencyMs\":{\"p50\":1.5,\"max\":9},\"passed\":true,\"failure\":null,\"empty\":{},"
                + "\"nothing\":[],\"mixed\":[1,\"two\",false,null]}");
    }

    @Test
    void shouldEscapeKeys() {
        assertThat(JsonWriter.write(Map.of("a\"b", 1))).isEqualTo("{\"a\\\"b\":1}");
    }

    @Test
    void shouldRejectValuesWithoutJsonForm() {
        assertThatThrownBy(() -> JsonWriter.write(new Object())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.Object");
    }
}
