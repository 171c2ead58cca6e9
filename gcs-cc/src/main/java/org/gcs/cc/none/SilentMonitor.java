package org.gcs.cc.none;

import java.util.Map;
import org.gcs.cc.api.MonitorSnapshot;
import org.gcs.cc.api.ReceiverMonitor;

/**
 * A receiving delegate's monitor for schemes that measure nothing at the receivers ({@code none}, and seed 000's
 * cost-benefit, which has no end-to-end feedback): it sends no feedback and never asks for an urgent
 * acknowledgement (the defaults of {@link ReceiverMonitor}).
 */
public final class SilentMonitor implements ReceiverMonitor {
    private final MonitorSnapshot snapshot;

    /** @param controller the scheme's name, shown in the snapshot */
    public SilentMonitor(String controller) {
        this.snapshot = new MonitorSnapshot(controller, Map.of());
    }

    @Override
    public void onFirstTransmission(long seq, long sendTimeNs, int wireBytes, long nowNs) {
    }

    @Override
    public MonitorSnapshot snapshot() {
        return snapshot;
    }
}
