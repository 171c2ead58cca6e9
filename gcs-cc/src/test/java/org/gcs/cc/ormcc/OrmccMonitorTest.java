package org.gcs.cc.ormcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.MonitorSnapshot;
import org.junit.jupiter.api.Test;

class OrmccMonitorTest {
    private static final long MS = 1_000_000L;
    private static final long SEED = 1234;
    private static final long S_NS = 1_000_000_000L;
    private static final long T = 400 * MS;
    /** A header naming this receiver ("B") as the CR. */
    private static final OrmccHeader B_IS_CR = new OrmccHeader("B", true, 50_000, 5_000, T);
    /** No valid CR: everyone may send, after a delay. */
    private static final OrmccHeader INVALID = new OrmccHeader("", false, 0, 0, T);

    private static OrmccMonitor monitor() {
        return new OrmccMonitor(CcSettings.DEFAULTS, OrmccSettings.DEFAULTS, new MonitorContext("B", "S", "g", 1, SEED));
    }

    /** Header, then the packet, as the engine calls them; 1000 B, sent 20 ms before it arrives. */
    private static void arrive(OrmccMonitor m, ControlHeader h, long seq, long nowNs) {
        if (h != null) {
            m.onHeader(h, nowNs);
        }
        m.onFirstTransmission(seq, nowNs - 20 * MS, 1000, nowNs);
    }

    private static long firstDrawNs(long windowNs) {
        return new TruncatedExponential(OrmccSettings.DEFAULTS.delayShape(), SEED).drawNs(windowNs);
    }

    private static CongestionIndication poll(OrmccMonitor m, long nowNs) {
        Feedback f = m.pollFeedback(nowNs);
        return (CongestionIndication) f;
    }

    @Test
    void shouldSendOneIndicationPerGapRevealingArrivalWhateverTheGapSize() {
        OrmccMonitor m = monitor();
        List<Long> triggers = new ArrayList<>();
        long[] seqs = {0, 1, 2, 4, 5, 6, 100, 101, 103, 104};
        for (int i = 0; i < seqs.length; i++) {
            long now = (i + 1) * 10 * MS;
            arrive(m, B_IS_CR, seqs[i], now);
            CongestionIndication ci = poll(m, now);
            if (ci != null) {
                triggers.add(ci.triggerSeq());
            }
        }
        assertThat(triggers).containsExactly(4L, 100L, 103L); // gaps of 1, 93 and 1 packets: one CI each
        assertThat(m.snapshot().value("lossDetections")).isEqualTo(3);
        assertThat(m.snapshot().value("indicationsSent")).isEqualTo(3);
    }

    @Test
    void shouldReportItsFirstLossAtOnceWhileTheSourceIsInSlowStartAndLaterOnesAfterTheDelay() {
        OrmccHeader slowStart = new OrmccHeader("", false, 0, 0, T, 0, true);
        OrmccMonitor m = monitor();
        arrive(m, slowStart, 1, 10 * MS);
        arrive(m, slowStart, 3, 20 * MS); // the first loss: at once, no random delay

        assertThat(m.nextFeedbackDueNs()).isEqualTo(20 * MS);
        assertThat(poll(m, 20 * MS).triggerSeq()).isEqualTo(3);

        arrive(m, slowStart, 5, 30 * MS); // a later loss of slow start: the normal delay, like any non-CR
        assertThat(m.nextFeedbackDueNs()).isEqualTo(30 * MS + firstDrawNs(T));
        assertThat(m.snapshot().value("indicationsSent")).isEqualTo(1);
    }

