package org.gcs.cc.tfrc;

import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.gcs.cc.shaping.RateAdmission;
import org.gcs.cc.shaping.RateBasedControl;

/**
 * The {@value #NAME} scheme, GCS's default: TCP-friendly many-to-many congestion control of seed 004 (Xpand). Each
 * receiving delegate turns its loss event rate and the sending delegate's RTT into an acceptable rate (Eq. 1,
 * {@link TfrcMonitor}) and reports it on every acknowledgement; the sending delegate takes the minimum over the
 * receiving sites ({@link TfrcSource}); the local senders share it max-min fairly and shape with token buckets
 * ({@link RateAdmission}). Parameters: {@link TfrcSettings}.
 */
public final class TfrcControl extends RateBasedControl {
    /** The scheme's selector name. */
    public static final String NAME = "tfrc";
    /** The tag of TFRC's blocks on the wire. */
    public static final int WIRE_TAG = 1;

    private final TfrcSettings tfrc;

    /**
     * @param settings the node's settings; {@code cc.tfrc.*} parameters are read and checked here
     * @throws IllegalArgumentException if a {@code cc.tfrc.*} parameter is unknown or invalid
     */
    public TfrcControl(CcSettings settings) {
        super(NAME, WIRE_TAG, new TfrcBlockCodec(), settings);
        this.tfrc = TfrcSettings.from(settings);
    }

    /** @return TFRC's own settings */
    public TfrcSettings tfrcSettings() {
        return tfrc;
    }

    @Override
    public SourceController newSource(SourceContext context) {
        return new TfrcSource(settings(), tfrc);
    }

    @Override
    public ReceiverMonitor newMonitor(MonitorContext context) {
        return new TfrcMonitor(settings().initialRttNs(), tfrc.segmentBytes(), tfrc.lossAverage());
    }
}
