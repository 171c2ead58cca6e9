package org.gcs.cc.tfrc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.List;
import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.MonitorSnapshot;
import org.gcs.cc.api.ReceiverMonitor;
import org.junit.jupiter.api.Test;

/**
 * TFRC's receiving delegate ({@link TfrcMonitor}) through the controller contract, as the engine drives it: first
 * transmissions in arrival order (a gap is a loss), the sending delegate's RTT, and an acknowledgement now and then,
 * each of which carries a {@link TfrcReport}. The paper's numbers are seed 004's medians for the flows of the sender
 * RON45 (Chicago): Table 1's RTTs, Table 2's losses and Table 3's TCP-friendly rates in the RON45 column.
 */
class TfrcMonitorTest {
    private static final long MS = 1_000_000L;
    private static final double INF = Double.POSITIVE_INFINITY;

    /**
     * One receiving site of RON45's flow in seed 004's tables.
     *
     * @param site the receiving site (a row of the tables)
     * @param rttMs Table 1, the median RTT from RON45
     * @param lossPercent Table 2, the median loss
     * @param rateMbps Table 3, the TCP-friendly rate of Eq. 1
     */
    private record Cell(String site, double rttMs, double lossPercent, double rateMbps) {
    }

    private static final List<Cell> RON45_COLUMN = List.of(
            new Cell("Zikit1", 213.99, 2.33, 0.24),
            new Cell("RON0", 62.82, 2.47, 0.80),
            new Cell("RON2", 57.87, 1.96, 1.02),
            new Cell("RON33", 26.68, 2.67, 1.79),
            new Cell("RON35", 59.80, 1.50, 1.17));

    /**
     * A monitor as the paper's: its s (1000-byte packets, no larger least segment size) and its loss average
     * (Eq. 2, {@code cc.tfrc.loss.average=xpand}).
     */
    private static ReceiverMonitor monitor() {
        return monitor(CcSettings.DEFAULTS.withParameters(Map.of("cc.tfrc.segment.bytes", "1000",
                "cc.tfrc.loss.average", "xpand")));
    }

    private static ReceiverMonitor monitor(CcSettings settings) {
        return new TfrcControl(settings).newMonitor(new MonitorContext("RON0", "RON45", "g", 1, 1));
    }

    /** A first transmission of {@code wireBytes} that arrives at {@code seq} ms. */
    private static void arrive(ReceiverMonitor monitor, long seq, int wireBytes) {
        monitor.onFirstTransmission(seq, seq * MS, wireBytes, seq * MS);
    }

    private static TfrcReport ack(ReceiverMonitor monitor, long nowNs) {
        return (TfrcReport) monitor.onAck(nowNs);
    }

    /**
     * One 1000-byte datagram per ms from sequence number 0, every {@code n}-th lost ({@code n, 2n, ...}), until the
     * datagram after the {@code events}-th loss has arrived.
     *
     * @return the sequence number (and arrival time in ms) of the last datagram
     */
    private static long periodicLoss(ReceiverMonitor monitor, int n, int events) {
        long seq = 0;
        for (int k = 1; k <= events; k++) {
            for (; seq < (long) k * n; seq++) {
                arrive(monitor, seq, 1000);
            }
            seq++; // k·n is lost
            arrive(monitor, seq, 1000);
        }
        return seq;
    }

