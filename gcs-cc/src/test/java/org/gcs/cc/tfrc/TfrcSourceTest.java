package org.gcs.cc.tfrc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.junit.jupiter.api.Test;

/**
 * TFRC's sending delegate ({@link TfrcSource}) through the controller contract, as the engine drives it: receiving
 * sites come and go, acknowledgements bring RTTs and reports, ticks let time pass. The paper's numbers are seed 004's
 * medians for the sender RON45 (Chicago): Table 1's RTTs and Table 3's TCP-friendly rates in the RON45 column.
 */
class TfrcSourceTest {
    private static final long MS = 1_000_000L;
    private static final double INITIAL = CcSettings.DEFAULTS.initialRateBytesPerSec(); // 128 KiB/s
    private static final double INF = Double.POSITIVE_INFINITY;

    /** Seed 004, Table 3, column RON45: each receiving site's TCP-friendly rate in Mb/s. */
    private static final Map<String, Double> RATE_MBPS = Map.of(
            "Zikit1", 0.24, "RON0", 0.80, "RON2", 1.02, "RON33", 1.79, "RON35", 1.17);
    /** Seed 004, Table 1, column RON45: the median RTT to each receiving site in ms. */
    private static final Map<String, Double> RTT_MS = Map.of(
            "Zikit1", 213.99, "RON0", 62.82, "RON2", 57.87, "RON33", 26.68, "RON35", 59.80);
    /** Seed 004, Table 2, column RON45: the median loss in %. */
    private static final Map<String, Double> LOSS_PERCENT = Map.of(
            "Zikit1", 2.33, "RON0", 2.47, "RON2", 1.96, "RON33", 2.67, "RON35", 1.50);

    private static SourceController source() {
        return source(CcSettings.DEFAULTS);
    }

    private static SourceController source(CcSettings settings) {
        return new TfrcControl(settings).newSource(new SourceContext("RON45", "g", 1, 1));
    }

    private static double bytesPerSec(double mbps) {
        return mbps * 1e6 / 8;
    }

    private static long rttNs(String site) {
        return Math.round(RTT_MS.get(site) * MS);
    }

    /** An acknowledgement from a site with Table 1's RTT, carrying a report of Table 3's rate and Table 2's loss. */
    private static void papersAck(SourceController source, String site, long nowNs) {
        source.onAckRtt(site, rttNs(site), rttNs(site), nowNs);
        double rate = bytesPerSec(RATE_MBPS.get(site));
        source.onFeedback(site, new TfrcReport(rate, rate, LOSS_PERCENT.get(site) / 100, 1000), nowNs);
    }

    /** An acknowledgement with an RTT and a report of an acceptable rate (infinite: no loss event yet). */
    private static void ack(SourceController source, String site, long rttNs, double acceptable, long nowNs) {
        source.onAckRtt(site, rttNs, rttNs, nowNs);
        source.onFeedback(site, new TfrcReport(acceptable, 0, Double.isInfinite(acceptable) ? 0 : 0.01, 1000), nowNs);
    }

    @Test
    void shouldBeUnlimitedWithoutReceivers() {
        SourceController source = source();
        assertThat(source.grant()).isEqualTo(RateGrant.UNLIMITED);
        source.onReceiverAdded("RON0", 0);
        source.onReceiverRemoved("RON0", 5 * MS);
        assertThat(source.grant()).isEqualTo(RateGrant.UNLIMITED);
        assertThat(source.snapshot().receivers()).isEmpty();
        assertThat(source.snapshot().allowedRateBytesPerSec()).isEqualTo(INF);
    }

    @Test
    void shouldSlowStartFromTheInitialRateAndDoubleOncePerRttUntilAReceiverLimits() {
        SourceController source = source();
        source.onReceiverAdded("RON0", 0);
        assertThat(source.grant()).isEqualTo(new RateGrant(INITIAL, null, true));
        source.onTick(99 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(INITIAL, null, true));
        source.onTick(100 * MS); // no report yet: one doubling per 100 ms
        assertThat(source.grant()).isEqualTo(new RateGrant(2 * INITIAL, null, true));
        ack(source, "RON0", 50 * MS, INF, 110 * MS); // no loss event at RON0: still slow start, now per its 50 ms
        source.onTick(149 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(2 * INITIAL, null, true));
        source.onTick(150 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(4 * INITIAL, null, true));

        ack(source, "RON0", 50 * MS, 100_000, 155 * MS); // a loss event: the report limits at once
        assertThat(source.grant()).isEqualTo(new RateGrant(100_000, "RON0", false));
        assertThat(source.snapshot().slowStart()).isFalse();
    }

