package org.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The library's messages name the builder's settings for a Java caller, and {@link SettingNames#forUser} puts them in
 * the terms of a properties file or a command line: its keys or options and durations as written ({@code 5s}).
 */
class SettingNamesTest {
    private static final String KEY = "a long secret that every node shares";

    @Test
    void everyBuilderSettingMapsToAKeyOfTheProperties() {
        for (Map.Entry<String, String> e : SettingNames.all().entrySet()) {
            assertThat(ConfigKeys.names()).as("the key of builder setting %s", e.getKey()).contains(e.getValue());
        }
        assertThat(SettingNames.propertiesKey("siteTimeout")).isEqualTo("site.timeout");
        assertThat(SettingNames.propertiesKey("site")).isEqualTo("site");
    }

    @Test
    void aBadSiteTimeoutNamesTheBuilderSettingInJavaAndTheKeyInAFile() {
        assertThatThrownBy(() -> GcsConfig.builder().siteTimeout(Duration.ofMillis(10)))
                .isInstanceOf(GcsConfigException.class)
                .hasMessage("siteTimeout (site.timeout) must be between 50ms and 10m, got 10ms: give a duration in"
                        + " that range, or leave it out for the default 5s");
        Properties file = properties("site.timeout", "10ms");
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(file, "node.properties"))
                .isInstanceOf(GcsConfigException.class)
                .hasMessage("node.properties: site.timeout must be between 50ms and 10m, got 10ms: give a duration in"
                        + " that range, or leave it out for the default 5s");
    }

    @Test
    void aSiteTimeoutBelowTwoHeartbeatsSaysWhatToChangeInTheUsersTerms() {
        GcsConfigBuilder builder = GcsConfigLoader.fromProperties(properties("site.timeout", "1500ms"), "f");
        String message = messageOf(builder);
        assertThat(message).isEqualTo("siteTimeout (1500ms) must be at least twice heartbeatInterval (1s), or a"
                + " single lost heartbeat would drop a site: raise siteTimeout to 2s or more, or shorten"
                + " heartbeatInterval");
        assertThat(SettingNames.forUser(message)).isEqualTo("site.timeout (1500ms) must be at least twice"
                + " heartbeat.interval (1s), or a single lost heartbeat would drop a site: raise site.timeout to 2s or"
                + " more, or shorten heartbeat.interval");
    }

    @Test
    void aMissingSiteSaysWhatToWriteInTheFile() {
        String message = messageOf(GcsConfig.builder().clusterKey(KEY));
        assertThat(message).contains("builder.site(\"boston\")");
        assertThat(SettingNames.forUser(message))
                .isEqualTo("site is required: name the LAN cluster this node belongs to, e.g. site = boston");
    }

    @Test
    void aBindFailureNamesTheOptionOrTheKeyTheUserGave() {
        String message = "cannot bind the WAN socket to 127.0.0.1:7701: Address already in use (pick a free port with"
                + " wanBind, or 0 for any free port)";
        assertThat(SettingNames.forUser(message)).endsWith("(pick a free port with wan.bind, or 0 for any free port)");
        assertThat(SettingNames.forUser(message, Map.of("wanBind", "--wan-port")))
                .endsWith("(pick a free port with --wan-port, or 0 for any free port)");
    }

    @Test
    void isoDurationsBecomeDurationsAsWritten() {
        assertThat(SettingNames.forUser("got PT5S, PT0.25S, PT10M, PT1H, PT1.5S and PT0.000001S"))
                .isEqualTo("got 5s, 250ms, 10m, 1h, 1500ms and 1us");
        assertThat(Quantities.format(Duration.ofMillis(250))).isEqualTo("250ms");
        assertThat(Quantities.timeNs(Quantities.format(Duration.ofNanos(1_234_567)))).isEqualTo(1_234_567);
    }

    @Test
    void messagesThatStateABoundAlsoSayWhatToDo() {
        assertThatThrownBy(() -> GcsConfig.builder().maxFanOut(0))
                .hasMessage("maxFanOut (tree.max.fanout) must be in 1..64, got 0: give a value in that range, or leave"
                        + " it out for the default 4");
        assertThatThrownBy(() -> GcsConfig.builder().initialSendRate(10))
                .hasMessage("initialSendRate must be at least 1024 bytes/s, got 10: raise it to 1024 bytes/s or more,"
                        + " or leave it out for the default 128KB");
        assertThatThrownBy(() -> GcsConfig.builder().site("a").clusterKey(KEY).maxMessageBytes(2 << 20)
                .maxPendingSendBytes(1 << 20).build())
                .hasMessageEndingWith(": raise maxPendingSendBytes or lower maxMessageBytes");
    }

    @Test
    void aNullObjectGivenToTheBuilderIsAnIllegalArgumentNamingIt() {
        assertThatThrownBy(() -> GcsConfig.builder().lan(null)).isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("lan must not be null");
        assertThatThrownBy(() -> GcsConfig.builder().meterRegistry(null))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("meterRegistry");
        assertThatThrownBy(() -> GcsConfig.builder().hopStallTimeout(null))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("hopStallTimeout");
        assertThatThrownBy(() -> GcsConfig.builder().set(null, "x"))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("key");
        assertThatThrownBy(() -> GcsConfig.builder().clusterKeys(null))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("clusterKeys");
        assertThatThrownBy(() -> GcsConfig.builder().transport(null))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("transport");
        assertThatThrownBy(() -> LanConfig.builder().transport(null))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("lan.transport");
        assertThatThrownBy(() -> GcsNode.start(null)).isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("config must not be null");
    }

    private static Properties properties(String key, String value) {
        Properties p = new Properties();
        p.setProperty("site", "boston");
        p.setProperty("cluster.key", KEY);
        p.setProperty(key, value);
        return p;
    }

    private static String messageOf(GcsConfigBuilder builder) {
        try {
            builder.build();
        } catch (GcsConfigException e) {
            return e.getMessage();
        }
        throw new AssertionError("the configuration was valid");
    }
}
