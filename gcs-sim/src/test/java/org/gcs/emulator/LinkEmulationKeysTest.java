package org.gcs.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigException;
import org.junit.jupiter.api.Test;

/** The emulator's keys of a node's properties file, and the emulator as a node's WAN pipeline hook. */
class LinkEmulationKeysTest {
    private static final String KEY = "a secret shared by every node of the test";

    @Test
    void shouldTakeItsKeysOutOfTheSettingsAndLeaveTheRest() {
        Properties p = new Properties();
        p.setProperty("site", "boston");
        p.setProperty("emulation.topology", " ron3 ");
        p.setProperty("emulation.seed", "7");
        LinkEmulation emulation = LinkEmulationKeys.take(p, "node.properties").orElseThrow();
        assertThat(emulation.topology().sites()).containsExactly("boston", "ottawa", "chicago");
        assertThat(emulation.seed()).isEqualTo(7);
        assertThat(p.stringPropertyNames()).containsExactly("site");
    }

    @Test
    void shouldSeedWithOneByDefaultAndGiveNothingWithoutATopology() {
        Properties p = new Properties();
        p.setProperty("emulation.topology", "ron6");
        assertThat(LinkEmulationKeys.take(p, "f").orElseThrow().seed()).isEqualTo(1);
        assertThat(LinkEmulationKeys.take(new Properties(), "f")).isEmpty();
    }

    @Test
    void shouldNameTheKeyAndTheSourceOfABadValue() {
        Properties seed = new Properties();
        seed.setProperty("emulation.topology", "ron3");
        seed.setProperty("emulation.seed", "0x1f");
        assertThatThrownBy(() -> LinkEmulationKeys.take(seed, "bad.properties"))
                .hasMessageStartingWith("bad.properties: ").hasMessageContaining("emulation.seed")
                .hasMessageContaining("0x1f");
        Properties topology = new Properties();
        topology.setProperty("emulation.topology", "atlantis");
        assertThatThrownBy(() -> LinkEmulationKeys.take(topology, "bad.properties"))
                .hasMessageStartingWith("bad.properties: emulation.topology = atlantis");
        Properties lonelySeed = new Properties();
        lonelySeed.setProperty("emulation.seed", "3");
        assertThatThrownBy(() -> LinkEmulationKeys.take(lonelySeed, "bad.properties"))
                .hasMessageContaining("emulation.seed is set but emulation.topology is not");
    }

    @Test
    void shouldRefuseANodeOfASiteTheTopologyLacks() {
        LinkEmulation ron3 = LinkEmulation.of(Topology.load("ron3"), 1);
        assertThatThrownBy(() -> GcsConfig.builder().site("mars").clusterKey(KEY).wanPipelineHook(ron3).build())
                .isInstanceOf(GcsConfigException.class)
                .hasMessageContaining("not in the emulated topology 'ron3'");
        assertThat(GcsConfig.builder().site("ottawa").clusterKey(KEY).wanPipelineHook(ron3).build().wanPipelineHook())
                .containsSame(ron3);
    }

    @Test
    void shouldLoadANodesSettingsWithItsEmulationAsTheHook() {
        Properties p = new Properties();
        p.setProperty("site", "chicago");
        p.setProperty("cluster.key", KEY);
        p.setProperty("emulation.topology", "ron3");
        GcsConfig config = LinkEmulationKeys.load(p, "node.properties").build();
        assertThat(config.site()).isEqualTo("chicago");
        assertThat(config.wanPipelineHook()).get().isInstanceOf(LinkEmulation.class);

        Properties bad = new Properties();
        bad.setProperty("site", "chicago");
        bad.setProperty("emulation.seed", "x");
        bad.setProperty("emulation.topology", "ron3");
        assertThatThrownBy(() -> LinkEmulationKeys.load(bad, "node.properties"))
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("emulation.seed");
    }
}
