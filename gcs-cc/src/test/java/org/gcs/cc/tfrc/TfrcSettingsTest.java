package org.gcs.cc.tfrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.junit.jupiter.api.Test;

/** {@link TfrcSettings}: the {@code cc.tfrc.*} parameters, their defaults and their errors. */
class TfrcSettingsTest {
    private static TfrcSettings parse(Map<String, String> parameters) {
        return TfrcSettings.from(CcSettings.DEFAULTS.withParameters(parameters));
    }

    @Test
    void shouldDefaultTheLeastSegmentSizeToTheDefaultLargestDatagram() {
        assertThat(parse(Map.of())).isEqualTo(TfrcSettings.DEFAULTS);
        assertThat(TfrcSettings.DEFAULTS.segmentBytes()).isEqualTo(1400);
        assertThat(TfrcSettings.DEFAULTS.toParameters()).containsEntry("segment.bytes", "1400");
    }

    @Test
    void shouldParseTheLeastSegmentSize() {
        assertThat(parse(Map.of("cc.tfrc.segment.bytes", "1000")).segmentBytes()).isEqualTo(1000);
        assertThat(TfrcSettings.DEFAULTS.withSegmentBytes(1).segmentBytes()).isEqualTo(1);
    }

    @Test
    void shouldRejectASegmentSizeOutOfRangeNamingTheKey() {
        assertThatThrownBy(() -> parse(Map.of("cc.tfrc.segment.bytes", "0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.tfrc.segment.bytes");
        assertThatThrownBy(() -> parse(Map.of("cc.tfrc.segment.bytes", "big")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.tfrc.segment.bytes");
        assertThatThrownBy(() -> TfrcSettings.DEFAULTS.withSegmentBytes(70_000))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("segmentBytes");
    }

    @Test
    void shouldAverageLossIntervalsByRfc5348UnlessTheSettingAsksForEq2() {
        assertThat(TfrcSettings.DEFAULTS.lossAverage()).isEqualTo(LossAverage.RFC5348);
        assertThat(TfrcSettings.DEFAULTS.toParameters()).containsEntry("loss.average", "rfc5348");
        assertThat(parse(Map.of("cc.tfrc.loss.average", " XPAND ")).lossAverage()).isEqualTo(LossAverage.XPAND);
        assertThatThrownBy(() -> parse(Map.of("cc.tfrc.loss.average", "ewma")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cc.tfrc.loss.average must be one of rfc5348, xpand, got 'ewma'");
    }
}
