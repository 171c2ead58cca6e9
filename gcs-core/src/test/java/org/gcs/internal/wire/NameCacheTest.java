package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NameCacheTest {
    private static String decode(String name, int offset) {
        byte[] bytes = new byte[offset + name.length() + 3];
        System.arraycopy(name.getBytes(StandardCharsets.US_ASCII), 0, bytes, offset, name.length());
        return NameCache.of(bytes, offset, name.length());
    }

    @Test
    void shouldGiveTheSameObjectForTheSameName() {
        String first = decode("site-a.member_1", 0);
        String second = decode("site-a.member_1", 7);

        assertThat(first).isEqualTo("site-a.member_1");
        assertThat(second).isSameAs(first);
    }

    @Test
    void shouldNeverGiveAnotherName() {
        // many more names than slots: collisions replace entries, and every decode still gives its own text
        Set<String> seen = new HashSet<>();
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 4 * NameCache.SLOTS; i++) {
                String name = "m" + i;
                assertThat(decode(name, i % 5)).isEqualTo(name);
                seen.add(name);
            }
        }
        assertThat(seen).hasSize(4 * NameCache.SLOTS);
    }

    @Test
    void shouldTellNamesOfEqualLengthApart() {
        assertThat(decode("ab", 0)).isEqualTo("ab");
        assertThat(decode("ba", 0)).isEqualTo("ba");
        assertThat(decode("ab", 1)).isEqualTo("ab");
    }

    @Test
    void shouldAcceptAWireReaderNameThroughTheCache() throws MalformedDatagramException {
        byte[] wire = {3, 'g', 'r', 'p', 3, 'g', 'r', 'p'};
        WireReader reader = new WireReader(wire, 0, wire.length);

        String first = reader.name("group");
        assertThat(reader.name("group")).isEqualTo("grp").isSameAs(first);
    }
}
