package org.gcs.cc.ormcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.junit.jupiter.api.Test;

class OrmccSettingsTest {
    private static OrmccSettings parse(Map<String, String> parameters) {
        return OrmccSettings.from(CcSettings.DEFAULTS.withParameters(parameters));
    }

    @Test
    void shouldUseTheDocumentedDefaults() {
        OrmccSettings s = parse(Map.of());
        assertThat(s).isEqualTo(OrmccSettings.DEFAULTS);
        assertThat(s.beta()).isEqualTo(0.65);
        assertThat(s.tracWindowNs()).isEqualTo(1_000_000_000L);
        assertThat(s.tracGain()).isEqualTo(0.125);
        assertThat(s.rttGain()).isEqualTo(0.125);
        assertThat(s.responseGain()).isEqualTo(0.125);
        assertThat(s.delayShape()).isEqualTo(5.0);
        assertThat(s.fullLoadDeviations()).isEqualTo(4.0);
        assertThat(s.timeoutDeviations()).isEqualTo(8.0);
        assertThat(s.graceRtts()).isEqualTo(2.0);
        assertThat(s.feedbackWindowRtts()).isEqualTo(2.0);
        assertThat(s.lossEvents()).isTrue();
        assertThat(s.increaseRtt()).isEqualTo(IncreaseRtt.ACK);
    }

    @Test
    void shouldParseEveryKey() {
        OrmccSettings s = parse(Map.ofEntries(
                Map.entry("cc.ormcc.beta", "0.7"),
                Map.entry("cc.ormcc.trac.window", "500ms"),
                Map.entry("cc.ormcc.trac.gain", "0.25"),
                Map.entry("cc.ormcc.rtt.gain", "0.5"),
                Map.entry("cc.ormcc.response.gain", "0.0625"),
                Map.entry("cc.ormcc.delay.shape", "10"),
                Map.entry("cc.ormcc.full.load.deviations", "3"),
                Map.entry("cc.ormcc.timeout.deviations", "6"),
                Map.entry("cc.ormcc.grace.rtts", "1.5"),
                Map.entry("cc.ormcc.feedback.window.rtts", "3"),
                Map.entry("cc.ormcc.loss.events", "true"),
                Map.entry("cc.ormcc.increase.rtt", " Ack ")));
        assertThat(s).isEqualTo(new OrmccSettings(0.7, 500_000_000L, 0.25, 0.5, 0.0625, 10, 3, 6, 1.5, 3,
                true, IncreaseRtt.ACK));
    }

    @Test
    void shouldParseTheLossEventSwitch() {
        assertThat(parse(Map.of("cc.ormcc.loss.events", "false")).lossEvents()).isFalse();
        assertThat(parse(Map.of("cc.ormcc.loss.events", "true")).lossEvents()).isTrue();
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.loss.events", "sometimes")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.ormcc.loss.events");
    }

    @Test
    void shouldParseWhichRttPacesTheIncreaseAndListTheChoicesOnATypo() {
        assertThat(parse(Map.of("cc.ormcc.increase.rtt", "ack")).increaseRtt()).isEqualTo(IncreaseRtt.ACK);
        assertThat(parse(Map.of("cc.ormcc.increase.rtt", "indications")).increaseRtt())
                .isEqualTo(IncreaseRtt.INDICATIONS);
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.increase.rtt", "acks")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cc.ormcc.increase.rtt must be one of indications, ack, got 'acks'");
        assertThat(OrmccSettings.DEFAULTS.toParameters()).containsEntry("increase.rtt", "ack");
    }

    @Test
    void shouldAcceptBetaOneHalfForTheLabButNotOne() {
        assertThat(parse(Map.of("cc.ormcc.beta", "0.5")).beta()).isEqualTo(0.5);
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.beta", "1.0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cc.ormcc.beta").hasMessageContaining("[0.5, 1)");
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.beta", "0.4")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cc.ormcc.beta").hasMessageContaining("0.4");
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.beta", "lots")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cc.ormcc.beta must be a number");
    }

    @Test
    void shouldRejectOutOfRangeValuesNamingTheKey() {
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.trac.window", "10ms")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.ormcc.trac.window");
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.trac.window", "1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unit");
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.trac.gain", "0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.ormcc.trac.gain");
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.delay.shape", "0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.ormcc.delay.shape");
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.grace.rtts", "-1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.ormcc.grace.rtts");
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.feedback.window.rtts", "0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.ormcc.feedback.window.rtts");
    }

    @Test
    void shouldRejectUnknownKeysListingTheValidOnes() {
        assertThatThrownBy(() -> parse(Map.of("cc.ormcc.bta", "0.7")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cc.ormcc.bta")
                .hasMessageContaining("cc.ormcc.beta")
                .hasMessageContaining("cc.ormcc.trac.window");
    }

    @Test
    void shouldIgnoreOtherSchemesParameters() {
        assertThat(parse(Map.of("cc.tfrc.report.timeout", "1s"))).isEqualTo(OrmccSettings.DEFAULTS);
    }

    @Test
    void shouldRejectUnusableValuesWhenBuiltDirectly() {
        assertThatThrownBy(() -> new OrmccSettings(1.0, 1, 0.1, 0.1, 0.1, 5, 4, 8, 2, 2,
                true, IncreaseRtt.INDICATIONS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("beta");
        assertThatThrownBy(() -> new OrmccSettings(0.65, 0, 0.1, 0.1, 0.1, 5, 4, 8, 2, 2,
                true, IncreaseRtt.INDICATIONS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tracWindowNs");
        assertThatThrownBy(() -> new OrmccSettings(0.65, 1, 0.1, 0.1, 0.1, 5, 4, 8, 2, 0,
                true, IncreaseRtt.INDICATIONS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("feedbackWindowRtts");
    }
}
