package org.gcs.cc.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.ControlBlockCodec;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.DirectedEdge;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.Grant;
import org.gcs.cc.api.GrantKind;
import org.gcs.cc.api.LinkContext;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.MonitorSnapshot;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.RateShare;
import org.gcs.cc.api.ReceiverMonitor;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.api.SenderGrant;
import org.gcs.cc.api.SourceContext;
import org.gcs.cc.api.SourceController;
import org.gcs.cc.tfrc.TfrcReport;
import org.junit.jupiter.api.Test;

/**
 * A scheme that implements only the abstract methods of the contract meets it: the defaults are a scheme that puts
 * nothing on the wire, ignores what it does not use, sends no feedback and reports no demand. The scheme here grants
 * a fixed rate per receiving site, remembers when each joined, and admits everything unless granted nothing.
 */
class DefaultsContractTest extends ControllerContract {
    /** The least a scheme can be. */
    private static final class Minimal implements CongestionControl {
        @Override
        public String name() {
            return "minimal";
        }

        @Override
        public SourceController newSource(SourceContext context) {
            return new SourceController() {
                private final Map<String, Long> joinedNs = new TreeMap<>();

                @Override
                public void onReceiverAdded(String site, long nowNs) {
                    joinedNs.putIfAbsent(site, nowNs);
                }

                @Override
                public void onReceiverRemoved(String site, long nowNs) {
                    joinedNs.remove(site);
                }

                @Override
                public Grant grant() {
                    return new RateGrant(10_000.0 * joinedNs.size(), null, false);
                }

                @Override
                public CcSnapshot snapshot() {
                    List<CcSnapshot.ReceiverState> states = new ArrayList<>();
                    joinedNs.forEach((site, atNs) -> states.add(new CcSnapshot.ReceiverState(site, 0, Double.NaN,
                            Map.of("joinedSec", atNs / 1e9))));
                    return new CcSnapshot(name(), 10_000.0 * joinedNs.size(), null, false, "", states, Map.of());
                }
            };
        }

        @Override
        public ReceiverMonitor newMonitor(MonitorContext context) {
            return new ReceiverMonitor() {
                private long packets;

                @Override
                public void onFirstTransmission(long seq, long sendTimeNs, int wireBytes, long nowNs) {
                    packets++;
                }

                @Override
                public MonitorSnapshot snapshot() {
                    return new MonitorSnapshot(name(), Map.of("packets", (double) packets));
                }
            };
        }

        @Override
        public SenderAdmission newAdmission(AdmissionContext context) {
            return new SenderAdmission() {
                private boolean stopped; // granted nothing

                @Override
                public boolean tryAdmit(long wireBytes, long nowNs) {
                    return !stopped;
                }

                @Override
                public long nanosUntilAdmissible(long wireBytes, long nowNs) {
                    return stopped ? Long.MAX_VALUE : 0;
                }

                @Override
                public void onGrant(SenderGrant grant, long nowNs) {
                    stopped = grant instanceof RateShare share && share.bytesPerSec() == 0;
                }
            };
        }
    }

    @Override
    CongestionControl control() {
        return new Minimal();
    }

    @Test
    void shouldPutNothingOnTheWirePriceNoLinksAndGrantRatesByDefault() {
        CongestionControl control = control();
        assertThat(control.wireTag()).isZero();
        assertThat(control.blockCodec()).isSameAs(ControlBlockCodec.NONE);
        assertThat(control.pricesLinks()).isFalse();
        assertThat(control.grantKind()).isEqualTo(GrantKind.RATE);
        assertThat(control.newLinkPricer(new LinkContext(new DirectedEdge("a", "b"), 0))).isNull();
    }

    @Test
    void shouldSendNoHeaderAndIgnoreWhatItDoesNotUseByDefault() {
        SourceController source = control().newSource(new SourceContext("a", "g", 1, 1));
        source.onReceiverAdded("b", 0);
        String before = source.grant() + " " + source.snapshot();
        source.onFirstTransmission(1, 1120, MS);
        source.onAckRtt("b", 30 * MS, 30 * MS, 2 * MS);
        source.onFeedback("b", new TfrcReport(1, 1, 0.5, 1000), 3 * MS);
        source.onTree(List.of(new DirectedEdge("a", "b")), 4 * MS);
        source.onLinkCost(new DirectedEdge("a", "b"), 5, 5 * MS);
        source.onTick(6 * MS);
        assertThat(source.header(7 * MS)).isNull();
        assertThat(source.grant() + " " + source.snapshot()).isEqualTo(before);
    }

    @Test
    void shouldSendNoFeedbackByDefault() {
        ReceiverMonitor monitor = control().newMonitor(new MonitorContext("b", "a", "g", 1, 1));
        monitor.onSenderRtt(30 * MS, 0);
        monitor.onFirstTransmission(1, 0, 1120, MS);
        monitor.onFirstTransmission(5, 0, 1120, 2 * MS); // a gap: still nothing urgent
        assertThat(monitor.ackUrgent()).isFalse();
        assertThat(monitor.onAck(3 * MS)).isNull();
        assertThat(monitor.nextFeedbackDueNs()).isEqualTo(Long.MAX_VALUE);
        assertThat(monitor.pollFeedback(Long.MAX_VALUE)).isNull();
        assertThat(monitor.snapshot().value("packets")).isEqualTo(2);
    }

    @Test
    void shouldReportNoDemandAndNoStateByDefault() {
        SenderAdmission admission = control().newAdmission(new AdmissionContext("a1", "g", 0));
        admission.onQueued(1120, 0);
        assertThat(admission.dueReport(10_000 * MS, true, true)).isNull();
        assertThat(admission.state()).isEmpty();
    }

    @Test
    void shouldRejectHeadersInACodecThatDefinesNone() {
        for (ControlBlockCodec codec : List.of(ControlBlockCodec.NONE, TICKS)) {
            assertThat(codec.maxHeaderBytes()).isZero();
            assertThatThrownBy(() -> codec.encodeHeader(new ControlHeader() {
            })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no header");
            assertThatThrownBy(() -> codec.decodeHeader(new byte[0]))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no header");
        }
        assertThatThrownBy(() -> ControlBlockCodec.NONE.decodeFeedback(new byte[1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no feedback");
    }

    /** Feedback of a codec built with {@link ControlBlockCodec#ofFeedback}: a count in one byte. */
    private record Ticks(int count) implements Feedback {
        @Override
        public Map<String, Double> fields() {
            return Map.of("ticks", (double) count);
        }
    }

    private static final ControlBlockCodec TICKS = ControlBlockCodec.ofFeedback(Ticks.class,
            ticks -> new byte[] {(byte) ticks.count()}, body -> {
                if (body.length != 1) {
                    throw new IllegalArgumentException("one byte, got " + body.length);
                }
                return new Ticks(body[0] & 0xff);
            });

    @Test
    void shouldEncodeOneFeedbackTypeAndRejectOthersInACodecOfFeedback() {
        assertThat(TICKS.encodeFeedback(new Ticks(200))).containsExactly((byte) 200);
        assertThat(TICKS.decodeFeedback(new byte[] {(byte) 200})).isEqualTo(new Ticks(200));
        assertThatThrownBy(() -> TICKS.encodeFeedback(new TfrcReport(1, 1, 0.5, 1000)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a Ticks: TfrcReport[");
        assertThatThrownBy(() -> TICKS.decodeFeedback(new byte[2]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one byte, got 2");
    }
}
