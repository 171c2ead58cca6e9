package org.gcs.cc.none;

import java.util.List;
import java.util.Map;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.Grant;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.api.SenderGrant;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;

/**
 * The {@value #NAME} scheme: no congestion control. Senders are unlimited; only the send window (a member's bytes
 * not yet acknowledged by every receiving site, an AIMD window on the LAN) and the back-pressure of slow sites hold
 * them back. Nothing travels on the wire. With the end-to-end transport this is seed 003's E2E model.
 */
public final class NoCongestionControl implements CongestionControl {
    /** The scheme's selector name. */
    public static final String NAME = "none";

    /** Creates the scheme; it has no parameters. */
    public NoCongestionControl() {
    }

    /**
     * @param settings the node's settings; {@code cc.none.*} parameters are rejected (there are none)
     * @throws IllegalArgumentException if a {@code cc.none.*} parameter is given
     */
    public NoCongestionControl(CcSettings settings) {
        new org.gcs.cc.api.SchemeParameters(NAME, settings.parametersOf(NAME)).rejectUnknown();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public SourceController newSource(SourceContext context) {
        return new Source();
    }

    @Override
    public ReceiverMonitor newMonitor(MonitorContext context) {
        return new SilentMonitor(NAME);
    }

    @Override
    public SenderAdmission newAdmission(AdmissionContext context) {
        return new Admission();
    }

    /** Unlimited, whatever happens. */
    private static final class Source implements SourceController {
        private final java.util.TreeSet<String> receivers = new java.util.TreeSet<>();

        @Override
        public void onReceiverAdded(String site, long nowNs) {
            receivers.add(site);
        }

        @Override
        public void onReceiverRemoved(String site, long nowNs) {
            receivers.remove(site);
        }

        @Override
        public Grant grant() {
            return RateGrant.UNLIMITED;
        }

        @Override
        public CcSnapshot snapshot() {
            List<CcSnapshot.ReceiverState> states = receivers.stream()
                    .map(site -> new CcSnapshot.ReceiverState(site, 0, Double.NaN, Map.of())).toList();
            return new CcSnapshot(NAME, Double.POSITIVE_INFINITY, null, false, "", states, Map.of());
        }
    }


    /** Admits everything at once and asks for nothing. */
    private static final class Admission implements SenderAdmission {
        @Override
        public boolean tryAdmit(long wireBytes, long nowNs) {
            return true;
        }

        @Override
        public long nanosUntilAdmissible(long wireBytes, long nowNs) {
            return 0;
        }

        @Override
        public void onGrant(SenderGrant grant, long nowNs) {
        }
    }
}