    @Test
    void shouldGroupTheRepresentativesLossesIntoLossEventsOfOneRttCr() {
        OrmccHeader crWithRtt = new OrmccHeader("B", true, 50_000, 5_000, T, 100 * MS, false);
        OrmccMonitor m = monitor();
        List<Long> triggers = new ArrayList<>();
        long[] seqs = {1, 3, 5, 7, 20, 22};
        long[] times = {0, 10, 50, 99, 110, 150};
        for (int i = 0; i < seqs.length; i++) {
            arrive(m, crWithRtt, seqs[i], times[i] * MS);
            CongestionIndication ci = poll(m, times[i] * MS);
            if (ci != null) {
                triggers.add(ci.triggerSeq());
            }
        }
        // losses at 10 ms (sent), 50 and 99 ms (within 100 ms: the same event), 110 ms (a new event), 150 ms (same)
        assertThat(triggers).containsExactly(3L, 20L);
        assertThat(m.snapshot().value("indicationsGrouped")).isEqualTo(3);
        assertThat(m.snapshot().value("lossDetections")).isEqualTo(5);

        OrmccMonitor literal = new OrmccMonitor(CcSettings.DEFAULTS,
                new OrmccSettings(0.65, S_NS, 0.125, 0.125, 0.125, 5, 4, 8, 2, 2,
                false, IncreaseRtt.INDICATIONS),
                new MonitorContext("B", "S", "g", 1, SEED));
        for (int i = 0; i < seqs.length; i++) {
            arrive(literal, crWithRtt, seqs[i], times[i] * MS);
            poll(literal, times[i] * MS);
        }
        assertThat(literal.snapshot().value("indicationsSent")).as("one per loss-revealing arrival").isEqualTo(5);
    }

    @Test
    void shouldNeverTriggerOnLateOrDuplicatePackets() {
        OrmccMonitor m = monitor();
        arrive(m, B_IS_CR, 10, 10 * MS); // the first arrival sets the highest seq: no loss before it
        arrive(m, B_IS_CR, 11, 20 * MS);
        arrive(m, B_IS_CR, 14, 30 * MS);
        assertThat(poll(m, 30 * MS).triggerSeq()).isEqualTo(14);
        arrive(m, B_IS_CR, 12, 40 * MS); // late
        arrive(m, B_IS_CR, 13, 50 * MS); // late
        arrive(m, B_IS_CR, 14, 55 * MS); // duplicate
        arrive(m, B_IS_CR, 15, 60 * MS); // next in order
        assertThat(m.pollFeedback(60 * MS)).isNull();
        assertThat(m.nextFeedbackDueNs()).isEqualTo(Long.MAX_VALUE);
        assertThat(m.snapshot().value("lossDetections")).isEqualTo(1);
    }

    @Test
    void shouldLetTheRepresentativeSendAtOnceWithoutTheSuppressionTest() {
        OrmccMonitor m = monitor();
        // E(μ^cr) − μσ^cr = 1000 B/s: any other receiver with this TRAC would be suppressed
        OrmccHeader lowStats = new OrmccHeader("B", true, 2_000, 1_000, T);
        arrive(m, lowStats, 0, 100 * MS);
        arrive(m, lowStats, 2, 200 * MS);
        assertThat(m.nextFeedbackDueNs()).isEqualTo(200 * MS);
        CongestionIndication ci = poll(m, 200 * MS);
        assertThat(ci).isEqualTo(new CongestionIndication(2, 180 * MS, 0, 20_000, 20_000)); // 2000 B / 100 ms
        assertThat(m.snapshot().value("representative")).isEqualTo(1);
        assertThat(m.snapshot().value("indicationsSuppressed")).isZero();
    }

    @Test
    void shouldDelayANonRepresentativeByATruncatedExponentialDraw() {
        OrmccMonitor m = monitor();
        arrive(m, INVALID, 0, 100 * MS);
        arrive(m, INVALID, 2, 200 * MS);
        long delay = firstDrawNs(T);
        assertThat(delay).isBetween(0L, T).isPositive();
        assertThat(m.nextFeedbackDueNs()).isEqualTo(200 * MS + delay);
        assertThat(m.pollFeedback(200 * MS + delay - 1)).isNull();
        assertThat(m.snapshot().value("indicationPending")).isEqualTo(1);
        long tick = 200 * MS + delay + 3 * MS; // the engine polls on its next tick
        CongestionIndication ci = poll(m, tick);
        assertThat(ci.triggerSeq()).isEqualTo(2);
        assertThat(ci.echoSendTimeNs()).isEqualTo(180 * MS);
        assertThat(ci.holdNs()).isEqualTo(delay + 3 * MS);
        assertThat(m.pollFeedback(tick)).isNull();
        assertThat(m.snapshot().value("indicationPending")).isZero();
    }

