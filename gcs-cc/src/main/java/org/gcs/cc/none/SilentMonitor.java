package org.gcs.cc.none;

import java.util.Map;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.MonitorSnapshot;
import org.gcs.cc.api.ReceiverMonitor;

/**
 * A receiving delegate's monitor for schemes that measure nothing at the receivers ({@code none}, and seed 000's
 * cost-benefit, which has no end-to-end feedback): it sends no feedback and never asks for an urgent
 * acknowledgement.
 */
public final class SilentMonitor implements ReceiverMonitor {
    private final MonitorSnapshot snapshot;

    /** @param controller the scheme's name, shown in the snapshot */
    public SilentMonitor(String controller) {
        this.snapshot = new MonitorSnapshot(controller, Map.of());
    }

    @Override
    public void onHeader(ControlHeader header, long nowNs) {
    }

    @Override
    public void onSenderRtt(long rttNs, long nowNs) {
    }

    @Override
    public void onFirstTransmission(long seq, long sendTimeNs, int wireBytes, long nowNs) {
    }

    @Override
    public boolean ackUrgent() {
        return false;
    }

    @Override
    public Feedback onAck(long nowNs) {
        return null;
    }

    @Override
    public long nextFeedbackDueNs() {
        return Long.MAX_VALUE;
    }

    @Override
    public Feedback pollFeedback(long nowNs) {
        return null;
    }

    @Override
    public MonitorSnapshot snapshot() {
        return snapshot;
    }
}