    @Test
    void shouldGrantTheMinimumOverTheReceivingSitesOfTable3AndNameTheLimitingSite() {
        SourceController source = source();
        for (String site : RATE_MBPS.keySet()) {
            source.onReceiverAdded(site, 0);
        }
        for (String site : RATE_MBPS.keySet()) {
            papersAck(source, site, 10 * MS);
        }
        // Table 3, column RON45: Jerusalem (Zikit1) is the slowest receiver, at 0.24 Mb/s
        assertThat(source.grant()).isEqualTo(new RateGrant(bytesPerSec(0.24), "Zikit1", false));
        assertThat(source.snapshot().limitingSite()).isEqualTo("Zikit1");
    }

    @Test
    void shouldFollowTheSlowestReceiverAsSitesJoinAndLeave() {
        // seed 004's test 2 ("membership changes") with Table 3's medians: Zikit1 joins, the rate drops
        // significantly; Zikit1 leaves, the rate rises again
        SourceController source = source();
        for (String site : new String[] {"RON0", "RON2", "RON33", "RON35"}) {
            source.onReceiverAdded(site, 0);
            papersAck(source, site, 10 * MS);
        }
        assertThat(source.grant()).isEqualTo(new RateGrant(bytesPerSec(0.80), "RON0", false));

        source.onReceiverAdded("Zikit1", 20 * MS);
        assertThat(source.grant()).as("a site that joined limits only once it reports")
                .isEqualTo(new RateGrant(bytesPerSec(0.80), "RON0", false));
        papersAck(source, "Zikit1", 30 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(bytesPerSec(0.24), "Zikit1", false));

        source.onReceiverRemoved("Zikit1", 40 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(bytesPerSec(0.80), "RON0", false));
        papersAck(source, "Zikit1", 50 * MS); // still in flight when it left: ignored
        assertThat(source.grant()).isEqualTo(new RateGrant(bytesPerSec(0.80), "RON0", false));
        assertThat(source.snapshot().receivers()).extracting(CcSnapshot.ReceiverState::site)
                .containsExactly("RON0", "RON2", "RON33", "RON35");
    }

    @Test
    void shouldUseAReportOnlyWithTheRttOfItsAcknowledgement() {
        SourceController source = source();
        source.onReceiverAdded("RON0", 0);
        source.onFeedback("RON0", new TfrcReport(50_000, 40_000, 0.02, 1000), 10 * MS); // no RTT yet: ignored
        assertThat(source.grant()).isEqualTo(new RateGrant(INITIAL, null, true));

        ack(source, "RON0", rttNs("RON0"), 50_000, 20 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(50_000, "RON0", false));

        source.onAckRtt("RON0", -1, -1, 30 * MS); // the engine no longer knows RON0 as a receiver: its RTT is gone
        source.onFeedback("RON0", new TfrcReport(10_000, 10_000, 0.1, 1000), 30 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(50_000, "RON0", false));
    }

    @Test
    void shouldPaceSlowStartByTheLargestRttAReceiverReported() {
        SourceController source = source();
        source.onReceiverAdded("RON33", 0);
        source.onReceiverAdded("Zikit1", 0);
        ack(source, "RON33", rttNs("RON33"), INF, 10 * MS);
        ack(source, "Zikit1", rttNs("Zikit1"), INF, 10 * MS);
        source.onTick(213 * MS); // Zikit1's 213.99 ms, not RON33's 26.68 ms, sets the pace
        assertThat(source.grant()).isEqualTo(new RateGrant(INITIAL, null, true));
        source.onTick(214 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(2 * INITIAL, null, true));
    }