    @Test
    void shouldUseTwiceTheInitialRttAsTheWindowBeforeAnyHeader() {
        OrmccMonitor m = monitor();
        arrive(m, null, 0, 100 * MS);
        arrive(m, null, 2, 200 * MS);
        assertThat(m.nextFeedbackDueNs()).isEqualTo(200 * MS + firstDrawNs(2 * CcSettings.DEFAULTS.initialRttNs()));
    }

    @Test
    void shouldCancelAPendingIndicationWhenALaterHeaderSuppressesIt() {
        OrmccMonitor m = monitor();
        arrive(m, INVALID, 0, 100 * MS);
        arrive(m, INVALID, 2, 200 * MS); // μ = E(μ) = 20 000 B/s
        assertThat(m.nextFeedbackDueNs()).isLessThan(Long.MAX_VALUE);
        // a new CR A with E − σ = 25 000 − 4 000 > 20 000: does not suppress
        m.onHeader(new OrmccHeader("A", true, 25_000, 4_000, T), 210 * MS);
        assertThat(m.nextFeedbackDueNs()).isLessThan(Long.MAX_VALUE);
        // E − σ = 20 000: E(μ) ≥ E − σ suppresses (footnote 12's conservative test)
        m.onHeader(new OrmccHeader("A", true, 24_000, 4_000, T), 220 * MS);
        assertThat(m.nextFeedbackDueNs()).isEqualTo(Long.MAX_VALUE);
        assertThat(m.pollFeedback(10_000 * MS)).isNull();
        MonitorSnapshot s = m.snapshot();
        assertThat(s.value("indicationsCancelled")).isEqualTo(1);
        assertThat(s.value("indicationsSent")).isZero();
    }

    @Test
    void shouldSuppressACandidateWhoseAverageIsNotBelowTheRepresentatives() {
        OrmccMonitor m = monitor();
        OrmccHeader aIsCr = new OrmccHeader("A", true, 21_000, 1_000, T); // E − σ = 20 000
        arrive(m, aIsCr, 0, 100 * MS);
        arrive(m, aIsCr, 2, 200 * MS); // E(μ) = 20 000, not below 20 000
        assertThat(m.nextFeedbackDueNs()).isEqualTo(Long.MAX_VALUE);
        assertThat(m.snapshot().value("indicationsSuppressed")).isEqualTo(1);
        OrmccHeader aHigher = new OrmccHeader("A", true, 21_001, 1_000, T); // E − σ = 20 001 > 20 000
        arrive(m, aHigher, 4, 300 * MS); // μ = 3000 B / 200 ms = 15 000; E(μ) = 7/8·20 000 + 1/8·15 000
        assertThat(m.snapshot().value("avgTracBytesPerSec")).isCloseTo(19_375, within(1e-9));
        assertThat(m.nextFeedbackDueNs()).isLessThan(Long.MAX_VALUE);
    }

    @Test
    void shouldMakeAPendingIndicationDueAtOnceWhenTheHeaderNamesThisSite() {
        OrmccMonitor m = monitor();
        arrive(m, INVALID, 0, 100 * MS);
        arrive(m, INVALID, 2, 200 * MS);
        assertThat(m.nextFeedbackDueNs()).isGreaterThan(210 * MS);
        m.onHeader(B_IS_CR, 210 * MS);
        assertThat(m.nextFeedbackDueNs()).isEqualTo(210 * MS);
        assertThat(poll(m, 210 * MS).holdNs()).isEqualTo(10 * MS);
    }

