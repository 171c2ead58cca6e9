package org.gcs.cc.shaping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.ControlBlockCodec;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.gcs.cc.tfrc.TfrcControl;
import org.junit.jupiter.api.Test;

class RateBasedControlTest {
    private static final CcSettings SETTINGS = new CcSettings(10_000, 1_000, 4_000, 300_000_000L, Map.of());
    private static final ControlBlockCodec CODEC = new TfrcControl(SETTINGS).blockCodec();

    /** A scheme of its own name, tag and codec that borrows TFRC's source and monitor. */
    private static RateBasedControl scheme(String name, int tag, ControlBlockCodec codec) {
        TfrcControl parts = new TfrcControl(SETTINGS);
        return new RateBasedControl(name, tag, codec, SETTINGS) {
            @Override
            public SourceController newSource(SourceContext context) {
                return parts.newSource(context);
            }

            @Override
            public ReceiverMonitor newMonitor(MonitorContext context) {
                return parts.newMonitor(context);
            }
        };
    }

    @Test
    void shouldKeepWhatTheSchemeIs() {
        RateBasedControl scheme = scheme("mine", 200, CODEC);
        assertThat(scheme.name()).isEqualTo("mine");
        assertThat(scheme.wireTag()).isEqualTo(200);
        assertThat(scheme.blockCodec()).isSameAs(CODEC);
        assertThat(scheme.settings()).isSameAs(SETTINGS);
        assertThat(scheme("quiet", 0, ControlBlockCodec.NONE).wireTag()).isZero();
    }

    @Test
    void shouldShapeMembersWithATokenBucketAtTheInitialRate() {
        SenderAdmission admission = scheme("mine", 200, CODEC).newAdmission(new AdmissionContext("m", "g", 0));
        assertThat(admission).isInstanceOf(RateAdmission.class);
        // the bucket starts with one datagram's worth of tokens (1,400 bytes): 400 are left after the first message,
        // and the 600 missing for the second come in 60 ms at the initial 10,000 bytes/s
        assertThat(admission.tryAdmit(1_000, 0)).isTrue();
        assertThat(admission.tryAdmit(1_000, 0)).isFalse();
        assertThat(admission.nanosUntilAdmissible(1_000, 0)).isCloseTo(60_000_000L, within(1_000L));
    }

    @Test
    void shouldRejectATagThatDoesNotGoWithItsCodec() {
        assertThatThrownBy(() -> scheme("mine", 0, CODEC)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("wire tag 0");
        assertThatThrownBy(() -> scheme("mine", 7, ControlBlockCodec.NONE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ControlBlockCodec.NONE");
        assertThatThrownBy(() -> scheme("mine", 256, CODEC)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1..255");
        assertThatThrownBy(() -> scheme(" ", 7, CODEC)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("name");
    }
}
