package org.gcs.cc.tfrc;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.MonitorSnapshot;
import org.gcs.cc.api.ReceiverMonitor;

/**
 * TFRC many-to-many at a receiving delegate (seed 004 §2 steps 2–3): every first transmission goes through a
 * {@link LossEventEstimator} (sequence gaps, loss events of one RTT, RFC 5348 §5.4's average or Eq. 2), whose
 * loss event rate p and the sending delegate's RTT give the acceptable rate of Eq. 1 ({@link TfrcEquation}). Every
 * acknowledgement carries a {@link TfrcReport} (unlimited while no loss event was seen) with the rate at which the
 * flow arrived lately; a new loss event asks for an acknowledgement at once, without waiting for the
 * acknowledgement interval.
 *
 * <p>The segment size s of Eq. 1 is {@code max(mean datagram size, cc.tfrc.segment.bytes)}: the mean datagram size
 * (EWMA with gain 1/16) in bytes on the wire, but never less than the configured segment size (default 1400, the
 * largest datagram), RFC 5348 §4.1's "use the maximum segment size" for data whose datagram size varies; see
 * {@link TfrcEquation} for why the mean alone left GCS below a TCP of full-size segments. Reports carry the mean as
 * measured. The receive rate is the bytes that arrived between two reports over the time between them, smoothed
 * with gain 1/4. With RFC 5348's average, the first loss interval is replaced at the first loss event by the one
 * that gives that receive rate in Eq. 1 (RFC 5348 §6.3.1): the packets since the flow started, slow start
 * included, would otherwise keep p low for eight events.
 */
final class TfrcMonitor implements ReceiverMonitor {
    /** Segment size used in Eq. 1 before the first packet. */
    private static final double DEFAULT_SEGMENT_BYTES = 1000;
    /** Report intervals longer than this give no receive-rate sample (a flow that paused). */
    private static final long MAX_RATE_INTERVAL_NS = 10_000_000_000L;

    private final LossEventEstimator losses;
    private final int leastSegmentBytes;
    private long rttNs;
    private double meanSegmentBytes;
    private long bytesSinceReport;
    private double receiveRateBytesPerSec;
    private boolean reportNow;
    private long lastReportNs = Long.MIN_VALUE / 2;

    /**
     * @param initialRttNs the RTT used until the sending delegate's arrives
     * @param leastSegmentBytes the least segment size s of Eq. 1 ({@code cc.tfrc.segment.bytes}), positive
     * @param lossAverage how loss intervals make p ({@code cc.tfrc.loss.average})
     */
    TfrcMonitor(long initialRttNs, int leastSegmentBytes, LossAverage lossAverage) {
        if (leastSegmentBytes <= 0) {
            throw new IllegalArgumentException("leastSegmentBytes must be positive, got " + leastSegmentBytes);
        }
        this.leastSegmentBytes = leastSegmentBytes;
        this.rttNs = initialRttNs;
        this.losses = new LossEventEstimator(initialRttNs, lossAverage);
    }

    @Override
    public void onSenderRtt(long rttNs, long nowNs) {
        this.rttNs = rttNs;
        losses.setRttNs(rttNs);
    }

    @Override
    public void onFirstTransmission(long seq, long sendTimeNs, int wireBytes, long nowNs) {
        if (losses.onPacket(seq, nowNs)) {
            reportNow = true; // a new loss event: the sender must hear at once
            if (losses.lossEvents() == 1 && receiveRateBytesPerSec > 0) {
                // RFC 5348 §6.3.1: the first interval is the one that gives the rate that arrived at this loss
                losses.setFirstInterval(1 / TfrcEquation.lossEventRateFor(equationSegmentBytes(), rttNs / 1e9,
                        receiveRateBytesPerSec));
            }
        }
        meanSegmentBytes = meanSegmentBytes == 0 ? wireBytes : meanSegmentBytes + (wireBytes - meanSegmentBytes) / 16;
        bytesSinceReport += wireBytes;
    }

    @Override
    public boolean ackUrgent() {
        return reportNow;
    }

    @Override
    public Feedback onAck(long nowNs) {
        long sinceNs = nowNs - lastReportNs;
        if (sinceNs > 0 && sinceNs < MAX_RATE_INTERVAL_NS) {
            double sample = bytesSinceReport * 1e9 / sinceNs;
            receiveRateBytesPerSec = receiveRateBytesPerSec == 0 ? sample
                    : receiveRateBytesPerSec + (sample - receiveRateBytesPerSec) / 4;
        }
        bytesSinceReport = 0;
        reportNow = false;
        lastReportNs = nowNs;
        return new TfrcReport(acceptableRateBytesPerSec(), receiveRateBytesPerSec, losses.lossEventRate(),
                (int) Math.round(meanSegmentBytes()));
    }

    /**
     * The acceptable receiving rate of seed 004, Eq. 1: {@code TfrcEquation(s, R, p)} with
     * {@code s = max(mean datagram size, cc.tfrc.segment.bytes)} (RFC 5348 §4.1), R the sending delegate's smoothed
     * RTT and p the loss event rate; unlimited while no loss event.
     */
    double acceptableRateBytesPerSec() {
        double p = losses.lossEventRate();
        if (p <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        return TfrcEquation.rateBytesPerSec(equationSegmentBytes(), rttNs / 1e9, Math.min(1.0, p));
    }

    /** s of Eq. 1: the mean datagram size, at least the configured segment size (RFC 5348 §4.1). */
    double equationSegmentBytes() {
        return Math.max(meanSegmentBytes(), leastSegmentBytes);
    }

    private double meanSegmentBytes() {
        return meanSegmentBytes > 0 ? meanSegmentBytes : DEFAULT_SEGMENT_BYTES;
    }

    @Override
    public MonitorSnapshot snapshot() {
        Map<String, Double> values = new LinkedHashMap<>();
        values.put(TfrcReport.LOSS_EVENT_RATE, losses.lossEventRate());
        values.put("lossEvents", (double) losses.lossEvents());
        values.put("packets", (double) losses.arrivedPackets());
        values.put("lostPackets", (double) losses.lostPackets());
        values.put("latePackets", (double) losses.latePackets());
        values.put(TfrcReport.ACCEPTABLE_RATE, acceptableRateBytesPerSec());
        values.put(TfrcReport.RECEIVE_RATE, receiveRateBytesPerSec);
        values.put("rttSec", rttNs / 1e9);
        values.put("segmentBytes", equationSegmentBytes());
        return new MonitorSnapshot(TfrcControl.NAME, values);
    }
}
