package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** GcsContainer's configuration, without Docker. */
class GcsContainerTest {
    @Test
    void shouldWriteTheNodeConfigurationFromItsSettings() {
        try (GcsContainer node = new GcsContainer("boston", "boston-1").withGroups("chat", "board")
                .withSeeds("10.0.0.2:7700", "10.0.0.3:7700").withClusterKey("a-long-shared-test-key")
                .withWanAddress("10.0.0.1").withLanAddress("10.1.0.1").withSetting("site.timeout", "3s")) {
            assertThat(node.configText()).contains("site = boston\n", "member.name = boston-1\n",
                    "wan.bind = 0.0.0.0:7700\n", "wan.advertise = 10.0.0.1:7700\n", "groups = chat,board\n",
                    "seeds = 10.0.0.2:7700,10.0.0.3:7700\n", "lan.bind.address = 10.1.0.1\n", "site.timeout = 3s\n");
            assertThat(node.site()).isEqualTo("boston");
        }
    }

    @Test
    void shouldSayWhatIsMissingOrWrong() {
        try (GcsContainer node = new GcsContainer("boston", "boston-1")) {
            assertThatThrownBy(node::configure).hasMessageContaining("withClusterKey");
            assertThatThrownBy(() -> node.withGroups()).hasMessageContaining("at least one group");
            assertThatThrownBy(() -> node.withCheckTraffic(0, 10, 2)).hasMessageContaining("perSecond > 0");
        }
        assertThatThrownBy(() -> new GcsContainer(" ", "m")).hasMessageContaining("site");
    }

    @Test
    void shouldTakeTheImageFromThePropertyThenTheDefault() {
        String before = System.getProperty(GcsContainer.IMAGE_PROPERTY);
        try {
            System.setProperty(GcsContainer.IMAGE_PROPERTY, "registry.example/gcs-node:1.0");
            assertThat(GcsContainer.defaultImage()).isEqualTo("registry.example/gcs-node:1.0");
            System.clearProperty(GcsContainer.IMAGE_PROPERTY);
            if (System.getenv(GcsContainer.IMAGE_ENV) == null) {
                assertThat(GcsContainer.defaultImage()).isEqualTo(GcsContainer.DEFAULT_IMAGE);
            }
        } finally {
            if (before != null) {
                System.setProperty(GcsContainer.IMAGE_PROPERTY, before);
            }
        }
    }
}
