package org.gcs.examples.cc;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.ControlBlockCodec;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.MonitorSnapshot;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SchemeParameters;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.gcs.cc.shaping.RateBasedControl;

/**
 * A toy congestion controller (not TCP-friendly: to learn from, not for production), short because the contract's
 * defaults cover every hook it does not use and {@link RateBasedControl} brings the members' token buckets. Each
 * receiving delegate reports on every acknowledgement the rate at which the flow arrives; the sending delegate lets
 * its senders send at {@code headroom} times the slowest report, never below the floor, and unlimited until every
 * receiving site has reported. Select it with {@code congestion.control = org.gcs.examples.cc.SlowestReceiverControl}
 * and tune it with {@code cc.slowest.headroom = 1.25}.
 */
public final class SlowestReceiverControl extends RateBasedControl {
    /** The scheme's name: in status, meters and its parameters' keys ({@code cc.slowest.*}). */
    public static final String NAME = "slowest";
    /** The tag of its blocks on the wire: 128..255 are free for controllers outside GCS. */
    public static final int WIRE_TAG = 201;
    private static final String RATE = "receiveRateBytesPerSec";
    /** A report on the wire: one u64, bytes/s; there is no header. */
    private static final ControlBlockCodec CODEC = ControlBlockCodec.ofFeedback(ReceiveRate.class,
            report -> ByteBuffer.allocate(8).putLong(Math.round(report.bytesPerSec())).array(), ReceiveRate::decode);

    private final double headroom;

    /** @param settings the node's settings; {@code cc.slowest.headroom} (default 1.25, in [1, 4]) is read here */
    public SlowestReceiverControl(CcSettings settings) {
        super(NAME, WIRE_TAG, CODEC, settings);
        SchemeParameters parameters = SchemeParameters.of(settings, NAME);
        this.headroom = parameters.number("headroom", 1.25, 1, 4);
        parameters.rejectUnknown();
    }

    @Override
    public SourceController newSource(SourceContext context) {
        return new Source();
    }

    @Override
    public ReceiverMonitor newMonitor(MonitorContext context) {
        return new Monitor();
    }

    /** What a receiving delegate reports: the rate at which the flow arrived since its previous report. */
    record ReceiveRate(double bytesPerSec) implements Feedback {
        static ReceiveRate decode(byte[] body) {
            long rate = body.length == 8 ? ByteBuffer.wrap(body).getLong() : -1;
            if (rate < 0) {
                throw new IllegalArgumentException("a report is 8 bytes holding a rate of 0 or more, got "
                        + body.length + " bytes" + (body.length == 8 ? " holding " + rate : ""));
            }
            return new ReceiveRate(rate);
        }

        @Override
        public Map<String, Double> fields() {
            return Map.of(RATE, bytesPerSec);
        }
    }

    /** The receiving delegate's side: counts the bytes of first transmissions between acknowledgements. */
    private static final class Monitor implements ReceiverMonitor {
        private long bytes;
        private long lastAckNs = Long.MIN_VALUE;
        private double lastRateBytesPerSec;

        @Override
        public void onFirstTransmission(long seq, long sendTimeNs, int wireBytes, long nowNs) {
            bytes += wireBytes;
        }

        @Override
        public Feedback onAck(long nowNs) {
            boolean measured = lastAckNs != Long.MIN_VALUE && nowNs > lastAckNs && bytes > 0;
            if (measured) {
                lastRateBytesPerSec = bytes * 1e9 / (nowNs - lastAckNs);
            }
            bytes = 0;
            lastAckNs = nowNs;
            return measured ? new ReceiveRate(lastRateBytesPerSec) : null;
        }

        @Override
        public MonitorSnapshot snapshot() {
            return new MonitorSnapshot(NAME, Map.of(RATE, lastRateBytesPerSec));
        }
    }

    /** The sending delegate's side: the slowest report times the headroom. */
    private final class Source implements SourceController {
        private final Map<String, Double> reports = new TreeMap<>(); // NaN: not heard yet
        private final Map<String, Long> rttNs = new TreeMap<>(); // for the snapshot only

        @Override
        public void onReceiverAdded(String site, long nowNs) {
            reports.put(site, Double.NaN);
        }

        @Override
        public void onReceiverRemoved(String site, long nowNs) {
            reports.remove(site);
            rttNs.remove(site);
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
        public RateGrant grant() {
            if (reports.isEmpty() || reports.containsValue(Double.NaN)) {
                return RateGrant.UNLIMITED; // no receiving site, or one has not reported yet
            }
            Map.Entry<String, Double> slowest = reports.entrySet().stream().min(Map.Entry.comparingByValue()).get();
            double rate = Math.max(settings().minRateBytesPerSec(), headroom * slowest.getValue());
            return new RateGrant(rate, slowest.getKey(), false); // ties go to the first site by name
        }

        @Override
        public CcSnapshot snapshot() {
            RateGrant grant = grant();
            return new CcSnapshot(NAME, grant.aggregateBytesPerSec(), grant.limitingSite(), false, RATE,
                    reports.entrySet().stream().map(e -> new CcSnapshot.ReceiverState(e.getKey(),
                            rttNs.getOrDefault(e.getKey(), settings().initialRttNs()), e.getValue(),
                            e.getValue().isNaN() ? Map.of() : Map.of(RATE, e.getValue()))).toList(),
                    Map.of("headroom", headroom));
        }
    }
}
