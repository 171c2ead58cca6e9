package org.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Misconfiguration caught with the file's key names (issue 15, Deliver 5). */
class GcsConfigLoaderStrictnessTest {
    private static final String KEY = "0123456789abcdef-test-key";

    @TempDir
    Path dir;

    @Test
    void shouldRefuseAKeyGivenTwiceNamingBothLines() throws Exception {
        Path file = dir.resolve("node.properties");
        Files.writeString(file, """
                # a node
                site = boston
                cluster.key = %s

                max.datagram.bytes = 1400
                cluster.key = %s-other
                """.formatted(KEY, KEY));
        assertThatThrownBy(() -> GcsConfigLoader.load(file))
                .isInstanceOf(GcsConfigException.class)
                .hasMessageContaining("node.properties")
                .hasMessageContaining("cluster.key is set twice")
                .hasMessageContaining("lines 3 and 6");
    }

    @Test
    void shouldNameTheLineOfAMalformedUnicodeEscapeWithoutEchoingIt() throws Exception {
        Path file = dir.resolve("escape.properties");
        Files.writeString(file, "site = boston\n\n# a comment\ncluster.key = secret\\u12x4-" + KEY + "\n");

        assertThatThrownBy(() -> GcsConfigLoader.load(file))
                .isInstanceOf(GcsConfigException.class)
                .hasMessageStartingWith(file + ", line 4: malformed \\uXXXX escape")
                .hasMessageNotContaining(KEY)
                .hasMessageNotContaining("\n");
    }

    @Test
    void shouldReadContinuationLinesAndEscapesAsPropertiesDoes() throws Exception {
        Path file = dir.resolve("node.properties");
        Files.writeString(file, """
                site = boston
                ! a comment
                seeds = 127.0.0.1:7701, \\
                        127.0.0.1:7702
                cluster.key : %s
                """.formatted(KEY));
        GcsConfig config = GcsConfigLoader.load(file).build();
        assertThat(config.seeds()).hasSize(2);
        assertThat(config.site()).isEqualTo("boston");
    }

    @Test
    void shouldRefuseBothClusterKeyAndClusterKeyHex() throws Exception {
        Path file = dir.resolve("keys.properties");
        Files.writeString(file, """
                site = boston
                cluster.key = %s
                cluster.key.hex = 00112233445566778899aabbccddeeff
                """.formatted(KEY));
        assertThatThrownBy(() -> GcsConfigLoader.load(file))
                .isInstanceOf(GcsConfigException.class)
                .hasMessageContaining("keys.properties")
                .hasMessageContaining("both cluster.key and cluster.key.hex");
    }

    @ParameterizedTest
    @CsvSource({
            "max.datagram.bytes, 12oo",
            "send.window.bytes, lots",
            "tree.max.fanout, three",
            "lan.mcast.port, 45x",
            "site.timeout, 5 seconds",
            "hop.output.packets, fifty",
            "initial.send.rate, fast"})
    void shouldRefuseNonNumericNumbersNamingTheKey(String key, String value) {
        Properties p = new Properties();
        p.setProperty("site", "ottawa");
        p.setProperty("cluster.key", KEY);
        p.setProperty(key, value);
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(p, "bad.properties").build())
                .isInstanceOf(GcsConfigException.class)
                .hasMessageStartingWith("bad.properties: ")
                .hasMessageContaining(key)
                .hasMessageContaining(value)
                .hasMessageNotContaining("For input string")
                .hasNoCause();
    }
}
