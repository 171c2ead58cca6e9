package org.gcs.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A controller's named number becomes a name of its own, its unit suffix the base unit, its value in that unit. */
class FieldMeterTest {
    @Test
    void shouldTakeTheUnitSuffixOffTheNameAndMakeItTheBaseUnit() {
        FieldMeter rate = FieldMeter.of(GcsMeters.CC_FEEDBACK, "acceptableRateBytesPerSec");
        assertThat(rate.meterName()).isEqualTo("gcs.cc.feedback.acceptable.rate");
        assertThat(rate.baseUnit()).isEqualTo("bytes.per.second");
        assertThat(FieldMeter.of(GcsMeters.CC_STATE, "rttCrSec").meterName()).isEqualTo("gcs.cc.state.rtt.cr");
        assertThat(FieldMeter.of(GcsMeters.CC_STATE, "salaryPeriodSeconds").baseUnit()).isEqualTo("seconds");
        assertThat(FieldMeter.of(GcsMeters.CC_STATE, "priceDollarsPerPacket").baseUnit())
                .isEqualTo("dollars.per.packet");
        assertThat(FieldMeter.of(GcsMeters.CC_CONGESTION, "pathPriceDollars").meterName())
                .isEqualTo("gcs.cc.congestion.path.price");
        assertThat(FieldMeter.of(GcsMeters.CC_FEEDBACK, "meanSegmentBytes").baseUnit()).isEqualTo("bytes");
    }

    @Test
    void shouldGiveUnitlessNumbersNoUnitAndConvertMillisAndNanosToSeconds() {
        FieldMeter loss = FieldMeter.of(GcsMeters.CC_MONITOR, "lossEventRate");
        assertThat(loss.meterName()).isEqualTo("gcs.cc.monitor.loss.event.rate");
        assertThat(loss.baseUnit()).isEmpty();
        assertThat(loss.toBaseUnit(0.25)).isEqualTo(0.25);
        assertThat(FieldMeter.of(GcsMeters.CC_MONITOR, "rttNs").toBaseUnit(2e7)).isEqualTo(0.02);
        assertThat(FieldMeter.of(GcsMeters.CC_MONITOR, "delayMs").toBaseUnit(1500)).isEqualTo(1.5);
        assertThat(FieldMeter.of(GcsMeters.CC_MONITOR, "indicationsSent").meterName())
                .isEqualTo("gcs.cc.monitor.indications.sent");
    }

    @Test
    void shouldKeepAFieldThatIsOnlyAUnitWordAndRefuseOneWithoutLetters() {
        assertThat(FieldMeter.of(GcsMeters.CC_MONITOR, "Sec").meterName()).isEqualTo("gcs.cc.monitor.sec");
        assertThatThrownBy(() -> FieldMeter.of(GcsMeters.CC_MONITOR, "--"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
