package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.WireCost;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Sync;
import org.junit.jupiter.api.Test;

/**
 * A meta-flow no site receives ({@link MetaFlowSender#append} without receivers): its messages are numbered, told to
 * the controller and stable at once, as when it built and released a packet for each, but nothing is sent or kept;
 * a receiver added later starts after them and gets the next message, with its smoothed RTT, through the receivers
 * the flow reads in place ({@link ReceiverRtts}).
 */
class UnreceivedFlowTest {
    private static final long MS = 1_000_000L;
    private static final int FRAGMENT_BYTES = 1000;

    /** Everything the sender hands its driver, in order. */
    private static class Wire implements MetaFlowSender.Output {
        final List<String> events = new ArrayList<>();
        final List<Data> sent = new ArrayList<>();
        final List<Sync> syncs = new ArrayList<>();

        @Override
        public void transmit(String receiverSite, Data packet) {
            events.add("transmit " + receiverSite + " seq " + packet.seq() + " srtt " + packet.srttNs());
            sent.add(packet);
        }

        @Override
        public void sync(String receiverSite, Sync sync) {
            events.add("sync " + receiverSite + " from " + sync.startSeq());
            syncs.add(sync);
        }

        @Override
        public void stable(String group, String originMember, long originIncarnation, long memberSeq) {
            events.add("stable " + group + " " + originMember + "#" + originIncarnation + " " + memberSeq);
        }
    }

    @Test
    void messagesWithoutReceiversAreNumberedCountedAndStableAtOnceWithNothingSentOrKept() {
        List<String> counted = new ArrayList<>();
        MetaFlowSender sender = new MetaFlowSender("a", "g", 1, FlowSettings.defaults(5 * MS),
                (seq, wireBytes, nowNs) -> counted.add(seq + ":" + wireBytes));
        Wire wire = new Wire();

        long last1 = sender.append("m1", 7, 1, 0, new byte[10], FRAGMENT_BYTES, MS, wire);
        long last2 = sender.append("m1", 7, 2, 0, new byte[2500], FRAGMENT_BYTES, 2 * MS, wire); // three fragments
        long last3 = sender.append("m2", 3, 1, 0, new byte[0], FRAGMENT_BYTES, 3 * MS, wire);

        assertThat(List.of(last1, last2, last3)).containsExactly(1L, 4L, 5L);
        assertThat(sender.highestSeq()).isEqualTo(5);
        assertThat(counted).containsExactly(
                "1:" + WireCost.datagramBytes(10),
                "2:" + WireCost.datagramBytes(1000), "3:" + WireCost.datagramBytes(1000),
                "4:" + WireCost.datagramBytes(500),
                "5:" + WireCost.datagramBytes(0));
        assertThat(wire.events).containsExactly("stable g m1#7 1", "stable g m1#7 2", "stable g m2#3 1");
        assertThat(sender.bufferedPackets()).isZero();
        assertThat(sender.packetsSent()).isZero();
        assertThat(sender.hasReceivers()).isFalse();
    }

    @Test
    void aReceiverAddedLaterStartsAfterTheUnreceivedMessagesAndGetsTheNextWithItsRtt() {
        MetaFlowSender sender = new MetaFlowSender("a", "g", 1, FlowSettings.defaults(5 * MS));
        Wire wire = new Wire();
        sender.append("m1", 7, 1, 0, new byte[10], FRAGMENT_BYTES, MS, wire);
        sender.append("m1", 7, 2, 0, new byte[10], FRAGMENT_BYTES, 2 * MS, wire);

        sender.addReceiver("b", 3 * MS, wire);
        assertThat(sender.hasReceivers()).isTrue();
        assertThat(wire.syncs).hasSize(1);
        assertThat(wire.syncs.get(0).startSeq()).isEqualTo(3);

        sender.append("m1", 7, 3, 0, new byte[10], FRAGMENT_BYTES, 4 * MS, wire);
        assertThat(wire.sent).hasSize(1);
        Data packet = wire.sent.get(0);
        assertThat(packet.seq()).isEqualTo(3);
        assertThat(packet.memberSeq()).isEqualTo(3);
        assertThat(packet.srttNs()).isEqualTo(sender.smoothedRttNs("b"));
        assertThat(sender.bufferedPackets()).isEqualTo(1); // kept until b acknowledges it
        assertThat(wire.events).doesNotContain("stable g m1#7 3");

        sender.onAck("b", new Ack("a", "g", 1, 3, 0, 0, null), 5 * MS, wire);
        assertThat(wire.events).contains("stable g m1#7 3");
        assertThat(sender.bufferedPackets()).isZero();
    }

    @Test
    void aFlowWhoseLastReceiverLeftIsUnreceivedAgainAndReleasesWhatItKept() {
        MetaFlowSender sender = new MetaFlowSender("a", "g", 1, FlowSettings.defaults(5 * MS));
        Wire wire = new Wire();
        sender.addReceiver("b", 0, wire);
        sender.append("m1", 7, 1, 0, new byte[10], FRAGMENT_BYTES, MS, wire);
        assertThat(sender.bufferedPackets()).isEqualTo(1);

        sender.removeReceiver("b", wire);
        sender.append("m1", 7, 2, 0, new byte[10], FRAGMENT_BYTES, 2 * MS, wire);

        assertThat(wire.events).containsSubsequence("stable g m1#7 1", "stable g m1#7 2");
        assertThat(wire.sent).hasSize(1); // only the first message went out
        assertThat(sender.bufferedPackets()).isZero();
        assertThat(sender.highestSeq()).isEqualTo(2);
    }

    @Test
    void receiversAreReadInTheOrderTheyJoinedWithTheirSmoothedRtts() {
        MetaFlowSender sender = new MetaFlowSender("a", "g", 1, FlowSettings.defaults(5 * MS));
        Wire wire = new Wire();
        sender.addReceiver("c", 0, wire);
        sender.addReceiver("b", 0, wire);
        List<String> seen = new ArrayList<>();
        Wire reading = new Wire() {
            @Override
            public void multicast(Data packet, ReceiverRtts receiverSrttNs) {
                receiverSrttNs.forEach((site, srttNs) -> seen.add(site + "=" + srttNs));
            }
        };
        sender.append("m1", 7, 1, 0, new byte[10], FRAGMENT_BYTES, MS, reading);

        assertThat(seen).containsExactly("c=" + sender.smoothedRttNs("c"), "b=" + sender.smoothedRttNs("b"));
        assertThat(sender.packetsSent()).isEqualTo(2);
    }
}
