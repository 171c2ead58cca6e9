package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.GrantKind;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.costbenefit.CostBenefitControl;
import org.gcs.cc.tfrc.TfrcControl;
import org.gcs.cc.tfrc.TfrcReport;
import org.gcs.internal.flow.ControlBlocks;
import org.gcs.internal.flow.FlowSettings;
import org.gcs.internal.flow.MetaFlowSender;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.PacketPrice;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;
import org.junit.jupiter.api.Test;
import org.gcs.TransportSettings;
import java.time.Duration;
import org.gcs.FlowLimits;
import org.gcs.OverlaySettings;
import org.gcs.ProtocolTimers;

class OutgoingGroupTest {
    private static final long MS = 1_000_000L;

    private final List<Data> sent = new ArrayList<>();
    private final MetaFlowSender.Output out = new MetaFlowSender.Output() {
        @Override
        public void transmit(String receiverSite, Data packet) {
            sent.add(packet);
        }

        @Override
        public void sync(String receiverSite, Sync sync) {
        }

        @Override
        public void stable(String group, String originMember, long originIncarnation, long memberSeq) {
        }
    };

    private static final TfrcControl TFRC = new TfrcControl(new CcSettings(100_000, 2_000, 64 * 1024, 300 * MS,
            java.util.Map.of()));
    private final ControlBlocks blocks = blocksOf(TFRC);

    private static EngineSettings settings() {
        return settings(TFRC);
    }

    private static EngineSettings settings(CongestionControl control) {
        return new EngineSettings("a", "a1", 1, true,
                new ProtocolTimers(Duration.ofMillis(200), Duration.ofSeconds(5), Duration.ofMillis(5)), 1400,
                FlowLimits.DEFAULTS.withSendWindowBytes(1 << 20), FlowSettings.defaults(5 * MS), List.of(), null,
                OverlaySettings.DEFAULTS.withTreeRefreshInterval(Duration.ofSeconds(10)), control, 1,
                TransportSettings.END_TO_END);
    }

    private static ControlBlocks blocksOf(CongestionControl control) {
        return new ControlBlocks(control, reason -> {
            throw new AssertionError("block dropped: " + reason);
        });
    }

    private Ack ackWithReport() {
        return new Ack("a", "g", 1, 0, 0, 0, blocks.encodeFeedback(new TfrcReport(50_000, 40_000, 0.02, 1120)));
    }

    private static String limiting(OutgoingGroup group) {
        return ((RateGrant) group.controller.grant()).limitingSite();
    }

    @Test
    void shouldIgnoreTheRateReportOfASiteThatIsNoLongerAReceiver() {
        OutgoingGroup group = new OutgoingGroup(settings(), "g", 1, blocks);
        group.addReceiver("b", 0, out);
        group.addReceiver("c", 0, out);
        group.removeReceiver("c", 0, out); // c timed out; its acks still arrive for a while

        Ack late = ackWithReport();

        assertThatCode(() -> group.onAck("c", late, 10 * MS, out)).doesNotThrowAnyException();
        assertThat(group.receiverSites()).containsExactly("b");
        assertThat(limiting(group)).isNull();
    }

    @Test
    void shouldTakeTheRateReportOfAReceiver() {
        OutgoingGroup group = new OutgoingGroup(settings(), "g", 1, blocks);
        group.addReceiver("b", 0, out);

        group.onAck("b", ackWithReport(), 10 * MS, out);

        assertThat(limiting(group)).isEqualTo("b");
        assertThat(group.status().controller()).isEqualTo("tfrc");
        assertThat(group.status().receivers().get(0).feedback(TfrcReport.ACCEPTABLE_RATE)).isEqualTo(50_000);
    }

    @Test
    void shouldShareTheRateOfARateBasedControllerAmongTheSenders() {
        OutgoingGroup group = new OutgoingGroup(settings(), "g", 1, blocks);
        group.onDemand(new Demand("a1", 1, "g", 10_000, false), 0);

        Optional<LanMessage> due = group.onTick(3, 5 * MS, out);

        assertThat(due).get().isInstanceOfSatisfying(LanMessage.Grant.class, grant -> {
            assertThat(grant.delegateTerm()).isEqualTo(3);
            assertThat(grant.allowedRateBytesPerSec()).isEqualTo(Long.MAX_VALUE); // no receiving site yet
            assertThat(grant.shares()).singleElement().satisfies(share -> assertThat(share.member()).isEqualTo("a1"));
        });
        assertThat(group.status().senders()).singleElement()
                .satisfies(sender -> assertThat(sender.demandBytesPerSec()).isEqualTo(10_000));
    }