    @Test
    void shouldReportTable3FromTheRttOfTable1AndTheLossOfTable2() {
        for (Cell cell : RON45_COLUMN) {
            ReceiverMonitor monitor = monitor();
            long rttNs = Math.round(cell.rttMs() * MS);
            monitor.onSenderRtt(rttNs, 0);
            // Xpand's interval between two losses counts the datagrams after the first RTT of the event (seed 004
            // §4.2): with one datagram per ms and a loss every n, the ⌈R⌉ − 1 datagrams that arrive within R of the
            // loss do not count, so S = n − ⌈R⌉ datagrams. Pick n so that p = 1/S is Table 2's loss.
            int interval = (int) Math.round(100 / cell.lossPercent());
            int n = interval + (int) Math.ceil(cell.rttMs());
            long last = periodicLoss(monitor, n, 40);

            TfrcReport report = ack(monitor, last * MS);

            String what = "RON45 -> " + cell.site();
            assertThat(report.lossEventRate()).as(what).isCloseTo(1.0 / interval, withinPercentage(1e-6))
                    .isCloseTo(cell.lossPercent() / 100, withinPercentage(1.5));
            assertThat(report.meanSegmentBytes()).isEqualTo(1000);
            assertThat(report.acceptableRateBytesPerSec()).as(what)
                    .isCloseTo(TfrcEquation.rateBytesPerSec(1000, rttNs / 1e9, 1.0 / interval), withinPercentage(1e-6));
            // as TfrcEquationTest: within 4 % of the published, rounded rate
            assertThat(report.acceptableRateBytesPerSec() * 8 / 1e6).as(what)
                    .isCloseTo(cell.rateMbps(), withinPercentage(4));
        }
    }

    @Test
    void shouldReportAnUnlimitedRateUntilTheFirstLossEvent() {
        ReceiverMonitor monitor = monitor();
        for (long seq = 0; seq < 500; seq++) {
            arrive(monitor, seq, 1120);
            assertThat(monitor.ackUrgent()).isFalse();
        }
        TfrcReport report = ack(monitor, 500 * MS);
        assertThat(report.acceptableRateBytesPerSec()).isEqualTo(INF);
        assertThat(report.lossEventRate()).isZero();
        assertThat(report.meanSegmentBytes()).isEqualTo(1120);
        assertThat(monitor.nextFeedbackDueNs()).as("everything rides on acknowledgements").isEqualTo(Long.MAX_VALUE);
        assertThat(monitor.pollFeedback(Long.MAX_VALUE)).isNull();
    }

    @Test
    void shouldAskForAnAcknowledgementAtOnceOnANewLossEventOnly() {
        ReceiverMonitor monitor = monitor();
        monitor.onSenderRtt(20 * MS, 0);
        for (long seq = 0; seq < 10; seq++) {
            arrive(monitor, seq, 1000);
        }
        arrive(monitor, 11, 1000); // 10 lost: a loss event starts at 10 ms
        assertThat(monitor.ackUrgent()).isTrue();
        assertThat(ack(monitor, 11 * MS).lossEventRate()).isEqualTo(0.1); // the first interval: 10 datagrams
        assertThat(monitor.ackUrgent()).isFalse();

        arrive(monitor, 13, 1000); // 12 lost at 12 ms: within one RTT of the event's start, the same event
        assertThat(monitor.ackUrgent()).isFalse();
        for (long seq = 14; seq < 35; seq++) {
            arrive(monitor, seq, 1000);
        }
        arrive(monitor, 36, 1000); // 35 lost at 35 ms, more than 20 ms after 10 ms: a new event
        assertThat(monitor.ackUrgent()).isTrue();
        // Xpand counts 30..34 (the datagrams of [10 + 20, 35) ms): S̄ = (10 + 5) / 2
        assertThat(ack(monitor, 36 * MS).lossEventRate()).isCloseTo(1 / 7.5, within(1e-12));
        assertThat(monitor.ackUrgent()).isFalse();
    }

    @Test
    void shouldAverageLossIntervalsByRfc5348ByDefault() {
        ReceiverMonitor monitor = monitor(CcSettings.DEFAULTS.withParameters(Map.of("cc.tfrc.segment.bytes", "1000")));
        monitor.onSenderRtt(20 * MS, 0);
        for (long seq = 0; seq < 10; seq++) {
            arrive(monitor, seq, 1000);
        }
        arrive(monitor, 11, 1000); // 10 lost: the first interval spans seqs 0..9
        assertThat(ack(monitor, 11 * MS).lossEventRate()).isEqualTo(0.1);
        arrive(monitor, 13, 1000); // 12 lost within one RTT of 10 ms: the same event
        for (long seq = 14; seq < 35; seq++) {
            arrive(monitor, seq, 1000);
        }
        arrive(monitor, 36, 1000); // 35 lost: a new event, the interval spans 10..34 (25 seqs, all counted)
        // I_tot1 = 25 + 10, I_tot0 = I_0 + 25 with I_0 = 36 + 1 - 35 = 2; W_tot = 2
        assertThat(ack(monitor, 36 * MS).lossEventRate()).isCloseTo(1 / 17.5, within(1e-12));
    }

