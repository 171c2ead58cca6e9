package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeLineTest {

    @Test
    void shouldFormatAndParseEveryField() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("measured", "42");
        fields.put("master", "true");
        NodeLine line = new NodeLine(NodeLine.DONE, fields);

        assertThat(line.format()).isEqualTo("@bench done measured=42 master=true");
        NodeLine parsed = NodeLine.parse(line.format()).orElseThrow();
        assertThat(parsed).isEqualTo(line);
        assertThat(parsed.number("measured")).isEqualTo(42);
        assertThat(parsed.flag("master")).isTrue();
        assertThat(parsed.flag("absent")).isFalse();
    }

    @Test
    void shouldKeepFreeTextWithSpacesAndEqualsSignsLast() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(NodeLine.TEXT, "cannot bind 127.0.0.1:7700: port=in use");
        fields.put("master", "false");
        NodeLine line = new NodeLine(NodeLine.READY, fields);

        assertThat(line.format()).isEqualTo("@bench ready master=false text=cannot bind 127.0.0.1:7700: port=in use");
        NodeLine parsed = NodeLine.parse(line.format()).orElseThrow();
        assertThat(parsed.text(NodeLine.TEXT)).isEqualTo("cannot bind 127.0.0.1:7700: port=in use");
        assertThat(parsed.flag("master")).isFalse();
        assertThat(NodeLine.withText(NodeLine.ERROR, "two\nlines").format()).isEqualTo("@bench error text=two lines");
    }

    @Test
    void shouldIgnoreLinesThatAreNotProtocolLines() {
        assertThat(NodeLine.parse("11:02:03.456 [main] WARN org.jgroups - something")).isEmpty();
        assertThat(NodeLine.parse("@benchmark done")).isEmpty();
        assertThat(NodeLine.parse("@bench ")).isEmpty();
        assertThat(NodeLine.parse("@bench started")).contains(NodeLine.of(NodeLine.STARTED));
    }

    @Test
    void shouldNameTheLineWhenAFieldIsMissingOrNotANumber() {
        NodeLine line = NodeLine.parse("@bench done measured=many").orElseThrow();

        assertThatThrownBy(() -> line.number("measured")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("bad measured").hasMessageContaining("@bench done measured=many");
        assertThatThrownBy(() -> line.text("warmup")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("without warmup");
    }
}
