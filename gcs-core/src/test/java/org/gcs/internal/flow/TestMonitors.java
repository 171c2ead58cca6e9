package org.gcs.internal.flow;

import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.tfrc.TfrcControl;

/** The congestion monitors the flow tests give their receivers: TFRC's, as the engine's default. */
final class TestMonitors {
    static final TfrcControl TFRC = new TfrcControl(new CcSettings(128 * 1024, 2 * 1024, 64 * 1024, 300_000_000L,
            Map.of()));
    static final ControlBlocks BLOCKS = new ControlBlocks(TFRC, reason -> {
        throw new AssertionError("control block dropped: " + reason);
    });

    private TestMonitors() {
    }

    static ReceiverMonitor tfrc() {
        return TFRC.newMonitor(new MonitorContext("b", "a", "g", 1, 1));
    }
}
