package org.gcs.cc.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.ControlBlockCodec;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.DemandReport;
import org.gcs.cc.api.DirectedEdge;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.Grant;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.PriceGrant;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.RateShare;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.api.SenderGrant;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.junit.jupiter.api.Test;

/**
 * What every congestion controller must do whatever its algorithm (spec §6.4): grants are usable (a rate never
 * negative or NaN, a price positive and finite) and of the kind the scheme declares, feedback from sites that are not
 * receivers is ignored, snapshots are immutable, the same calls give the same results, calls after a receiver left
 * are harmless, a wire tag goes with a codec, and its blocks survive the codec. A scheme's test extends this class
 * and says how to make its feedback and headers; {@code DefaultsContractTest} runs a scheme that keeps every default.
 *
 * <p>The scenario is a scripted, pseudo-random run: a source with three receiving sites (one leaves and comes back),
 * monitors that see first transmissions with gaps, and the monitors' feedback fed back to the source through the
 * scheme's codec, on ticks of 5 ms for 20 s. The source also learns its tree and pseudo-random link prices (price-based
 * schemes use them; rate-based ones ignore them).
 */
abstract class ControllerContract {
    static final long MS = 1_000_000L;
    static final CcSettings SETTINGS = new CcSettings(128 * 1024, 2 * 1024, 64 * 1024, 300 * MS, Map.of());
    private static final List<String> SITES = List.of("b", "c", "d");

    /** @return the scheme under test, built from {@link #SETTINGS} */
    abstract CongestionControl control();

    /** @return a header the scheme's monitors accept (from the scheme's own source), or null if it has none */
    ControlHeader header(SourceController source, long nowNs) {
        return source.header(nowNs);
    }

    /** @return what the scheme's sending delegate tells a member, for the admission (a rate share by default) */
    SenderGrant senderGrant() {
        return new RateShare(10_000);
    }

    /**
     * Every grant must be usable: a rate is not negative or NaN; a price and its salary are positive and finite.
     *
     * @param grant the grant
     * @param what what to call it in a failure
     */
    static void assertUsable(Grant grant, String what) {
        if (grant instanceof RateGrant rate) {
            assertThat(rate.aggregateBytesPerSec()).as(what).isNotNaN().isNotNegative();
        } else if (grant instanceof PriceGrant price) {
            assertThat(price.dollarsPerPacket()).as(what).isPositive().isFinite();
            assertThat(price.salaryDollars()).as(what).isPositive().isFinite();
        } else {
            fail("%s: no grant of a known kind: %s", what, grant);
        }
    }

    private static List<DirectedEdge> tree(List<String> receivers) {
        List<DirectedEdge> edges = new ArrayList<>();
        for (String site : receivers) {
            edges.add(new DirectedEdge("a", site));
        }
        return edges;
    }

