package org.gcs.cc.ormcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.SplittableRandom;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.RateGrant;
import org.junit.jupiter.api.Test;

/** Replays thesis App. B.1 with exact event sequences (spec §3.5). */
class OrmccSourceTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    private static final double INITIAL = 100_000;
    private static final double FLOOR = 2_000;
    private static final long INITIAL_RTT = 100 * MS;
    /** β = 0.75 (the thesis's ns-2 value) for round numbers; everything else at the defaults. */
    private static final OrmccSettings ORMCC = new OrmccSettings(0.75, S, 0.125, 0.125, 0.125, 5, 4, 8, 2, 2, true,
            IncreaseRtt.INDICATIONS);

    private static OrmccSource source(double initialRate) {
        return source(initialRate, ORMCC);
    }

    private static OrmccSource source(double initialRate, OrmccSettings ormcc) {
        return new OrmccSource(new CcSettings(initialRate, FLOOR, 64 * 1024, INITIAL_RTT, Map.of()), ormcc);
    }

    private static OrmccSource source() {
        return source(INITIAL);
    }

    /** A CI from {@code site} arriving at {@code nowNs} whose RTT sample is {@code rttNs} (after a 7 ms hold). */
    private static void ci(OrmccSource src, String site, long nowNs, long rttNs, double trac) {
        long holdNs = 7 * MS;
        src.onFeedback(site, new CongestionIndication(1, nowNs - rttNs - holdNs, holdNs, trac, trac), nowNs);
    }

    private static RateGrant grant(OrmccSource src) {
        return (RateGrant) src.grant();
    }

    private static OrmccHeader header(OrmccSource src, long nowNs) {
        return (OrmccHeader) src.header(nowNs);
    }

    private static double rate(OrmccSource src) {
        return grant(src).aggregateBytesPerSec();
    }

    private static double extra(OrmccSource src, String key) {
        return src.snapshot().extras().get(key);
    }

    private static void ticks(OrmccSource src, long fromNs, long toNs) {
        for (long t = fromNs; t <= toNs; t += 5 * MS) {
            src.onTick(t);
        }
    }

    /** Receivers A, B, C at 0; A becomes the CR at 1 s with μ = 100 000 and an RTT sample of 100 ms: λ = 75 000. */
    private static OrmccSource withRepresentativeA() {
        OrmccSource src = source();
        src.onReceiverAdded("A", 0);
        src.onReceiverAdded("B", 0);
        src.onReceiverAdded("C", 0);
        ci(src, "A", S, 100 * MS, 100_000);
        assertThat(grant(src)).isEqualTo(new RateGrant(75_000, "A", false));
        return src;
    }

    @Test
    void shouldBeUnlimitedWithoutReceivers() {
        OrmccSource src = source();
        assertThat(src.grant()).isEqualTo(RateGrant.UNLIMITED);
        assertThat(src.header(0)).isEqualTo(new OrmccHeader("", false, 0, 0, 2 * INITIAL_RTT, INITIAL_RTT, false));
        src.onReceiverAdded("A", 0);
        assertThat(grant(src)).isEqualTo(new RateGrant(INITIAL, null, true));
        src.onReceiverRemoved("A", 10 * MS);
        assertThat(src.grant()).isEqualTo(RateGrant.UNLIMITED);
        src.onTick(S);
        assertThat(src.grant()).isEqualTo(RateGrant.UNLIMITED);
    }

    @Test
    void shouldSlowStartDoublingOncePerRttUntilTheFirstIndication() {
        OrmccSource src = source();
        src.onReceiverAdded("A", 0);
        for (int i = 1; i <= 250; i++) { // 250 000 B/s sent: the sent-rate cap stays above λ
            src.onFirstTransmission(i, 1000, i * 4 * MS);
        }
        src.onTick(99 * MS);
        assertThat(rate(src)).isEqualTo(INITIAL);
        src.onTick(100 * MS); // no acknowledgement RTT yet: the initial RTT
        assertThat(rate(src)).isEqualTo(2 * INITIAL);
        src.onAckRtt("A", 150 * MS, 150 * MS, 110 * MS); // the largest smoothed RTT paces the doubling now
        src.onTick(249 * MS);
        assertThat(rate(src)).isEqualTo(2 * INITIAL);
        src.onTick(250 * MS);
        assertThat(rate(src)).isEqualTo(4 * INITIAL);
        src.onTick(1_000 * MS); // a late tick doubles once
        assertThat(grant(src)).isEqualTo(new RateGrant(8 * INITIAL, null, true));
        ci(src, "A", 1_000 * MS, 40 * MS, 300_000);
        assertThat(grant(src)).isEqualTo(new RateGrant(225_000, "A", false));
        src.onTick(1_039 * MS); // RTT_cr = 40 ms: an additive increase one RTT_cr later, not a doubling
        assertThat(rate(src)).isEqualTo(225_000);
        src.onTick(1_040 * MS);
        assertThat(rate(src)).isEqualTo(225_000 + 1000 / 0.040);
        assertThat(grant(src).slowStart()).isFalse();
    }

    @Test
    void shouldPaceTheIncreaseWithTheRepresentativesAcknowledgementRttWhenAsked() {
        OrmccSettings ack = new OrmccSettings(0.75, S, 0.125, 0.125, 0.125, 5, 4, 8, 2, 2, true, IncreaseRtt.ACK);
        OrmccSource src = source(400_000, ack);
        src.onReceiverAdded("A", 0);
        src.onReceiverAdded("B", 0);
        for (int i = 1; i <= 500; i++) { // 250 000 B/s sent: the sent-rate cap stays above λ
            src.onFirstTransmission(i, 1000, i * 4 * MS);
        }
        ci(src, "A", 2 * S, 200 * MS, 200_000); // A is the CR, RTT_cr = 200 ms; λ = 150 000
        assertThat(rate(src)).isEqualTo(150_000);
        src.onTick(2 * S + 200 * MS); // no acknowledgement RTT of A yet: RTT_cr paces the increase
        assertThat(rate(src)).isEqualTo(150_000 + 1000 / 0.200);
        src.onAckRtt("B", 20 * MS, 20 * MS, 2 * S + 210 * MS); // B is not the CR: its RTT does not count
        src.onAckRtt("A", 90 * MS, 80 * MS, 2 * S + 210 * MS);
        src.onTick(2 * S + 279 * MS);
        assertThat(rate(src)).isEqualTo(150_000 + 1000 / 0.200);
        src.onTick(2 * S + 280 * MS); // 80 ms (A's smoothed acknowledgement RTT) after the last increase
        assertThat(rate(src)).isEqualTo(150_000 + 1000 / 0.200 + 1000 / 0.080);
        assertThat(extra(src, "rttCrSec")).isEqualTo(0.2); // the indications' RTT_cr is kept, for cuts and headers
        ci(src, "A", 2 * S + 300 * MS, 200 * MS, 200_000);
        double cut = 0.75 * 200_000;
        assertThat(rate(src)).isEqualTo(cut);
        src.onTick(2 * S + 400 * MS); // 100 ms > 80 ms after the cut, but a cut still holds increases for RTT_cr
        assertThat(rate(src)).isEqualTo(cut);
        src.onTick(2 * S + 500 * MS);
        assertThat(rate(src)).isEqualTo(cut + 1000 / 0.080);
    }

    @Test
    void shouldEndSlowStartAtTheFirstIndicationEvenIfItCutsNothing() {
        OrmccSource src = source();
        src.onReceiverAdded("A", 0);
        ci(src, "A", 10 * MS, 40 * MS, 1_000_000); // β·μ = 750 000 > λ
        assertThat(grant(src)).isEqualTo(new RateGrant(INITIAL, "A", false));
        assertThat(extra(src, "rateCuts")).isZero();
        src.onTick(400 * MS);
        assertThat(rate(src)).isEqualTo(INITIAL); // held by the sent-rate cap: nothing was sent (see below)
    }

    @Test
    void shouldCutToBetaMuAtMostOncePerRttCr() {
        OrmccSource src = withRepresentativeA(); // cut at 1 s, RTT_cr = 100 ms
        ci(src, "A", S + 99 * MS, 100 * MS, 40_000); // within RTT_cr of the cut: no cut
        assertThat(rate(src)).isEqualTo(75_000);
        ci(src, "A", S + 100 * MS, 100 * MS, 80_000); // one RTT_cr later: λ = min(75 000, 60 000)
        assertThat(rate(src)).isEqualTo(60_000);
        ci(src, "A", S + 200 * MS, 100 * MS, 100_000); // β·μ = 75 000 ≥ λ: λ stays, and this is no cut
        assertThat(rate(src)).isEqualTo(60_000);
        ci(src, "A", S + 250 * MS, 100 * MS, 40_000); // 150 ms after the last real cut
        assertThat(rate(src)).isEqualTo(30_000);
        assertThat(extra(src, "rateCuts")).isEqualTo(3);
        assertThat(extra(src, "indicationsFromRepresentative")).isEqualTo(4);
        assertThat(extra(src, "rttCrSec")).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void shouldNeverCutBelowTheFloor() {
        OrmccSource src = withRepresentativeA();
        ci(src, "A", 2 * S, 100 * MS, 100);
        assertThat(rate(src)).isEqualTo(FLOOR);
        ci(src, "A", 3 * S, 100 * MS, 0);
        assertThat(rate(src)).isEqualTo(FLOOR);
    }

    @Test
    void shouldIgnoreAnotherSiteUnlessItsTracIsBelowTheRepresentativesAverageMinusDeviation() {
        OrmccSource src = withRepresentativeA(); // E(μ^cr) = 100 000, μσ^cr = 25 000 (O1: σ = μ/4)
        assertThat(src.header(S)).isEqualTo(new OrmccHeader("A", true, 100_000, 25_000, 2 * INITIAL_RTT, INITIAL_RTT, false));
        ci(src, "B", S + 500 * MS, 300 * MS, 75_000); // after the grace period; 75 000 is not below E − σ
        assertThat(grant(src)).isEqualTo(new RateGrant(75_000, "A", false));
        assertThat(extra(src, "indicationsIgnored")).isEqualTo(1);
        assertThat(extra(src, "rttMaxSec")).isCloseTo(0.3, within(1e-12)); // every CI's sample counts (O7)
        ci(src, "B", S + 600 * MS, 300 * MS, 74_999);
        assertThat(grant(src)).isEqualTo(new RateGrant(0.75 * 74_999, "B", false));
        assertThat(extra(src, "representativeSwitches")).isEqualTo(1);
        assertThat(extra(src, "indicationsSwitching")).isEqualTo(2); // A from the invalid state, then B
        assertThat(extra(src, "rttCrSec")).isCloseTo(0.3, within(1e-12)); // O7: RTT_cr ← the switching sample
        // our choice over O8: the statistics of the new CR's TRAC start from its sample (E = μ, σ = μ/4)
        assertThat(extra(src, "devTracCrBytesPerSec")).isCloseTo(74_999 / 4.0, within(1e-9));
        assertThat(extra(src, "avgTracCrBytesPerSec")).isCloseTo(74_999, within(1e-9));
    }

    @Test
    void shouldPreferALargerRttSampleDuringTheGracePeriod() {
        OrmccSource src = withRepresentativeA(); // grace: 2·RTT_max = 200 ms from 1 s
        ci(src, "B", S + 100 * MS, 90 * MS, 1_000); // a smaller sample: not chosen, however low its TRAC
        assertThat(grant(src).limitingSite()).isEqualTo("A");
        ci(src, "C", S + 150 * MS, 250 * MS, 500_000); // a larger sample: chosen, however high its TRAC
        assertThat(grant(src).limitingSite()).isEqualTo("C");
        assertThat(extra(src, "rttCrSec")).isCloseTo(0.25, within(1e-12));
        assertThat(rate(src)).isEqualTo(75_000); // 150 ms after the last cut < RTT_cr: no cut (O17)
        // the grace period is over: the TRAC test again, against C's statistics (E = 500 000, σ = 125 000)
        ci(src, "B", S + 250 * MS, 400 * MS, 375_000);
        assertThat(grant(src).limitingSite()).isEqualTo("C");
        assertThat(extra(src, "indicationsIgnored")).isEqualTo(2);
    }

    @Test
    void shouldStartTheTimerWhenTheRateCrossesTheFullLoadMarkAndInvalidateTheHeaderWhenItExpires() {
        OrmccSource src = source();
        src.onReceiverAdded("A", 0);
        src.onReceiverAdded("B", 0);
        // λ = 30 000; E = 40 000 and the measured deviation 0 (the seeded μσ^cr = 10 000 is not a measurement):
        // full load at 40 000, not at E + 4·μ/4 = 80 000
        ci(src, "A", S, 100 * MS, 40_000);
        ticks(src, S + 5 * MS, S + 95 * MS);
        assertThat(rate(src)).isEqualTo(30_000);
        assertThat(extra(src, "crTimerRunning")).isZero();
        src.onTick(S + 100 * MS); // +10 000 B/s
        assertThat(rate(src)).isEqualTo(40_000);
        assertThat(extra(src, "crTimerRunning")).isEqualTo(1);
        // no T^cr sample yet: E(T^cr) = max(1 s, 2·RTT_max) = 1 s, T_σ^cr = 0.5 s: expiry 1 s + 8·0.5 s later
        ticks(src, S + 105 * MS, 6_095 * MS);
        assertThat(header(src, 6_095 * MS).statsValid()).isTrue();
        assertThat(rate(src)).isEqualTo(INITIAL); // held by the sent-rate cap (nothing sent)
        src.onTick(6_100 * MS);
        assertThat(src.header(6_100 * MS)).isEqualTo(new OrmccHeader("", false, 0, 0, 2 * INITIAL_RTT, INITIAL_RTT, false));
        assertThat(extra(src, "representativeTimeouts")).isEqualTo(1);
        assertThat(extra(src, "representativeValid")).isZero();
        assertThat(grant(src).limitingSite()).isEqualTo("A"); // still the CR that set the rate
        // the CR's next CI makes it valid again, without a T^cr sample (the timer expired)
        ci(src, "A", 7 * S, 100 * MS, 40_000);
        assertThat(src.header(7 * S)).isEqualTo(new OrmccHeader("A", true, 40_000, 0.875 * 10_000, 2 * INITIAL_RTT, INITIAL_RTT, false));
        assertThat(extra(src, "meanResponseSec")).isEqualTo(1.0);
    }

    @Test
    void shouldTestFullLoadWithTheMeasuredDeviationAndAdvertiseTheSeededOne() {
        OrmccSource src = source();
        src.onReceiverAdded("A", 0);
        src.onReceiverAdded("B", 0);
        ci(src, "A", S, 100 * MS, 40_000); // λ = 30 000; E = 40 000, σ = 10 000 seeded, 0 measured
        ci(src, "A", S + 50 * MS, 100 * MS, 48_000); // within RTT_cr of the cut: no cut, but the statistics move
        // E = 41 000; measured deviation 0.125·8 000 = 1 000; seeded one 0.875·10 000 + 1 000 = 9 750
        assertThat(extra(src, "avgTracCrBytesPerSec")).isCloseTo(41_000, within(1e-9));
        assertThat(extra(src, "devTracCrMeasuredBytesPerSec")).isCloseTo(1_000, within(1e-9));
        assertThat(header(src, S + 50 * MS).devTracCrBytesPerSec()).isCloseTo(9_750, within(1e-9));
        src.onTick(S + 100 * MS);
        assertThat(rate(src)).isEqualTo(40_000); // below E + 4·1 000 = 45 000
        assertThat(extra(src, "crTimerRunning")).isZero();
        src.onTick(S + 200 * MS);
        assertThat(rate(src)).isEqualTo(50_000); // full load, far below E + 4·9 750 = 80 000
        assertThat(extra(src, "crTimerRunning")).isEqualTo(1);
    }

    @Test
    void shouldSolicitEveryoneAfterATimeoutAndTakeTheNextIndicationWithAGracePeriod() {
        OrmccSource src = source();
        src.onReceiverAdded("A", 0);
        src.onReceiverAdded("B", 0);
        ci(src, "A", S, 100 * MS, 40_000);
        ticks(src, S + 5 * MS, 6_500 * MS); // timer from 1.1 s, expired at 6.1 s
        assertThat(extra(src, "representativeValid")).isZero();
        ci(src, "B", 7 * S, 100 * MS, 1_000_000); // any TRAC: the CR is invalid
        assertThat(grant(src).limitingSite()).isEqualTo("B");
        assertThat(header(src, 7 * S).crSite()).isEqualTo("B");
        ci(src, "A", 7 * S + 150 * MS, 120 * MS, 1_000_000); // in B's grace period, a larger RTT sample
        assertThat(grant(src).limitingSite()).isEqualTo("A");
        assertThat(extra(src, "representativeSwitches")).isEqualTo(2);
    }

    @Test
    void shouldSampleTheRepresentativesResponseTimeOnceTheFullLoadMarkIsMeasured() {
        OrmccSource src = source();
        src.onReceiverAdded("A", 0);
        ci(src, "A", S, 100 * MS, 40_000); // λ = 30 000; the seed of the measured deviation weighs 1
        for (int i = 1; i <= 6; i++) { // within RTT_cr of the cut: no cut; the seed then weighs 0.875^6 = 0.45
            ci(src, "A", S + i * MS, 100 * MS, 40_000);
        }
        ticks(src, S + 5 * MS, S + 500 * MS); // the timer starts at 1.1 s (λ = E, the measured deviation is 0)
        assertThat(extra(src, "crTimerRunning")).isEqualTo(1);
        ci(src, "A", 2 * S, 100 * MS, 40_000); // Δ = 0.9 s, continuing the prior (1 s)
        assertThat(extra(src, "crTimerRunning")).isZero();
        assertThat(extra(src, "meanResponseSec")).isCloseTo(0.875 * 1.0 + 0.125 * 0.9, within(1e-12));
    }

    @Test
    void shouldRunTheTimerButTakeNoSampleWhileTheFullLoadMarkIsMostlyItsSeed() {
        OrmccSource src = source();
        src.onReceiverAdded("A", 0);
        ci(src, "A", S, 100 * MS, 40_000);
        for (int i = 1; i <= 5; i++) { // the seed still weighs 0.875^5 = 0.51
            ci(src, "A", S + i * MS, 100 * MS, 40_000);
        }
        ticks(src, S + 5 * MS, S + 500 * MS);
        assertThat(extra(src, "crTimerRunning")).isEqualTo(1); // a CR silent from its election is still noticed
        ci(src, "A", 2 * S, 100 * MS, 40_000); // the answer stops the timer and cuts, but is no sample of T^cr
        assertThat(extra(src, "crTimerRunning")).isZero();
        assertThat(extra(src, "meanResponseSec")).isEqualTo(1.0);
        assertThat(extra(src, "rateCuts")).isEqualTo(2);
    }

    @Test
    void shouldIncreaseBySOverRttCrPerRttCrAndNotWithinRttCrAfterACut() {
        OrmccSource src = source();
        src.onReceiverAdded("A", 0);
        for (int i = 0; i < 10; i++) {
            src.onFirstTransmission(i, 1200, 500 * MS + i * MS); // s = 1200 B
        }
        ci(src, "A", S, 200 * MS, 40_000); // cut to 30 000 at 1 s; RTT_cr = 200 ms
        src.onTick(S + 195 * MS);
        assertThat(rate(src)).isEqualTo(30_000);
        src.onTick(S + 200 * MS);
        assertThat(rate(src)).isEqualTo(30_000 + 1200 / 0.2);
        ci(src, "A", S + 300 * MS, 200 * MS, 32_000); // a cut to 24 000 at 1.3 s
        assertThat(rate(src)).isEqualTo(24_000);
        src.onTick(S + 400 * MS); // 200 ms after the last increase, but only 100 ms after the cut
        src.onTick(S + 495 * MS);
        assertThat(rate(src)).isEqualTo(24_000);
        src.onTick(S + 500 * MS);
        assertThat(rate(src)).isEqualTo(24_000 + 6_000);
        src.onTick(S + 600 * MS);
        assertThat(rate(src)).isEqualTo(24_000 + 6_000);
        src.onTick(S + 700 * MS);
        assertThat(rate(src)).isEqualTo(24_000 + 12_000);
    }

    @Test
    void shouldNotGrowAboveTwiceTheRateActuallySent() {
        OrmccSource src = source(10_000);
        src.onReceiverAdded("A", 0);
        long seq = 0;
        for (long t = 0; t <= S; t += 5 * MS) { // slow start to 10 000 · 2^10, sending 1000 B every 100 ms
            if (t % (100 * MS) == 0) {
                src.onFirstTransmission(seq++, 1000, t);
            }
            src.onTick(t);
        }
        ci(src, "A", S, 100 * MS, 40_000); // λ = 30 000
        assertThat(rate(src)).isEqualTo(30_000);
        for (long t = S + 100 * MS; t < 3 * S; t += 100 * MS) { // still 10 000 B/s: cap 20 000 < λ
            src.onFirstTransmission(seq++, 1000, t);
            src.onTick(t);
        }
        assertThat(rate(src)).isEqualTo(30_000); // held, never lowered
        for (long t = 3 * S + 10 * MS; t <= 4 * S; t += 10 * MS) { // 1000 B every 10 ms: 100 000 B/s
            src.onFirstTransmission(seq++, 1000, t);
        }
        src.onTick(4 * S); // cap 200 000: the increase goes through
        assertThat(rate(src)).isEqualTo(40_000);
        src.onTick(4 * S + 100 * MS);
        assertThat(rate(src)).isEqualTo(50_000);
    }

    @Test
    void shouldTakeTheRttSampleWithoutTheHoldTimeAndIgnoreNonPositiveSamples() {
        OrmccSource src = source();
        src.onReceiverAdded("A", 0);
        src.onFeedback("A", new CongestionIndication(5, 500 * MS, 400 * MS, 40_000, 40_000), S); // 1 − 0.5 − 0.4
        assertThat(extra(src, "rttCrSec")).isCloseTo(0.1, within(1e-12));
        assertThat(src.snapshot().receivers().get(0).rttNs()).isEqualTo(100 * MS);
        src.onFeedback("A", new CongestionIndication(6, 2_500 * MS, 600 * MS, 40_000, 40_000), 3 * S); // −0.1 s
        assertThat(extra(src, "rttCrSec")).isCloseTo(0.1, within(1e-12));
        assertThat(extra(src, "rttMaxSec")).isCloseTo(0.1, within(1e-12));
        src.onFeedback("A", new CongestionIndication(7, 4_400 * MS, 0, 40_000, 40_000), 5 * S); // 0.6 s
        assertThat(extra(src, "rttCrSec")).isCloseTo(0.875 * 0.1 + 0.125 * 0.6, within(1e-12));
        assertThat(extra(src, "rttMaxSec")).isCloseTo(0.6, within(1e-12));
        assertThat(header(src, 5 * S).feedbackWindowNs()).isEqualTo(1_200 * MS);
    }

    @Test
    void shouldBeHarmlessForUnknownSitesOtherFeedbackAndRemovedSites() {
        OrmccSource src = withRepresentativeA();
        src.header(2 * S); // lets the time pass
        CcSnapshot before = src.snapshot();
        ci(src, "Z", 2 * S, 100 * MS, 1);
        src.onFeedback("B", java.util.Map::of, 2 * S);
        src.onAckRtt("Z", 10 * MS, 10 * MS, 2 * S);
        src.onReceiverRemoved("Z", 2 * S);
        src.onReceiverAdded("A", 2 * S); // already a receiver
        assertThat(src.snapshot()).isEqualTo(before);
        src.onReceiverRemoved("B", 2 * S);
        ci(src, "B", 2 * S, 100 * MS, 1);
        assertThat(grant(src)).isEqualTo(new RateGrant(75_000, "A", false));
        assertThat(src.snapshot().receivers()).extracting(CcSnapshot.ReceiverState::site).containsExactly("A", "C");
    }

    @Test
    void shouldForgetARepresentativeThatLeaves() {
        OrmccSource src = withRepresentativeA();
        src.onReceiverRemoved("A", 2 * S);
        assertThat(grant(src)).isEqualTo(new RateGrant(75_000, null, false));
        assertThat(header(src, 2 * S).statsValid()).isFalse();
        ci(src, "B", 3 * S, 100 * MS, 200_000); // any TRAC: no valid CR
        assertThat(grant(src).limitingSite()).isEqualTo("B");
        assertThat(extra(src, "representativeSwitches")).isZero(); // chosen from none, not switched
        ci(src, "C", 3 * S + 100 * MS, 150 * MS, 500_000); // B's grace period
        assertThat(grant(src).limitingSite()).isEqualTo("C");
    }

    @Test
    void shouldStartOverWhenTheLastReceiverLeavesAndOneComesBack() {
        OrmccSource src = withRepresentativeA();
        src.onReceiverRemoved("A", 2 * S);
        src.onReceiverRemoved("B", 2 * S);
        src.onReceiverRemoved("C", 2 * S);
        assertThat(src.grant()).isEqualTo(RateGrant.UNLIMITED);
        src.onReceiverAdded("D", 3 * S);
        assertThat(grant(src)).isEqualTo(new RateGrant(INITIAL, null, true));
        assertThat(extra(src, "avgTracCrBytesPerSec")).isNaN();
    }

    @Test
    void shouldReportEachReceiverInTheSnapshot() {
        OrmccSource src = withRepresentativeA();
        src.onAckRtt("B", 30 * MS, 35 * MS, S);
        ci(src, "B", S + 500 * MS, 300 * MS, 90_000); // ignored
        CcSnapshot snap = src.snapshot();
        assertThat(snap.controller()).isEqualTo("ormcc");
        assertThat(snap.congestionMeasure()).isEqualTo("tracBytesPerSec");
        assertThat(snap.limitingSite()).isEqualTo("A");
        assertThat(snap.receivers()).hasSize(3);
        CcSnapshot.ReceiverState a = snap.receivers().get(0);
        CcSnapshot.ReceiverState b = snap.receivers().get(1);
        CcSnapshot.ReceiverState c = snap.receivers().get(2);
        assertThat(a.rttNs()).isEqualTo(100 * MS); // RTT_cr
        assertThat(a.congestion()).isEqualTo(100_000);
        assertThat(a.lastFeedback()).containsEntry("ageSec", 0.5).containsEntry("tracBytesPerSec", 100_000.0);
        assertThat(b.rttNs()).isEqualTo(35 * MS); // the engine's smoothed RTT
        assertThat(b.congestion()).isEqualTo(90_000);
        assertThat(b.lastFeedback()).containsEntry("ageSec", 0.0).containsEntry("holdNs", 7.0 * MS);
        assertThat(c.rttNs()).isEqualTo(INITIAL_RTT);
        assertThat(c.congestion()).isNaN();
        assertThat(c.lastFeedback()).isEmpty();
        assertThat(snap.extras()).containsOnlyKeys("representativeValid", "avgTracCrBytesPerSec",
                "devTracCrBytesPerSec", "devTracCrMeasuredBytesPerSec", "rttCrSec", "rttMaxSec", "crTimerRunning", "meanResponseSec",
                "indicationsReceived", "indicationsFromRepresentative", "indicationsSwitching", "indicationsIgnored",
                "representativeSwitches", "rateCuts", "representativeTimeouts");
        assertThat(snap.extras()).containsEntry("indicationsReceived", 2.0).containsEntry("indicationsIgnored", 1.0);
    }

    /** A pseudo-random but fixed sequence of calls. */
    private static CcSnapshot replay(long seed, OrmccSource src) {
        SplittableRandom random = new SplittableRandom(seed);
        String[] sites = {"A", "B", "C", "D"};
        long now = 0;
        for (int i = 0; i < 20_000; i++) {
            now += random.nextLong(0, 20 * MS);
            String site = sites[random.nextInt(sites.length)];
            switch (random.nextInt(8)) {
                case 0 -> src.onReceiverAdded(site, now);
                case 1 -> {
                    if (random.nextInt(10) == 0) {
                        src.onReceiverRemoved(site, now);
                    }
                }
                case 2 -> src.onFirstTransmission(i, random.nextInt(100, 1500), now);
                case 3 -> src.onAckRtt(site, random.nextLong(-MS, 300 * MS), random.nextLong(-MS, 300 * MS), now);
                case 4 -> src.onFeedback(site, new CongestionIndication(i, now - random.nextLong(-100 * MS, S),
                        random.nextLong(0, 500 * MS), random.nextDouble() * 1e6, random.nextDouble() * 1e6), now);
                case 5 -> src.header(now);
                default -> src.onTick(now);
            }
            double r = rate(src);
            assertThat(r).isNotNaN().isGreaterThanOrEqualTo(FLOOR);
        }
        return src.snapshot();
    }

    @Test
    void shouldBeDeterministicAndNeverGrantANegativeOrNaNRate() {
        CcSnapshot first = replay(99, source());
        assertThat(replay(99, source())).isEqualTo(first);
        assertThat(first.extras().get("indicationsReceived")).isPositive();
        assertThat(first.extras().get("rateCuts")).isPositive();
    }
}