    @Test
    void shouldDampTheLimitingSitesRateWhileItsRttRises() {
        // RFC 5348 §4.5: X_inst = X · R_sqmean / sqrt(R_sample); a sample of 4 × the mean RTT halves the rate
        for (boolean damping : new boolean[] {true, false}) {
            SourceController source = source(CcSettings.DEFAULTS.withParameters(
                    Map.of("cc.tfrc.oscillation.damping", Boolean.toString(damping))));
            source.onReceiverAdded("RON0", 0);
            ack(source, "RON0", 100 * MS, 100_000, 10 * MS);
            assertThat(source.grant()).isEqualTo(new RateGrant(100_000, "RON0", false));
            source.onAckRtt("RON0", 400 * MS, 100 * MS, 20 * MS);
            assertThat(source.grant()).as("damping %s", damping)
                    .isEqualTo(new RateGrant(damping ? 50_000 : 100_000, "RON0", false));
            assertThat(source.snapshot().receivers().get(0).lastFeedback()).containsEntry("dampingFactor", 0.5);
        }
    }

    @Test
    void shouldHalveOncePerReportTimeoutWhileEveryReceiverIsSilent() {
        SourceController source = source(); // cc.tfrc.report.timeout: 2 s
        source.onReceiverAdded("RON0", 0);
        ack(source, "RON0", 50 * MS, 100_000, 10 * MS);
        source.onTick(2_010 * MS); // the report is 2 s old: still fresh
        assertThat(source.grant()).isEqualTo(new RateGrant(100_000, "RON0", false));
        source.onTick(2_011 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(50_000, null, false));
        source.onTick(4_011 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(25_000, null, false));
        assertThat(source.snapshot().receivers().get(0).lastFeedback()).containsEntry("fresh", 0.0);
    }

    @Test
    void shouldIgnoreFeedbackOfAnotherScheme() {
        SourceController source = source();
        source.onReceiverAdded("RON0", 0);
        source.onAckRtt("RON0", 50 * MS, 50 * MS, 10 * MS);
        source.onFeedback("RON0", () -> Map.of("acceptableRateBytesPerSec", 1.0), 10 * MS);
        assertThat(source.grant()).isEqualTo(new RateGrant(INITIAL, null, true));
        assertThat(source.snapshot().receivers().get(0).lastFeedback()).doesNotContainKey("acceptableRateBytesPerSec");
    }

    @Test
    void shouldShowWhatItKnowsOfEveryReceiverInTheSnapshot() {
        SourceController source = source();
        source.onReceiverAdded("RON2", 0);
        source.onReceiverAdded("RON0", 0);
        papersAck(source, "RON0", 10 * MS);
        source.onTick(1_510 * MS);

        CcSnapshot snapshot = source.snapshot();
        assertThat(snapshot.controller()).isEqualTo("tfrc");
        assertThat(snapshot.congestionMeasure()).isEqualTo(TfrcReport.LOSS_EVENT_RATE);
        assertThat(snapshot.allowedRateBytesPerSec()).isEqualTo(bytesPerSec(0.80));
        assertThat(snapshot.limitingSite()).isEqualTo("RON0");
        assertThat(snapshot.receivers()).extracting(CcSnapshot.ReceiverState::site).containsExactly("RON0", "RON2");
        CcSnapshot.ReceiverState ron0 = snapshot.receivers().get(0);
        assertThat(ron0.rttNs()).isEqualTo(rttNs("RON0"));
        assertThat(ron0.congestion()).isEqualTo(LOSS_PERCENT.get("RON0") / 100);
        assertThat(ron0.lastFeedback()).containsEntry(TfrcReport.ACCEPTABLE_RATE, bytesPerSec(0.80))
                .containsEntry(TfrcReport.SEGMENT_BYTES, 1000.0).containsEntry("ageSec", 1.5)
                .containsEntry("fresh", 1.0).containsEntry("dampingFactor", 1.0);
        CcSnapshot.ReceiverState ron2 = snapshot.receivers().get(1);
        assertThat(ron2.rttNs()).as("not measured yet: the initial RTT").isEqualTo(CcSettings.DEFAULTS.initialRttNs());
        assertThat(ron2.congestion()).isNaN();
        assertThat(ron2.lastFeedback()).isEmpty();
    }
}
