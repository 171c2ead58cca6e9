package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class WireWriterTextTest {
    private static byte[] written(String s) {
        WireWriter writer = new WireWriter(WireWriter.textSize(s));
        writer.text(s);
        assertThat(writer.position()).as("textSize matches what text writes").isEqualTo(WireWriter.textSize(s));
        return Arrays.copyOf(writer.array(), writer.position());
    }

    @Test
    void shouldWriteAnAsciiNameAsItsLengthAndCharacters() {
        assertThat(written("site-a")).containsExactly(6, 's', 'i', 't', 'e', '-', 'a');
    }

    @Test
    void shouldWriteOtherTextAsUtf8() {
        byte[] utf8 = "zürich".getBytes(StandardCharsets.UTF_8);
        byte[] out = written("zürich");

        assertThat(out[0]).isEqualTo((byte) utf8.length);
        assertThat(Arrays.copyOfRange(out, 1, out.length)).containsExactly(utf8);
    }

    @Test
    void shouldRefuseEmptyAndOverlongText() {
        assertThatThrownBy(() -> new WireWriter(8).text("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WireWriter(300).text("x".repeat(256)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
