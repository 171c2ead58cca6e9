package org.gcs.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LinkProfileTest {

    @Test
    void shouldDescribeAnIdealLink() {
        assertThat(LinkProfile.IDEAL.oneWayDelayNs()).isZero();
        assertThat(LinkProfile.IDEAL.jitterNs()).isZero();
        assertThat(LinkProfile.IDEAL.loss()).isEqualTo(LossProfile.none());
        assertThat(LinkProfile.IDEAL.isBandwidthLimited()).isFalse();
        assertThat(LinkProfile.IDEAL.queueBytes()).isEqualTo(LinkProfile.DEFAULT_QUEUE_BYTES);
        assertThat(LinkProfile.IDEAL.allowReorder()).isFalse();
    }

    @Test
    void shouldCopyWithOneComponentChanged() {
        LinkProfile profile = LinkProfile.IDEAL.withOneWayDelayNs(5).withJitterNs(6)
                .withLoss(LossProfile.bernoulli(0.1)).withBandwidthBitsPerSec(7).withQueueBytes(8)
                .withAllowReorder(true);

        assertThat(profile).isEqualTo(new LinkProfile(5, 6, LossProfile.bernoulli(0.1), 7, 8, true));
    }

    @Test
    void shouldRejectNegativeNumbersNamingTheComponent() {
        assertThatThrownBy(() -> LinkProfile.IDEAL.withOneWayDelayNs(-1)).hasMessageContaining("oneWayDelayNs");
        assertThatThrownBy(() -> LinkProfile.IDEAL.withJitterNs(-1)).hasMessageContaining("jitterNs");
        assertThatThrownBy(() -> LinkProfile.IDEAL.withBandwidthBitsPerSec(-1))
                .hasMessageContaining("bandwidthBitsPerSec");
        assertThatThrownBy(() -> LinkProfile.IDEAL.withQueueBytes(-1)).hasMessageContaining("queueBytes");
        assertThatThrownBy(() -> LinkProfile.IDEAL.withLoss(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("LossProfile.none()");
    }
}