    @Test
    void shouldMergeANewerCandidateIntoThePendingOneKeepingItsDueTime() {
        OrmccMonitor m = monitor();
        arrive(m, INVALID, 0, 100 * MS);
        arrive(m, INVALID, 2, 200 * MS); // μ1 = 20 000
        long due = m.nextFeedbackDueNs();
        arrive(m, INVALID, 3, 205 * MS);
        arrive(m, INVALID, 5, 210 * MS); // μ2 = 4000 B / 110 ms
        assertThat(m.nextFeedbackDueNs()).isEqualTo(due);
        CongestionIndication ci = poll(m, due);
        double mu2 = 4000 / 0.110;
        assertThat(ci.triggerSeq()).isEqualTo(5);
        assertThat(ci.echoSendTimeNs()).isEqualTo(190 * MS);
        assertThat(ci.holdNs()).isEqualTo(due - 210 * MS);
        assertThat(ci.tracBytesPerSec()).isCloseTo(mu2, within(1e-6));
        assertThat(ci.avgTracBytesPerSec()).isCloseTo(0.875 * 20_000 + 0.125 * mu2, within(1e-6));
        assertThat(m.pollFeedback(due + 1_000 * MS)).isNull();
        Map<String, Double> v = m.snapshot().values();
        assertThat(v.get("indicationsMerged")).isEqualTo(1);
        assertThat(v.get("indicationsSent")).isEqualTo(1);
        assertThat(v.get("lossDetections")).isEqualTo(2);
    }

    @Test
    void shouldMeasureTracAsTheBytesOfTheLastSecondWithinOnePacket() {
        OrmccMonitor m = monitor();
        // 1000 B every 8 ms (125 kB/s), every 50th packet lost; check μ at each loss after the first second
        List<long[]> arrivals = new ArrayList<>(); // {timeNs, bytes}
        int checked = 0;
        for (long seq = 0; seq < 1_000; seq++) {
            long now = seq * 8 * MS;
            if (seq % 50 == 25) {
                continue;
            }
            arrive(m, B_IS_CR, seq, now);
            arrivals.add(new long[] {now, 1000});
            CongestionIndication ci = poll(m, now);
            if (ci != null && now >= 1_000 * MS) {
                long bytes = arrivals.stream().filter(a -> a[0] > now - 1_000 * MS).mapToLong(a -> a[1]).sum();
                assertThat(ci.tracBytesPerSec()).isCloseTo(bytes, within(1e-6)); // exactly, here
                assertThat(ci.tracBytesPerSec()).isCloseTo(125_000, within(1000.0 + 1000.0 / 50 * 125));
                checked++;
            }
        }
        assertThat(checked).isEqualTo(18);
    }

    @Test
    void shouldDivideByTheFlowsAgeWhileItIsYoungerThanTheWindow() {
        OrmccMonitor m = monitor();
        for (long seq = 0; seq <= 30; seq++) {
            if (seq != 29) {
                arrive(m, B_IS_CR, seq, 1_000 * MS + seq * 10 * MS);
            }
        }
        // the loss shows at seq 30, 300 ms after the first arrival: 30 packets / 0.3 s
        assertThat(poll(m, 1_300 * MS).tracBytesPerSec()).isCloseTo(100_000, within(1e-6));
        OrmccMonitor early = monitor();
        arrive(early, B_IS_CR, 0, 0);
        arrive(early, B_IS_CR, 2, 20 * MS); // 20 ms old: divided by 100 ms
        assertThat(poll(early, 20 * MS).tracBytesPerSec()).isCloseTo(20_000, within(1e-6));
    }

    @Test
    void shouldIgnoreOtherHeadersAndNeverUseAcknowledgements() {
        OrmccMonitor m = monitor();
        m.onHeader(new ControlHeader() { }, 0);
        m.onSenderRtt(50 * MS, 0);
        arrive(m, null, 0, 10 * MS);
        assertThat(m.ackUrgent()).isFalse();
        assertThat(m.onAck(20 * MS)).isNull();
        MonitorSnapshot s = m.snapshot();
        assertThat(s.controller()).isEqualTo("ormcc");
        assertThat(s.values()).containsOnlyKeys("avgTracBytesPerSec", "lastTracBytesPerSec", "representative",
                "representativeStatsValid", "lossDetections", "indicationsSent", "indicationsSuppressed",
                "indicationsCancelled", "indicationsMerged", "indicationsGrouped", "indicationPending");
        assertThat(s.value("avgTracBytesPerSec")).isNaN();
        assertThat(s.value("representativeStatsValid")).isZero();
    }
}
