package org.gcs.examples.cc;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.ControlBlockCodec;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.Grant;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.MonitorSnapshot;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SchemeParameters;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.gcs.cc.shaping.RateAdmission;

/**
 * A toy congestion controller that shows every part of the interface (it is not TCP-friendly; use it to learn, not in
 * production): each receiving delegate reports on every acknowledgement the rate at which the flow arrives; the
 * sending delegate lets its senders send at {@code headroom} times the slowest report, never below the floor, and
 * unlimited until every receiving site has reported. Select it with
 * {@code congestion.control = org.gcs.examples.cc.SlowestReceiverControl} and tune it with
 * {@code cc.slowest.headroom = 1.25}.
 */
public final class SlowestReceiverControl implements CongestionControl {
    /** The scheme's name: in status, meters and its parameters' keys ({@code cc.slowest.*}). */
    public static final String NAME = "slowest";
    /** The tag of its blocks on the wire: 128..255 are free for controllers outside GCS. */
    public static final int WIRE_TAG = 201;

    private final CcSettings settings;
    private final double headroom;

    /**
     * @param settings the node's settings; {@code cc.slowest.headroom} (default 1.25, in [1, 4]) is read here
     */
    public SlowestReceiverControl(CcSettings settings) {
        this.settings = settings;
        SchemeParameters parameters = SchemeParameters.of(settings, NAME);
        this.headroom = parameters.number("headroom", 1.25, 1, 4);
        parameters.rejectUnknown();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int wireTag() {
        return WIRE_TAG;
    }

    @Override
    public SourceController newSource(SourceContext context) {
        return new Source();
    }

    @Override
    public ReceiverMonitor newMonitor(MonitorContext context) {
        return new Monitor();
    }

    @Override
    public SenderAdmission newAdmission(AdmissionContext context) {
        // the member side of GCS's rate-based schemes: a token bucket at the granted share, demand reports
        return new RateAdmission(settings.initialRateBytesPerSec(), settings.burstBytes(), context.nowNs());
    }

    @Override
    public ControlBlockCodec blockCodec() {
        return CODEC;
    }

    /** What a receiving delegate reports: the rate at which the flow arrived since its previous report. */
    record ReceiveRate(double bytesPerSec) implements Feedback {
        @Override
        public Map<String, Double> fields() {
            return Map.of("receiveRateBytesPerSec", bytesPerSec);
        }
    }

    /** Encodes a report as one u64 (bytes/s); there is no header. */
    private static final ControlBlockCodec CODEC = new ControlBlockCodec() {
        @Override
        public byte[] encodeHeader(ControlHeader header) {
            throw new IllegalArgumentException("no header");
        }

        @Override
        public ControlHeader decodeHeader(byte[] body) {
            throw new IllegalArgumentException("no header");
        }

        @Override
        public byte[] encodeFeedback(Feedback feedback) {
            return ByteBuffer.allocate(8).putLong(Math.round(((ReceiveRate) feedback).bytesPerSec())).array();
        }

        @Override
        public Feedback decodeFeedback(byte[] body) {
            if (body.length != 8) {
                throw new IllegalArgumentException("a report has 8 bytes, got " + body.length);
            }
            long rate = ByteBuffer.wrap(body).getLong();
            if (rate < 0) {
                throw new IllegalArgumentException("negative rate " + rate);
            }
            return new ReceiveRate(rate);
        }
    };

    /** The receiving delegate's side: counts the bytes of first transmissions between acknowledgements. */
    private static final class Monitor implements ReceiverMonitor {
        private long bytes;
        private long lastAckNs = Long.MIN_VALUE;
        private double lastRateBytesPerSec;

        @Override
        public void onHeader(ControlHeader header, long nowNs) {
        }

        @Override
        public void onSenderRtt(long rttNs, long nowNs) {
        }

        @Override
        public void onFirstTransmission(long seq, long sendTimeNs, int wireBytes, long nowNs) {
            bytes += wireBytes;
        }

        @Override
        public boolean ackUrgent() {
            return false;
        }

        @Override
        public Feedback onAck(long nowNs) {
            Feedback report = null;
            if (lastAckNs != Long.MIN_VALUE && nowNs > lastAckNs && bytes > 0) {
                lastRateBytesPerSec = bytes * 1e9 / (nowNs - lastAckNs);
                report = new ReceiveRate(lastRateBytesPerSec);
            }
            bytes = 0;
            lastAckNs = nowNs;
            return report;
        }

        @Override
        public long nextFeedbackDueNs() {
            return Long.MAX_VALUE; // everything rides on acknowledgements
        }

        @Override
        public Feedback pollFeedback(long nowNs) {
            return null;
        }

        @Override
        public MonitorSnapshot snapshot() {
            return new MonitorSnapshot(NAME, Map.of("receiveRateBytesPerSec", lastRateBytesPerSec));
        }
    }

    /** The sending delegate's side: the slowest report times the headroom. */
    private final class Source implements SourceController {
        private final Map<String, Double> reports = new TreeMap<>();
        private final Map<String, Long> rttNs = new TreeMap<>();

        @Override
        public void onReceiverAdded(String site, long nowNs) {
            reports.put(site, Double.NaN); // not heard yet
        }

        @Override
        public void onReceiverRemoved(String site, long nowNs) {
            reports.remove(site);
            rttNs.remove(site);
        }

        @Override
        public void onFirstTransmission(long seq, int wireBytes, long nowNs) {
        }

        @Override
        public ControlHeader header(long nowNs) {
            return null;
        }

        @Override
        public void onAckRtt(String site, long sampleNs, long smoothedRttNs, long nowNs) {
            if (smoothedRttNs > 0 && reports.containsKey(site)) {
                rttNs.put(site, smoothedRttNs);
            }
        }

        @Override
        public void onFeedback(String site, Feedback feedback, long nowNs) {
            if (feedback instanceof ReceiveRate rate && reports.containsKey(site)) {
                reports.put(site, rate.bytesPerSec());
            }
        }

        @Override
        public void onTick(long nowNs) {
        }

        @Override
        public Grant grant() {
            String slowest = null;
            double min = Double.POSITIVE_INFINITY;
            for (Map.Entry<String, Double> report : reports.entrySet()) {
                if (report.getValue().isNaN()) {
                    return RateGrant.UNLIMITED; // wait until every receiving site has reported
                }
                if (report.getValue() < min) {
                    min = report.getValue();
                    slowest = report.getKey();
                }
            }
            return slowest == null ? RateGrant.UNLIMITED
                    : new RateGrant(Math.max(settings.minRateBytesPerSec(), headroom * min), slowest, false);
        }

        @Override
        public CcSnapshot snapshot() {
            RateGrant grant = (RateGrant) grant();
            List<CcSnapshot.ReceiverState> receivers = new ArrayList<>();
            reports.forEach((site, rate) -> receivers.add(new CcSnapshot.ReceiverState(site,
                    rttNs.getOrDefault(site, settings.initialRttNs()), rate,
                    rate.isNaN() ? Map.of() : Map.of("receiveRateBytesPerSec", rate))));
            return new CcSnapshot(NAME, grant.aggregateBytesPerSec(), grant.limitingSite(), false,
                    "receiveRateBytesPerSec", receivers, Map.of("headroom", headroom));
        }
    }
}
