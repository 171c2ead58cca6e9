package org.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Key rings, key files, weak-key refusal and the WAN protection settings. */
class ClusterKeysTest {
    private static final String STRONG_HEX = "3f9a1c7e5b2d8046f1e3a5c7b9d0e2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4f6";

    @TempDir
    Path dir;

    @Test
    void shouldRefuseWeakAndPublishedKeysUnlessTheNodeIsATest() {
        for (String weak : new String[] {"aaaaaaaaaaaaaaaa", "abababababababababab", "gcs-example-cluster-key-change-me"}) {
            assertThatThrownBy(() -> GcsConfig.builder().site("a").clusterKey(weak).build())
                    .isInstanceOf(GcsConfigException.class)
                    .hasMessageContaining("openssl rand -hex 32").hasMessageContaining("cluster.key.hex")
                    .hasMessageContaining("node.test");
            assertThat(GcsConfig.builder().site("a").clusterKey(weak).testNode(true).build().testNode()).isTrue();
        }
        assertThat(GcsConfig.builder().site("a").clusterKey("loopback-test-cluster-key-0123456789").build()
                .clusterKeys().ids()).containsExactly(0);
    }

    @Test
    void shouldLoadAKeyFileAndTheProtectionSettingsFromProperties() throws Exception {
        Path keys = dir.resolve("cluster.keys");
        Files.writeString(keys, "# two keys\nkey.1 = " + STRONG_HEX + "\nkey.7 = " + STRONG_HEX.replace('3', '4')
                + "\nsend.key = 7\n");
        Properties p = new Properties();
        p.setProperty("site", "a");
        p.setProperty("cluster.key.file", keys.toString());
        p.setProperty("wan.protection", "integrity");
        p.setProperty("wan.replay.max.age", "90s");

        GcsConfig config = GcsConfigLoader.fromProperties(p, "test").build();

        assertThat(config.clusterKeys().ids()).containsExactly(1, 7);
        assertThat(config.clusterKeys().sendKeyId()).isEqualTo(7);
        assertThat(config.clusterKeyFile()).contains(keys);
        assertThat(config.wanProtection()).isEqualTo(WanProtection.INTEGRITY);
        assertThat(config.replayMaxAge()).isEqualTo(Duration.ofSeconds(90));
        assertThat(GcsConfig.builder().site("a").clusterKey(STRONG_HEX).build().wanProtection())
                .isEqualTo(WanProtection.AES_GCM);
        assertThat(config.clusterKeys().toString()).doesNotContain(STRONG_HEX.substring(0, 8));
    }

    @Test
    void shouldNameTheLineOfAnInvalidKeyFile() {
        assertThatThrownBy(() -> ClusterKeys.parse("key.1 = " + STRONG_HEX + "\nkey.1 = " + STRONG_HEX
                + "\nsend.key = 1\n", "f")).hasMessageContaining("f line 2").hasMessageContaining("given twice");
        assertThatThrownBy(() -> ClusterKeys.parse("key.1 = xyz\nsend.key = 1\n", "f"))
                .hasMessageContaining("f line 1").hasMessageContaining("hexadecimal");
        assertThatThrownBy(() -> ClusterKeys.parse("key.1 = " + STRONG_HEX + "\n", "f"))
                .hasMessageContaining("send.key = <id> is missing");
        assertThatThrownBy(() -> ClusterKeys.parse("key.300 = " + STRONG_HEX + "\nsend.key = 300\n", "f"))
                .hasMessageContaining("0 to 255");
        assertThatThrownBy(() -> ClusterKeys.parse("key.1 = 00ff\nsend.key = 1\n", "f"))
                .hasMessageContaining("at least 16 bytes");
        assertThatThrownBy(() -> ClusterKeys.parse("colour = blue\n", "f")).hasMessageContaining("unknown setting");
    }

    @Test
    void shouldRefuseAKeyFileTogetherWithACluserKeyAndABadProtectionName() throws Exception {
        Path keys = dir.resolve("k");
        Files.writeString(keys, "key.1 = " + STRONG_HEX + "\nsend.key = 1\n");
        Properties both = new Properties();
        both.setProperty("site", "a");
        both.setProperty("cluster.key.file", keys.toString());
        both.setProperty("cluster.key.hex", STRONG_HEX);
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(both, "both.properties"))
                .hasMessageContaining("both.properties").hasMessageContaining("keep one");
        Properties badMode = new Properties();
        badMode.setProperty("wan.protection", "rot13");
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(badMode, "m"))
                .hasMessageContaining("aes-gcm").hasMessageContaining("integrity");
        assertThatThrownBy(() -> GcsConfig.builder().replayMaxAge(Duration.ofMillis(10)))
                .isInstanceOf(GcsConfigException.class);
    }
}