    /** One scripted run; returns a trace of everything observable. */
    private List<String> run(long seed) {
        CongestionControl control = control();
        ControlBlockCodec codec = control.blockCodec();
        SplittableRandom random = new SplittableRandom(seed);
        SplittableRandom prices = new SplittableRandom(seed + 1); // its own, so as not to move the losses
        SourceController source = control.newSource(new SourceContext("a", "g", 7, seed));
        List<ReceiverMonitor> monitors = new ArrayList<>();
        for (String site : SITES) {
            monitors.add(control.newMonitor(new MonitorContext(site, "a", "g", 7, seed + site.hashCode())));
        }
        List<String> trace = new ArrayList<>();
        long now = 0;
        long seq = 0;
        long[] next = new long[SITES.size()];
        for (String site : SITES) {
            source.onReceiverAdded(site, now);
        }
        source.onTree(tree(SITES), now);
        for (int tick = 0; tick < 4000; tick++) {
            now += 5 * MS;
            if (tick == 1000) {
                source.onReceiverRemoved("d", now);
                source.onTree(tree(List.of("b", "c")), now);
                trace.add("removed d");
            }
            if (tick == 2000) {
                source.onReceiverAdded("d", now);
                source.onTree(tree(SITES), now);
            }
            if (tick % 10 == 0) { // a link price: a tree link, its reverse, or a link elsewhere; 0 now and then
                String site = SITES.get(prices.nextInt(SITES.size()));
                DirectedEdge edge = switch (prices.nextInt(3)) {
                    case 0 -> new DirectedEdge("a", site);
                    case 1 -> new DirectedEdge(site, "a");
                    default -> new DirectedEdge(site, "e");
                };
                double cost = prices.nextInt(4) == 0 ? 0 : prices.nextDouble(0, 30);
                source.onLinkCost(edge, cost, now);
            }
            for (int i = 0; i < 3; i++) {
                seq++;
                source.onFirstTransmission(seq, 1120, now);
                ControlHeader header = header(source, now);
                if (header != null) {
                    header = codec.decodeHeader(codec.encodeHeader(header));
                }
                for (int r = 0; r < monitors.size(); r++) {
                    if (random.nextDouble() < 0.03 * (r + 1)) {
                        continue; // lost on the way to this site
                    }
                    ReceiverMonitor monitor = monitors.get(r);
                    if (header != null) {
                        monitor.onHeader(header, now);
                    }
                    monitor.onSenderRtt(40 * MS + 20 * MS * r, now);
                    monitor.onFirstTransmission(seq, now - 20 * MS, 1120, now);
                    next[r] = seq + 1;
                }
            }
            for (int r = 0; r < monitors.size(); r++) {
                ReceiverMonitor monitor = monitors.get(r);
                String site = SITES.get(r);
                long rttNs = 40 * MS + 20 * MS * r;
                if (tick % 2 == 0 || monitor.ackUrgent()) {
                    Feedback onAck = monitor.onAck(now);
                    source.onAckRtt(site, rttNs, rttNs, now);
                    if (onAck != null) {
                        source.onFeedback(site, codec.decodeFeedback(codec.encodeFeedback(onAck)), now);
                        trace.add(now + " ack " + site + " " + onAck.fields());
                    }
                }
                if (monitor.nextFeedbackDueNs() <= now) {
                    Feedback own = monitor.pollFeedback(now);
                    if (own != null) {
                        source.onFeedback(site, codec.decodeFeedback(codec.encodeFeedback(own)), now + rttNs / 2);
                        trace.add(now + " feedback " + site + " " + own.fields());
                    }
                }
            }
            source.onTick(now);
            Grant grant = source.grant();
            assertUsable(grant, "grant at " + now / MS + " ms");
            assertThat(control.grantKind().matches(grant)).as("grant at %d ms is a %s grant: %s", now / MS,
                    control.grantKind(), grant).isTrue();
            trace.add(now + " grant " + grant);
        }
        CcSnapshot snapshot = source.snapshot();
        trace.add("snapshot " + snapshot);
        for (ReceiverMonitor monitor : monitors) {
            trace.add("monitor " + monitor.snapshot());
        }
        return trace;
    }

    @Test
    void shouldGiveTheSameResultsForTheSameCalls() {
        assertThat(run(11)).isEqualTo(run(11));
    }

    @Test
    void shouldNeverGrantANegativeOrNaNRate() {
        for (long seed = 1; seed <= 5; seed++) {
            run(seed); // asserts every grant
        }
    }

    @Test
    void shouldIgnoreFeedbackFromSitesThatAreNotReceivers() {
        SourceController source = control().newSource(new SourceContext("a", "g", 1, 1));
        source.onReceiverAdded("b", 0);
        source.onTick(10 * MS);
        String before = source.grant() + " " + source.snapshot();
        for (Feedback feedback : sampleFeedback()) {
            assertThatCode(() -> {
                source.onAckRtt("stranger", 50 * MS, 50 * MS, 20 * MS);
                source.onFeedback("stranger", feedback, 20 * MS);
                source.onAckRtt("b", -1, -1, 20 * MS);
            }).doesNotThrowAnyException();
        }
        assertThat(source.snapshot().receivers()).extracting(CcSnapshot.ReceiverState::site).containsExactly("b");
        assertThat(source.grant() + " " + source.snapshot()).isEqualTo(before);
    }

    @Test
    void shouldBeHarmlessToCallAfterAReceiverLeft() {
        SourceController source = control().newSource(new SourceContext("a", "g", 1, 1));
        source.onReceiverAdded("b", 0);
        source.onReceiverAdded("c", 0);
        source.onReceiverRemoved("c", 5 * MS);
        source.onReceiverRemoved("c", 6 * MS);
        assertThatCode(() -> {
            for (Feedback feedback : sampleFeedback()) {
                source.onAckRtt("c", 30 * MS, 30 * MS, 10 * MS);
                source.onFeedback("c", feedback, 10 * MS);
            }
            source.onTick(20 * MS);
        }).doesNotThrowAnyException();
        assertThat(source.snapshot().receivers()).extracting(CcSnapshot.ReceiverState::site).containsExactly("b");
        assertUsable(source.grant(), "grant after c left");
    }

