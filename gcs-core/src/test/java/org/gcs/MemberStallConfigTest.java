package org.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The member stall policy's settings: a bounded default, per-group bounds, validation naming the key. */
class MemberStallConfigTest {
    private static final String KEY = "0123456789abcdef0123";

    @Test
    void shouldBoundEveryGroupByTenSecondsByDefault() {
        GcsConfig config = GcsConfig.builder().site("a").clusterKey(KEY).build();
        assertThat(config.memberStallTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(config.memberStallTimeout("any")).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void shouldTakeAPerGroupBoundFromTheBuilderAndFromProperties() {
        GcsConfig built = GcsConfig.builder().site("a").clusterKey(KEY).memberStallTimeout(Duration.ofSeconds(30))
                .memberStallTimeout("chat", Duration.ofSeconds(2)).build();
        assertThat(built.memberStallTimeout("chat")).isEqualTo(Duration.ofSeconds(2));
        assertThat(built.memberStallTimeout("ledger")).isEqualTo(Duration.ofSeconds(30));
        assertThat(built.toBuilder().build().memberStallTimeout("chat")).isEqualTo(Duration.ofSeconds(2));

        Properties p = new Properties();
        p.setProperty("site", "a");
        p.setProperty("cluster.key", KEY);
        p.setProperty("member.stall.timeout", "1m");
        p.setProperty("member.stall.timeout.chat.room-1", "1500ms");
        GcsConfig loaded = GcsConfigLoader.fromProperties(p, "node.properties").build();
        assertThat(loaded.memberStallTimeout("chat.room-1")).isEqualTo(Duration.ofMillis(1500));
        assertThat(loaded.memberStallTimeout("other")).isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void shouldRejectUnboundedOrTooShortBoundsNamingTheKey() {
        assertThatThrownBy(() -> GcsConfig.builder().memberStallTimeout(Duration.ofMillis(10)))
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("member.stall.timeout")
                .hasMessageContaining("between 500ms and 1h, got 10ms");
        assertThatThrownBy(() -> GcsConfig.builder().memberStallTimeout("g", Duration.ofDays(1)))
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("member.stall.timeout.g");
        assertThatThrownBy(() -> GcsConfig.builder().memberStallTimeout("bad group", Duration.ofSeconds(1)))
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("group 'bad group'");
        Properties p = new Properties();
        p.setProperty("member.stall.timeout.g", "forever");
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(p, "node.properties"))
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("node.properties")
                .hasMessageContaining("member.stall.timeout.g");
    }
}
