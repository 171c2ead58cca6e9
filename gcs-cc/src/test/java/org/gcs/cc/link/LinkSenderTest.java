package org.gcs.cc.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinkSenderTest {
    private static final long MS = 1_000_000L;
    private static final long[] NO_SACK = {};

    private static LinkSender<Integer> senderWith(int bOut, int bIn, int packets) {
        LinkSender<Integer> sender = new LinkSender<>(LinkSettings.DEFAULTS.withBuffers(bOut, bIn));
        for (int i = 1; i <= packets; i++) {
            assertThat(sender.offer(i)).isTrue();
        }
        return sender;
    }

    private static List<Long> poll(LinkSender<Integer> sender, long nowNs) {
        List<LinkData<Integer>> out = new ArrayList<>();
        sender.poll(nowNs, out);
        return out.stream().map(LinkData::seq).toList();
    }

    private static LinkAck ack(long cumulative, long windowEnd, long... sack) {
        return new LinkAck(cumulative, windowEnd, sack);
    }

    @Test
    void shouldStartWithTwoPacketsAndDoublePerRoundInSlowStart() {
        LinkSender<Integer> sender = senderWith(50, 50, 20);
        assertThat(poll(sender, 0)).containsExactly(1L, 2L);
        assertThat(sender.onAck(ack(2, 52), 100 * MS)).isTrue();
        assertThat(sender.windowPackets()).isEqualTo(4);
        assertThat(poll(sender, 100 * MS)).containsExactly(3L, 4L, 5L, 6L);
        assertThat(sender.smoothedRttNs()).isEqualTo(100 * MS);
    }

    @Test
    void shouldAddOnePacketPerWindowInCongestionAvoidance() {
        LinkSettings settings = new LinkSettings(50, 50, OutputSlots.UNACKED, 4, 4, 0, 3, 100 * MS, 200 * MS,
                60_000 * MS, 0, 2);
        LinkSender<Integer> sender = new LinkSender<>(settings);
        for (int i = 1; i <= 20; i++) {
            sender.offer(i);
        }
        assertThat(poll(sender, 0)).hasSize(4);
        for (int seq = 1; seq <= 4; seq++) {
            sender.onAck(ack(seq, seq + 50), MS * seq);
        }
        assertThat(sender.windowPackets()).isCloseTo(4 + 1 / 4.0 + 1 / 4.25 + 1 / 4.485 + 1 / 4.708,
                org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void shouldRetransmitTheHoleBelowThreeSackedPacketsAndHalveTheWindowOnce() {
        LinkSender<Integer> sender = senderWith(50, 50, 20);
        poll(sender, 0);
        sender.onAck(ack(2, 52), 10 * MS);
        assertThat(poll(sender, 10 * MS)).containsExactly(3L, 4L, 5L, 6L); // cwnd 4
        sender.onAck(ack(2, 52, 4, 4), 20 * MS);
        sender.onAck(ack(2, 52, 4, 5), 21 * MS);
        assertThat(sender.recoveries()).isZero();
        sender.onAck(ack(2, 52, 4, 6), 22 * MS); // three SACKed above 3
        assertThat(sender.recoveries()).isEqualTo(1);
        assertThat(sender.windowPackets()).isEqualTo(2);
        assertThat(sender.ssthreshPackets()).isEqualTo(2);
        assertThat(poll(sender, 22 * MS)).containsExactly(3L, 7L); // the hole first, then one new packet
        assertThat(sender.retransmissions()).isEqualTo(1);
        sender.onAck(ack(7, 57), 30 * MS); // end of recovery: everything sent so far acknowledged
        assertThat(sender.windowPackets()).isEqualTo(2);
        assertThat(sender.recoveries()).isEqualTo(1);
    }

    @Test
    void shouldNotDeclareARetransmissionLostAgainOnLateSacksOfPacketsSentBeforeIt() {
        LinkSender<Integer> sender = senderWith(100, 100, 60);
        poll(sender, 0);
        sender.onAck(ack(2, 102), 10 * MS);
        poll(sender, 10 * MS); // 3..6
        sender.onAck(ack(4, 104), 20 * MS);
        sender.onAck(ack(6, 106), 21 * MS);
        List<Long> flight = poll(sender, 21 * MS); // slow start: 7..14
        assertThat(flight).containsExactly(7L, 8L, 9L, 10L, 11L, 12L, 13L, 14L);
        // 7 is dropped; 8..10 arrive: 7 is lost and sent again
        sender.onAck(ack(6, 106, 8, 10), 30 * MS);
        assertThat(poll(sender, 30 * MS)).startsWith(7L);
        assertThat(sender.retransmissions()).isEqualTo(1);
        // 11..14, sent before the copy of 7, arrive late through the queue: no evidence against the copy
        for (long top = 11; top <= 14; top++) {
            sender.onAck(ack(6, 106, 8, top), (30 + top) * MS);
            poll(sender, (30 + top) * MS);
        }
        assertThat(sender.retransmissions()).isEqualTo(1);
        sender.checkCounters();
    }

    @Test
    void shouldDeclareARetransmissionLostOnceThreePacketsSentAfterItAreSacked() {
        LinkSender<Integer> sender = senderWith(100, 100, 60);
        poll(sender, 0);
        sender.onAck(ack(2, 102), 10 * MS);
        poll(sender, 10 * MS); // 3..6
        sender.onAck(ack(2, 102, 4, 6), 20 * MS); // 3 lost: cwnd 2
        assertThat(poll(sender, 20 * MS)).containsExactly(3L, 7L); // the copy of 3, then 7
        sender.onAck(ack(2, 102, 4, 7), 30 * MS); // the copy is dropped too; 7, sent after it, arrives
        assertThat(poll(sender, 30 * MS)).containsExactly(8L);
        sender.onAck(ack(2, 102, 4, 8), 31 * MS);
        assertThat(poll(sender, 31 * MS)).containsExactly(9L);
        assertThat(sender.retransmissions()).isEqualTo(1); // only two packets sent after the copy are SACKed
        sender.onAck(ack(2, 102, 4, 9), 32 * MS); // the third
        assertThat(poll(sender, 32 * MS)).startsWith(3L);
        assertThat(sender.retransmissions()).isEqualTo(2);
        sender.checkCounters();
    }

    @Test
    void shouldNotTakeAPartialAcknowledgementOfOlderPacketsAsLossOfARetransmission() {
        LinkSender<Integer> sender = senderWith(100, 100, 60);
        poll(sender, 0);
        sender.onAck(ack(2, 102), 10 * MS);
        poll(sender, 10 * MS); // 3..6
        sender.onAck(ack(4, 104), 20 * MS);
        assertThat(poll(sender, 20 * MS)).containsExactly(7L, 8L, 9L, 10L);
        sender.onAck(ack(4, 104, 6, 6, 8, 10), 30 * MS); // 5 and 7 dropped: both lost, one recovery up to 10
        assertThat(poll(sender, 30 * MS)).containsExactly(5L, 7L, 11L);
        sender.onAck(ack(6, 106, 8, 10), 40 * MS); // the copy of 5 arrives: a partial acknowledgement
        // the copy of 7 was sent after everything this acknowledgement covers: no word against it yet
        assertThat(sender.retransmissions()).isEqualTo(2);
        assertThat(poll(sender, 40 * MS)).doesNotContain(7L);
        sender.checkCounters();
    }

    @Test
    void shouldTakeThreeDuplicateAcknowledgementsWithoutSackAsALoss() {
        LinkSender<Integer> sender = senderWith(50, 50, 20);
        poll(sender, 0);
        sender.onAck(ack(2, 52), 10 * MS);
        poll(sender, 10 * MS);
        for (int i = 0; i < 3; i++) {
            sender.onAck(ack(2, 52), (20 + i) * MS);
        }
        assertThat(sender.recoveries()).isEqualTo(1);
        assertThat(poll(sender, 23 * MS)).startsWith(3L);
        sender.onAck(ack(2, 52), 24 * MS); // a fourth duplicate, from a packet sent before the copy
        poll(sender, 24 * MS);
        assertThat(sender.retransmissions()).isEqualTo(1);
    }

    @Test
    void shouldNotCountWindowUpdatesAsDuplicateAcknowledgements() {
        LinkSender<Integer> sender = senderWith(50, 4, 20);
        poll(sender, 0);
        sender.onAck(ack(2, 4), 10 * MS); // nothing taken yet: credit up to 4
        assertThat(poll(sender, 10 * MS)).containsExactly(3L, 4L);
        sender.onAck(ack(2, 5), 20 * MS); // the receiver's caller takes 1, then 2: more credit, same cumulative
        sender.onAck(ack(2, 6), 21 * MS);
        sender.onAck(ack(2, 6), 22 * MS); // two true duplicates
        sender.onAck(ack(2, 6), 23 * MS);
        assertThat(sender.recoveries()).isZero();
        sender.onAck(ack(2, 6), 24 * MS); // the third
        assertThat(sender.recoveries()).isEqualTo(1);
    }

    @Test
    void shouldCollapseTheWindowAndRetransmitOnTimeoutWithBackOff() {
        LinkSender<Integer> sender = senderWith(50, 50, 20);
        poll(sender, 0);
        assertThat(sender.nextDeadlineNs()).isEqualTo(1_000 * MS); // RFC 6298's initial 1 s
        assertThat(poll(sender, 999 * MS)).isEmpty();
        assertThat(poll(sender, 1_000 * MS)).containsExactly(1L);
        assertThat(sender.timeouts()).isEqualTo(1);
        assertThat(sender.windowPackets()).isEqualTo(1);
        assertThat(sender.rtoNs()).isEqualTo(2_000 * MS);
        assertThat(sender.nextDeadlineNs()).isEqualTo(3_000 * MS);
        sender.onAck(ack(1, 51), 1_100 * MS);
        assertThat(poll(sender, 1_100 * MS)).containsExactly(2L); // packet 2 was lost too; cwnd 2 now
        assertThat(sender.retransmissions()).isEqualTo(2);
    }

    @Test
    void shouldKeepWithinTheCreditAndProbeWhenItIsExhausted() {
        LinkSender<Integer> sender = senderWith(50, 4, 20);
        poll(sender, 0);
        sender.onAck(ack(2, 4), 10 * MS); // the receiver's caller took nothing: credit ends at 4
        assertThat(poll(sender, 10 * MS)).containsExactly(3L, 4L);
        sender.onAck(ack(4, 4), 20 * MS);
        assertThat(poll(sender, 20 * MS)).isEmpty();
        long probeAt = sender.nextDeadlineNs();
        assertThat(probeAt).isGreaterThan(20 * MS).isLessThan(Long.MAX_VALUE);
        assertThat(poll(sender, probeAt)).containsExactly(5L);
        assertThat(sender.probes()).isEqualTo(1);
        double windowBefore = sender.windowPackets();
        sender.onAck(ack(4, 4), probeAt + 10 * MS); // refused: still no room
        long again = sender.nextDeadlineNs();
        assertThat(again).isEqualTo(probeAt + sender.rtoNs());
        assertThat(poll(sender, again)).containsExactly(5L); // the probe again, later
        assertThat(sender.probes()).isEqualTo(2);
        assertThat(sender.timeouts()).isZero();
        assertThat(sender.windowPackets()).isEqualTo(windowBefore);
        assertThat(sender.nextDeadlineNs() - again).isEqualTo(sender.rtoNs()).isGreaterThan(again - probeAt);
        sender.onAck(ack(5, 8), again + 10 * MS); // taken: the window update had been lost
        assertThat(poll(sender, again + 10 * MS)).containsExactly(6L, 7L, 8L);
        assertThat(sender.retransmissions()).isZero();
    }

    @Test
    void shouldHoldBOutPacketsUntilAcknowledgedOrUntilSentAsConfigured() {
        LinkSender<Integer> unacked = senderWith(3, 50, 3);
        assertThat(unacked.offer(4)).isFalse();
        poll(unacked, 0);
        assertThat(unacked.offer(4)).isFalse(); // sent but not acknowledged: the slots stay taken
        unacked.onAck(ack(1, 51), MS);
        assertThat(unacked.offer(4)).isTrue();

        LinkSender<Integer> unsent = new LinkSender<>(LinkSettings.DEFAULTS.withBuffers(3, 50)
                .withFixedWindow(2, OutputSlots.UNSENT));
        for (int i = 1; i <= 3; i++) {
            unsent.offer(i);
        }
        assertThat(unsent.offer(4)).isFalse();
        assertThat(poll(unsent, 0)).containsExactly(1L, 2L);
        assertThat(unsent.offer(4)).isTrue();
        assertThat(unsent.offer(5)).isTrue();
        assertThat(unsent.offer(6)).isFalse();
        assertThat(unsent.waitingPackets()).isEqualTo(3);
    }

    @Test
    void shouldKeepAFixedWindowThroughLosses() {
        LinkSender<Integer> sender = new LinkSender<>(LinkSettings.DEFAULTS.withFixedWindow(5, OutputSlots.UNACKED));
        for (int i = 1; i <= 20; i++) {
            sender.offer(i);
        }
        assertThat(poll(sender, 0)).hasSize(5);
        sender.onAck(ack(0, 50, 2, 4), MS);
        assertThat(sender.recoveries()).isEqualTo(1);
        assertThat(sender.windowPackets()).isEqualTo(5);
        sender.onAck(ack(5, 55), 2 * MS);
        assertThat(sender.windowPackets()).isEqualTo(5);
    }

    @Test
    void shouldIgnoreAnAcknowledgementOfPacketsNeverSent() {
        LinkSender<Integer> sender = senderWith(50, 50, 20);
        poll(sender, 0);
        assertThat(sender.onAck(ack(5, 55), MS)).isFalse();
        assertThat(sender.onAck(ack(0, 50, 9, 9), MS)).isFalse();
        assertThat(sender.ackedSeq()).isZero();
        assertThat(sender.onAck(new LinkAck(2, 52, NO_SACK), MS)).isTrue();
    }

    @Test
    void shouldNotGrowTheWindowBeyondWhatTheCreditLetsFly() {
        LinkSender<Integer> sender = senderWith(50, 4, 50);
        long seq = 0;
        for (int round = 0; round < 20; round++) {
            seq += poll(sender, round * 10 * MS).size();
            sender.onAck(ack(seq, seq + 4), round * 10 * MS + 5 * MS);
        }
        assertThat(sender.windowPackets()).isEqualTo(4);
    }
}