    @Test
    void shouldGiveImmutableSnapshots() {
        SourceController source = control().newSource(new SourceContext("a", "g", 1, 1));
        source.onReceiverAdded("b", 0);
        for (Feedback feedback : sampleFeedback()) {
            source.onAckRtt("b", 30 * MS, 30 * MS, 10 * MS);
            source.onFeedback("b", feedback, 10 * MS);
        }
        CcSnapshot snapshot = source.snapshot();
        assertThat(snapshot.controller()).isEqualTo(control().name());
        assertThatThrownBy(() -> snapshot.receivers().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> snapshot.extras().put("x", 1.0)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> snapshot.receivers().get(0).lastFeedback().put("x", 1.0))
                .isInstanceOf(UnsupportedOperationException.class);
        source.onTick(1_000 * MS);
        assertThat(source.snapshot()).isNotSameAs(snapshot);
        ReceiverMonitor monitor = control().newMonitor(new MonitorContext("b", "a", "g", 1, 1));
        assertThatThrownBy(() -> monitor.snapshot().values().put("x", 1.0))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void shouldPairItsWireTagWithItsCodec() {
        CongestionControl control = control();
        assertThat(control.wireTag()).as("wire tag").isBetween(0, 255);
        if (control.wireTag() == 0) {
            assertThat(control.blockCodec()).as("a scheme without a tag puts nothing on the wire")
                    .isSameAs(ControlBlockCodec.NONE);
        } else {
            assertThat(control.blockCodec()).as("a scheme with a tag has a codec").isNotSameAs(ControlBlockCodec.NONE);
        }
        assertThat(control.blockCodec().maxHeaderBytes()).isBetween(0, ControlBlockCodec.MAX_BODY_BYTES);
    }

    @Test
    void shouldAdmitAndReportSanely() {
        SenderAdmission admission = control().newAdmission(new AdmissionContext("a1", "g", 0));
        long now = 0;
        int admitted = 0;
        for (int i = 0; i < 400; i++) {
            now += 5 * MS;
            admission.onQueued(1120, now);
            if (admission.tryAdmit(1120, now)) {
                admitted++;
            } else {
                assertThat(admission.nanosUntilAdmissible(1120, now)).isPositive();
            }
            DemandReport report = admission.dueReport(now, true, true);
            if (report != null) {
                assertThat(report.requestBytesPerSec()).isNotNegative();
            }
            if (i == 200) {
                admission.onGrant(senderGrant(), now);
            }
        }
        assertThat(admitted).isPositive();
    }

    @Test
    void shouldReportNothingBeforeItsNextCheckWhileTheMemberIsQuiet() {
        SenderAdmission admission = control().newAdmission(new AdmissionContext("a1", "g", 0));
        admission.onGrant(senderGrant(), 0);
        long now = 0;
        for (int i = 0; i < 200; i++) { // a second of sending
            now += 5 * MS;
            admission.onQueued(1120, now);
            admission.tryAdmit(1120, now);
            admission.dueReport(now, false, true);
        }
        for (int i = 0; i < 2_000; i++) { // then ten quiet seconds, asked only when the admission says
            now += 5 * MS;
            if (now < admission.nextReportCheckNs()) {
                assertThat(admission.dueReport(now, false, false)).as("a report before the next check, at %d ns", now)
                        .isNull();
            } else {
                admission.dueReport(now, false, false);
                assertThat(admission.nextReportCheckNs()).as("the next check is later").isGreaterThan(now);
            }
        }
    }

    /** @return one instance of every feedback type of the scheme (empty if it has none) */
    List<Feedback> sampleFeedback() {
        List<Feedback> samples = new ArrayList<>();
        CongestionControl control = control();
        SourceController source = control.newSource(new SourceContext("a", "g", 1, 1));
        source.onReceiverAdded("b", 0);
        ReceiverMonitor monitor = control.newMonitor(new MonitorContext("b", "a", "g", 1, 1));
        long now = 0;
        for (long seq = 1; seq <= 200; seq++) {
            now += 2 * MS;
            ControlHeader header = header(source, now);
            if (header != null) {
                monitor.onHeader(header, now);
            }
            if (seq % 20 != 0) {
                monitor.onFirstTransmission(seq, now, 1120, now);
            }
            Feedback onAck = monitor.onAck(now);
            if (onAck != null) {
                samples.add(onAck);
            }
            if (monitor.nextFeedbackDueNs() <= now + 1_000 * MS) {
                Feedback own = monitor.pollFeedback(now + 1_000 * MS);
                if (own != null) {
                    samples.add(own);
                }
            }
        }
        return samples;
    }
}
