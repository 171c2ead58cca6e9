package org.gcs.cc.ormcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.gcs.cc.CongestionControls;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.shaping.RateAdmission;
import org.junit.jupiter.api.Test;

class OrmccControlTest {
    private static final long MS = 1_000_000L;

    @Test
    void shouldBeSelectableByNameWithItsParameters() {
        assertThat(CongestionControls.builtInNames()).contains("ormcc", "tfrc", "none");
        CongestionControl cc = CongestionControls.create("ormcc",
                CcSettings.DEFAULTS.withParameters(Map.of("cc.ormcc.beta", "0.75")));
        assertThat(cc).isInstanceOf(OrmccControl.class);
        assertThat(cc.name()).isEqualTo("ormcc");
        assertThat(cc.wireTag()).isEqualTo(2);
        assertThat(((OrmccControl) cc).ormccSettings().beta()).isEqualTo(0.75);
        assertThat(cc.blockCodec()).isInstanceOf(OrmccBlockCodec.class);
        assertThat(cc.newSource(new SourceContext("S", "g", 1, 7))).isInstanceOf(OrmccSource.class);
        assertThat(cc.newAdmission(new AdmissionContext("m", "g", 0))).isInstanceOf(RateAdmission.class);
    }

    @Test
    void shouldFailFastOnBadParametersEvenWhenAnotherSchemeIsSelected() {
        CcSettings bad = CcSettings.DEFAULTS.withParameters(Map.of("cc.ormcc.beta", "2"));
        assertThatThrownBy(() -> CongestionControls.create("ormcc", bad))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.ormcc.beta");
        assertThatThrownBy(() -> CongestionControls.create("tfrc", bad))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.ormcc.beta");
        assertThatThrownBy(() -> new OrmccControl(CcSettings.DEFAULTS.withParameters(Map.of("cc.ormcc.x", "1"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cc.ormcc.x");
    }

    @Test
    void shouldSeedEachMonitorFromItsContext() {
        OrmccControl cc = new OrmccControl(CcSettings.DEFAULTS);
        long[] dues = new long[3];
        long[] seeds = {11, 11, 12};
        for (int i = 0; i < 3; i++) {
            ReceiverMonitor m = cc.newMonitor(new MonitorContext("B", "S", "g", 1, seeds[i]));
            m.onFirstTransmission(0, 0, 1000, 10 * MS);
            m.onFirstTransmission(2, 0, 1000, 20 * MS); // a loss, no header yet: a random delay
            dues[i] = m.nextFeedbackDueNs();
        }
        assertThat(dues[0]).isEqualTo(dues[1]).isNotEqualTo(dues[2]);
    }
}