    /**
     * Repairs come out of the rate the senders share: after a NAK of 10 packets from the limiting site, the grant is
     * the controller's rate less the repairs' rate (their bytes over the receiver's smoothed RTT), and once the
     * repairs are a few RTTs old the senders have the whole rate again.
     */
    @Test
    void shouldTakeTheRepairsOutOfTheRateTheSendersShare() {
        OutgoingGroup group = sendingTo(20, "b");
        report(group, "b", 500_000, 10 * MS);
        sent.clear();
        group.onNak("b", new Nak("a", "g", 1, new long[] {1, 10}), 10 * MS, out);
        assertThat(sent).hasSize(10).allMatch(Data::retransmit);

        double repairBytes = sent.stream().mapToInt(d -> org.gcs.WireCost.datagramBytes(d.payload().length)).sum();
        double expected = 500_000 - repairBytes * 1e9 / FlowSettings.defaults(5 * MS).initialRttNs();
        assertThat(grantedRate(group.onTick(1, 10 * MS, out))).isCloseTo(expected, within(1_000.0));
        report(group, "b", 500_000, 3_000 * MS);
        assertThat(grantedRate(group.onTick(1, 3_000 * MS, out))).isCloseTo(500_000, within(500.0));
    }

    /** Repairs never take more than all but {@link OutgoingGroup#LEAST_DATA_SHARE} of the rate. */
    @Test
    void shouldLeaveTheSendersALeastShareWhateverTheRepairs() {
        OutgoingGroup group = sendingTo(200, "b");
        report(group, "b", 50_000, 10 * MS);
        group.onNak("b", new Nak("a", "g", 1, new long[] {1, 200}), 10 * MS, out);

        assertThat(grantedRate(group.onTick(1, 10 * MS, out))).isEqualTo(OutgoingGroup.LEAST_DATA_SHARE * 50_000);
    }

    /** Repairs to a site that does not limit the rate cross a path with room to spare: the senders keep the rate. */
    @Test
    void shouldLeaveRepairsToASiteThatDoesNotLimitTheRateOutOfTheSendersShare() {
        OutgoingGroup group = sendingTo(20, "b", "c");
        report(group, "b", 500_000, 10 * MS);
        report(group, "c", 900_000, 10 * MS);
        group.onNak("c", new Nak("a", "g", 1, new long[] {1, 10}), 10 * MS, out);

        assertThat(limiting(group)).isEqualTo("b");
        assertThat(grantedRate(group.onTick(1, 10 * MS, out))).isEqualTo(500_000);
    }

    /** A group whose sites are synced at time 0, one sender asking for 10 MB/s and {@code packets} sent at 1 ms. */
    private OutgoingGroup sendingTo(int packets, String... sites) {
        OutgoingGroup group = new OutgoingGroup(settings(), "g", 1, blocks);
        for (String site : sites) {
            group.addReceiver(site, 0, out);
            group.onAck(site, new Ack("a", "g", 1, 0, 0, 0), 0, out); // synced at the start
        }
        group.onDemand(new Demand("a1", 1, "g", 10_000_000, false), 0);
        for (int i = 1; i <= packets; i++) {
            group.append("a1", 1, i, 0, new byte[1000], 1400, MS, out);
        }
        return group;
    }

    /** A site's TFRC report with an acceptable rate (and a receive rate of 80 % of it). */
    private void report(OutgoingGroup group, String site, double acceptableBytesPerSec, long nowNs) {
        TfrcReport report = new TfrcReport(acceptableBytesPerSec, 0.8 * acceptableBytesPerSec, 0.02, 1120);
        group.onAck(site, new Ack("a", "g", 1, 0, 0, 0, blocks.encodeFeedback(report)), nowNs, out);
    }

    private static double grantedRate(Optional<LanMessage> due) {
        assertThat(due).get().isInstanceOf(LanMessage.Grant.class);
        LanMessage.Grant grant = (LanMessage.Grant) due.orElseThrow();
        return grant.shares().stream().mapToLong(LanMessage.Share::rateBytesPerSec).sum();
    }

    @Test
    void shouldPublishThePriceOfAPriceBasedController() {
        CostBenefitControl costBenefit = new CostBenefitControl();
        OutgoingGroup group = new OutgoingGroup(settings(costBenefit), "g", 1, blocksOf(costBenefit));

        Optional<LanMessage> due = group.onTick(3, 5 * MS, out);

        assertThat(due).get().isInstanceOfSatisfying(PacketPrice.class, price -> {
            assertThat(price.delegateTerm()).isEqualTo(3);
            assertThat(price.group()).isEqualTo("g");
            assertThat(price.priceMicroDollars()).isPositive();
        });
    }

    @Test
    void shouldFailLoudlyWhenTheControllerGrantsAnotherKindThanItDeclares() {
        CongestionControl liar = GrantPolicyTest.declaring(GrantKind.PRICE, new RateGrant(10_000, null, false));
        OutgoingGroup group = new OutgoingGroup(settings(liar), "g", 1, blocksOf(liar));

        assertThatThrownBy(() -> group.onTick(3, 5 * MS, out)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("congestion control 'liar' declares PRICE grants");
    }
}