    @Test
    void shouldSynthesizeTheFirstIntervalFromTheReceiveRateByRfc5348() {
        // 1000 bytes per ms for 2 s with an acknowledgement every 10 ms: 1 MB/s arrives; then one loss. The first
        // interval would count 2000 packets (p = 1/2000); RFC 5348 §6.3.1 replaces it with the interval that gives
        // the receive rate in Eq. 1, so the first report allows 1 MB/s
        ReceiverMonitor monitor = monitor(CcSettings.DEFAULTS);
        monitor.onSenderRtt(100 * MS, 0);
        for (long seq = 0; seq < 2000; seq++) {
            arrive(monitor, seq, 1000);
            if (seq % 10 == 9) {
                monitor.onAck((seq + 1) * MS);
            }
        }
        arrive(monitor, 2001, 1000);
        TfrcReport report = ack(monitor, 2001 * MS);
        assertThat(report.acceptableRateBytesPerSec()).isCloseTo(1_000_000, withinPercentage(1));
        assertThat(report.lossEventRate()).isCloseTo(TfrcEquation.lossEventRateFor(1400, 0.1, 1e6),
                withinPercentage(1)).isNotCloseTo(1.0 / 2000, withinPercentage(10));
    }

    @Test
    void shouldUseTheSendersLatestRttInEq1() {
        ReceiverMonitor monitor = monitor();
        long last = periodicLoss(monitor, 400, 3); // three loss events, 400 ms apart
        TfrcReport before = ack(monitor, last * MS);
        double p = before.lossEventRate();
        assertThat(before.acceptableRateBytesPerSec()).as("before the sender's RTT: the initial 300 ms")
                .isCloseTo(TfrcEquation.rateBytesPerSec(1000, 0.3, p), withinPercentage(1e-9));

        monitor.onSenderRtt(150 * MS, last * MS);
        TfrcReport after = ack(monitor, (last + 1) * MS);
        assertThat(after.lossEventRate()).isEqualTo(p);
        // Eq. 1 with t_RTO = 4R is inversely proportional to R: half the RTT, twice the rate
        assertThat(after.acceptableRateBytesPerSec())
                .isCloseTo(2 * before.acceptableRateBytesPerSec(), withinPercentage(1e-9));
        assertThat(monitor.snapshot().value("rttSec")).isEqualTo(0.15);
    }

    @Test
    void shouldReportTheRateAtWhichTheFlowArrivesBetweenAcknowledgements() {
        ReceiverMonitor monitor = monitor();
        assertThat(ack(monitor, 0).receiveRateBytesPerSec()).as("no interval yet").isZero();
        for (long seq = 1; seq <= 100; seq++) {
            arrive(monitor, seq, 1000); // 100 kB in 100 ms
        }
        assertThat(ack(monitor, 100 * MS).receiveRateBytesPerSec()).isEqualTo(1e6);
        for (long seq = 101; seq <= 150; seq++) {
            arrive(monitor, seq, 1000); // 50 kB in the next 100 ms
        }
        // smoothed with gain 1/4: 1e6 + (5e5 − 1e6) / 4
        assertThat(ack(monitor, 200 * MS).receiveRateBytesPerSec()).isEqualTo(875_000);
        arrive(monitor, 151, 1000);
        assertThat(ack(monitor, 10_201 * MS).receiveRateBytesPerSec()).as("a pause of more than 10 s: no sample")
                .isEqualTo(875_000);
    }

    @Test
    void shouldTakeTheMeanDatagramAsTheSegmentSize() {
        ReceiverMonitor monitor = monitor();
        assertThat(ack(monitor, 0).meanSegmentBytes()).as("before any datagram").isEqualTo(1000);
        arrive(monitor, 0, 1120);
        assertThat(ack(monitor, MS).meanSegmentBytes()).isEqualTo(1120);
        arrive(monitor, 1, 1280); // EWMA with gain 1/16: 1120 + 160 / 16
        assertThat(ack(monitor, 2 * MS).meanSegmentBytes()).isEqualTo(1130);
    }

