package org.gcs.cc.ormcc;

import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.gcs.cc.shaping.RateAdmission;
import org.gcs.cc.shaping.RateBasedControl;

/**
 * The {@value #NAME} scheme: single-rate multicast congestion control with a congestion representative (Jiang Li,
 * PhD thesis, RPI 2003, Ch. 3 and App. B), one independent instance per (sending site, group) meta-flow. Each
 * receiving delegate measures its TRAC (throughput rate at congestion) at every loss and sends a congestion
 * indication only if it is the representative or its average TRAC is below the representative's statistics
 * ({@link OrmccMonitor}); the sending delegate keeps the representative and adapts an AIMD rate to its indications
 * only ({@link OrmccSource}); the local senders share that rate max-min fairly and shape with token buckets
 * ({@link RateAdmission}, as TFRC). Parameters: {@link OrmccSettings}; wire format: {@link OrmccBlockCodec}.
 */
public final class OrmccControl extends RateBasedControl {
    /** The scheme's selector name. */
    public static final String NAME = "ormcc";
    /** The tag of ORMCC's blocks on the wire. */
    public static final int WIRE_TAG = 2;

    private final OrmccSettings ormcc;

    /**
     * @param settings the node's settings; {@code cc.ormcc.*} parameters are read and checked here
     * @throws IllegalArgumentException if a {@code cc.ormcc.*} parameter is unknown or invalid
     */
    public OrmccControl(CcSettings settings) {
        super(NAME, WIRE_TAG, new OrmccBlockCodec(), settings);
        this.ormcc = OrmccSettings.from(settings);
    }

    /** @return ORMCC's own settings */
    public OrmccSettings ormccSettings() {
        return ormcc;
    }

    @Override
    public SourceController newSource(SourceContext context) {
        return new OrmccSource(settings(), ormcc);
    }

    @Override
    public ReceiverMonitor newMonitor(MonitorContext context) {
        return new OrmccMonitor(settings(), ormcc, context);
    }
}