    @Test
    void shouldShowItsStateInTheSnapshot() {
        ReceiverMonitor monitor = monitor();
        monitor.onSenderRtt(50 * MS, 0);
        long last = periodicLoss(monitor, 150, 4);
        TfrcReport report = ack(monitor, last * MS);

        MonitorSnapshot snapshot = monitor.snapshot();
        assertThat(snapshot.controller()).isEqualTo("tfrc");
        assertThat(snapshot.values()).containsOnlyKeys(TfrcReport.LOSS_EVENT_RATE, "lossEvents", "packets",
                "lostPackets", "latePackets", TfrcReport.ACCEPTABLE_RATE, TfrcReport.RECEIVE_RATE, "rttSec",
                "segmentBytes");
        assertThat(snapshot.value("lossEvents")).isEqualTo(4);
        assertThat(snapshot.value("packets")).as("0..601 but four").isEqualTo(598);
        assertThat(snapshot.value("lostPackets")).isEqualTo(4);
        assertThat(snapshot.value("latePackets")).as("periodicLoss hands 151, 301 and 451 in twice").isEqualTo(3);
        assertThat(snapshot.value(TfrcReport.LOSS_EVENT_RATE)).isEqualTo(report.lossEventRate());
        assertThat(snapshot.value(TfrcReport.ACCEPTABLE_RATE)).isEqualTo(report.acceptableRateBytesPerSec());
        assertThat(snapshot.value(TfrcReport.RECEIVE_RATE)).isEqualTo(report.receiveRateBytesPerSec());
        assertThat(snapshot.value("rttSec")).isEqualTo(0.05);
    }

    @Test
    void shouldUseAtLeastTheConfiguredSegmentSizeInEq1ByDefault1400Bytes() {
        // The lab's datagrams: 1000 payload bytes + 160 of header and tag. A TCP on the same path sends 1448-byte
        // segments; with s = 1160, Eq. 1 gave GCS 1160/1448 of that TCP's rate at the same p and R (TfrcEquation).
        ReceiverMonitor byDefault = monitor(CcSettings.DEFAULTS);
        ReceiverMonitor paper = monitor(CcSettings.DEFAULTS.withParameters(Map.of("cc.tfrc.segment.bytes", "1000")));
        for (ReceiverMonitor m : List.of(byDefault, paper)) {
            m.onSenderRtt(60 * MS, 0);
            long seq = 0;
            for (int k = 1; k <= 5; k++) {
                for (; seq < k * 500L; seq++) {
                    m.onFirstTransmission(seq, seq * MS, 1160, seq * MS);
                }
                seq++; // lost
                m.onFirstTransmission(seq, seq * MS, 1160, seq * MS);
            }
        }
        TfrcReport d = ack(byDefault, 3000 * MS);
        TfrcReport q = ack(paper, 3000 * MS);
        assertThat(d.lossEventRate()).isEqualTo(q.lossEventRate()).isPositive();
        assertThat(d.meanSegmentBytes()).as("the report carries the mean as measured").isEqualTo(1160);
        assertThat(byDefault.snapshot().value("segmentBytes")).isEqualTo(1400);
        assertThat(paper.snapshot().value("segmentBytes")).as("larger datagrams: their mean").isEqualTo(1160);
        assertThat(d.acceptableRateBytesPerSec())
                .isCloseTo(TfrcEquation.rateBytesPerSec(1400, 0.06, d.lossEventRate()), withinPercentage(1e-9))
                .isCloseTo(q.acceptableRateBytesPerSec() * 1400 / 1160, withinPercentage(1e-9));
    }

    @Test
    void shouldTakeTheMeanWhenDatagramsAreLargerThanTheConfiguredSegmentSize() {
        ReceiverMonitor monitor = monitor(CcSettings.DEFAULTS);
        monitor.onFirstTransmission(0, 0, 8000, 0);
        assertThat(monitor.snapshot().value("segmentBytes")).isEqualTo(8000);
    }
}
