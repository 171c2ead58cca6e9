package org.gcs.cc.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LinkRelayTest {
    private static final long MS = 1_000_000L;
    private static final long STALL = 2_000 * MS;

    /** An input buffer of B_IN holding packets 1..n, in order. */
    private static LinkReceiver<Integer> inputWith(int bIn, int n) {
        LinkReceiver<Integer> input = new LinkReceiver<>(LinkSettings.DEFAULTS.withBuffers(50, bIn));
        for (int i = 1; i <= n; i++) {
            input.onData(new LinkData<>(i, i), 0);
        }
        return input;
    }

    private static LinkSender<Integer> output(int bOut) {
        return new LinkSender<>(LinkSettings.DEFAULTS.withBuffers(bOut, 50));
    }

    @Test
    void shouldCopyToEveryNextHopDeliverKeepABackupAndOnlyThenReturnTheCredit() {
        LinkReceiver<Integer> input = inputWith(10, 3);
        LinkSender<Integer> left = output(10);
        LinkSender<Integer> right = output(10);
        BackupBuffer<Integer> backup = new BackupBuffer<>(5);
        List<Integer> local = new ArrayList<>();
        LinkRelay<Integer> relay = new LinkRelay<>(STALL, backup);

        assertThat(relay.copyOut(input, p -> List.of(left, right), local::add, MS)).isEqualTo(3);
        assertThat(left.bufferedPackets()).isEqualTo(3);
        assertThat(right.bufferedPackets()).isEqualTo(3);
        assertThat(local).containsExactly(1, 2, 3);
        assertThat(backup.replay()).containsExactly(1, 2, 3);
        assertThat(input.takenSeq()).isEqualTo(3);
        assertThat(input.pollAck(MS).windowEndSeq()).isEqualTo(13); // the credit is back
    }

    @Test
    void shouldHoldTheHeadWhileAnyNextHopIsFull() {
        LinkReceiver<Integer> input = inputWith(10, 4);
        LinkSender<Integer> roomy = output(10);
        LinkSender<Integer> tight = output(2);
        List<Integer> local = new ArrayList<>();
        LinkRelay<Integer> relay = new LinkRelay<>(STALL, new BackupBuffer<>(0));

        assertThat(relay.copyOut(input, p -> List.of(roomy, tight), local::add, 0)).isEqualTo(2);
        assertThat(roomy.bufferedPackets()).as("all or nothing: nothing for the roomy output either").isEqualTo(2);
        assertThat(input.heldPackets()).isEqualTo(2);
        assertThat(relay.nextDeadlineNs()).isEqualTo(STALL);
        List<LinkData<Integer>> sent = new ArrayList<>();
        tight.poll(0, sent);
        tight.onAck(new LinkAck(1, 51, new long[0]), 10 * MS); // one slot frees
        assertThat(relay.copyOut(input, p -> List.of(roomy, tight), local::add, 10 * MS)).isEqualTo(1);
        assertThat(local).containsExactly(1, 2, 3);
        assertThat(relay.stallDrops()).isZero();
    }

    @Test
    void shouldDropForAStuckNextHopOnlyAfterTheStallTimeoutAndSkipItWhileItStaysFull() {
        LinkReceiver<Integer> input = inputWith(10, 5);
        LinkSender<Integer> live = output(10);
        LinkSender<Integer> stuck = output(1);
        List<Integer> local = new ArrayList<>();
        LinkRelay<Integer> relay = new LinkRelay<>(STALL, new BackupBuffer<>(0));

        assertThat(relay.copyOut(input, p -> List.of(live, stuck), local::add, 0)).isEqualTo(1);
        assertThat(relay.copyOut(input, p -> List.of(live, stuck), local::add, STALL - 1)).isZero();
        assertThat(relay.copyOut(input, p -> List.of(live, stuck), local::add, STALL)).isEqualTo(4);
        assertThat(relay.stallDrops()).isEqualTo(4);
        assertThat(live.bufferedPackets()).isEqualTo(5);
        assertThat(stuck.bufferedPackets()).isEqualTo(1);
        assertThat(local).containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    void shouldNotTakeASlowButMovingNextHopForAStuckOne() {
        LinkReceiver<Integer> starved = inputWith(10, 3);
        LinkReceiver<Integer> busy = inputWith(50, 40);
        LinkSender<Integer> shared = output(1);
        List<Integer> local = new ArrayList<>();
        LinkRelay<Integer> starvedRelay = new LinkRelay<>(STALL, new BackupBuffer<>(0));
        LinkRelay<Integer> busyRelay = new LinkRelay<>(STALL, new BackupBuffer<>(0));
        busyRelay.copyOut(busy, p -> List.of(shared), p -> { }, 0); // the shared output is full
        List<LinkData<Integer>> sent = new ArrayList<>();
        for (int step = 1; step <= 10; step++) { // 5 s: the busy input takes every slot the acknowledgements free
            long nowNs = step * 500 * MS;
            starvedRelay.copyOut(starved, p -> List.of(shared), local::add, nowNs);
            shared.poll(nowNs, sent);
            shared.onAck(new LinkAck(step, step + 50, new long[0]), nowNs);
            busyRelay.copyOut(busy, p -> List.of(shared), p -> { }, nowNs);
        }
        starvedRelay.copyOut(starved, p -> List.of(shared), local::add, 5_000 * MS);
        assertThat(starvedRelay.stallDrops()).as("waited 5 s, but the full output kept moving").isZero();
        assertThat(local).isEmpty();
    }

    /**
     * The next hop's own next hop is blocked for 10 s, so its input stays full and it acknowledges nothing new; but it
     * answers every window probe. That is back-pressure from further down the tree, not a hung neighbour: no stall
     * drop. (Judged by the acknowledged sequence alone, as before, this dropped after 2 s.)
     */
    @Test
    void shouldWaitForANextHopWhoseWindowStaysClosedWhileItAnswersProbes() {
        LinkSettings tight = LinkSettings.DEFAULTS.withBuffers(2, 2);
        LinkReceiver<Integer> input = inputWith(10, 6);
        LinkSender<Integer> next = new LinkSender<>(tight);
        LinkReceiver<Integer> nextInput = new LinkReceiver<>(tight); // never taken from: blocked downstream
        LinkRelay<Integer> relay = new LinkRelay<>(STALL, new BackupBuffer<>(0));
        List<LinkData<Integer>> frames = new ArrayList<>();
        long lastAnswerNs = 0;
        long longestSilenceNs = 0;
        for (long nowNs = 0; nowNs <= 10_000 * MS; nowNs += 10 * MS) {
            relay.copyOut(input, p -> List.of(next), p -> { }, nowNs);
            frames.clear();
            next.poll(nowNs, frames);
            frames.forEach(f -> nextInput.onData(f, 0));
            LinkAck ack = nextInput.pollAck(Long.MAX_VALUE);
            if (ack != null) {
                next.onAck(ack, nowNs);
                longestSilenceNs = Math.max(longestSilenceNs, nowNs - lastAnswerNs);
                lastAnswerNs = nowNs;
            }
        }
        assertThat(relay.stallDrops()).isZero();
        assertThat(next.probes()).as("the closed window is probed").isGreaterThanOrEqualTo(5);
        assertThat(longestSilenceNs).as("probes come at least every MAX_PROBE_INTERVAL_NS (+ one step)")
                .isLessThanOrEqualTo(LinkSender.MAX_PROBE_INTERVAL_NS + 10 * MS);
        assertThat(input.takenSeq()).as("two fill the next hop's input, two its output; the rest wait").isEqualTo(4);
    }

    /** With a budget of one packet per call, two inputs competing for one output take turns. */
    @Test
    void shouldMoveAtMostTheGivenNumberOfPackets() {
        LinkReceiver<Integer> left = inputWith(10, 5);
        LinkReceiver<Integer> right = inputWith(10, 5);
        LinkSender<Integer> shared = output(6);
        LinkRelay<Integer> leftRelay = new LinkRelay<>(STALL, new BackupBuffer<>(0));
        LinkRelay<Integer> rightRelay = new LinkRelay<>(STALL, new BackupBuffer<>(0));
        for (int round = 0; round < 3; round++) {
            assertThat(leftRelay.copyOut(left, p -> List.of(shared), p -> { }, 0, 1)).isEqualTo(1);
            assertThat(rightRelay.copyOut(right, p -> List.of(shared), p -> { }, 0, 1)).isEqualTo(1);
        }
        assertThat(left.takenSeq()).isEqualTo(3);
        assertThat(right.takenSeq()).isEqualTo(3);
        assertThat(shared.hasRoom()).isFalse();
    }

    @Test
    void shouldRejectAStallTimeoutNoLongerThanTheProbeInterval() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new LinkRelay<Integer>(
                        LinkSender.MAX_PROBE_INTERVAL_NS, new BackupBuffer<>(0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("window-probe interval");
    }

    /**
     * A source, two relays and a sink joined by lossy, reordering channels, each relay also delivering locally; the
     * sink's consumer stalls for 1.5 s at a time (less than the stall timeout). Every packet reaches the sink and both relays' sites once and in
     * order, back-pressure holds the source back while the sink stalls, and no buffer ever exceeds its size.
     */
    @Test
    void shouldCarryEverythingOnceAndInOrderDownAChainAndPushBackToTheSource() {
        Random random = new Random(11);
        LinkSettings settings = LinkSettings.DEFAULTS.withBuffers(8, 6);
        int packets = 3_000;
        int hops = 3;
        List<LinkSender<Integer>> senders = new ArrayList<>();
        List<LinkReceiver<Integer>> receivers = new ArrayList<>();
        List<LossyChannel<LinkData<Integer>>> data = new ArrayList<>();
        List<LossyChannel<LinkAck>> acks = new ArrayList<>();
        for (int h = 0; h < hops; h++) {
            senders.add(new LinkSender<>(settings));
            receivers.add(new LinkReceiver<>(settings));
            data.add(new LossyChannel<>(random, 15 * MS, 5 * MS, 0.03, 0.01));
            acks.add(new LossyChannel<>(random, 15 * MS, 5 * MS, 0.03, 0.01));
        }
        List<LinkRelay<Integer>> relays = List.of(new LinkRelay<>(STALL, new BackupBuffer<>(30)),
                new LinkRelay<>(STALL, new BackupBuffer<>(30)));
        List<List<Integer>> localDeliveries = List.of(new ArrayList<>(), new ArrayList<>());
        List<Integer> sink = new ArrayList<>();
        int next = 1;
        long refusedWhileSinkStalled = 0;
        long sinkStalledUntilNs = 0;
        List<LinkData<Integer>> out = new ArrayList<>();
        long nowNs = 0;
        for (; nowNs < 600_000 * MS && sink.size() < packets; nowNs += MS) {
            for (int h = 0; h < hops; h++) {
                for (LinkAck ack : acks.get(h).arrivals(nowNs)) {
                    senders.get(h).onAck(ack, nowNs);
                }
                for (LinkData<Integer> frame : data.get(h).arrivals(nowNs)) {
                    receivers.get(h).onData(frame, nowNs);
                }
            }
            while (next <= packets && senders.get(0).offer(next)) {
                next++;
            }
            if (next <= packets && nowNs < sinkStalledUntilNs) {
                refusedWhileSinkStalled++;
            }
            for (int r = 0; r < relays.size(); r++) {
                LinkSender<Integer> downstream = senders.get(r + 1);
                relays.get(r).copyOut(receivers.get(r), p -> List.of(downstream), localDeliveries.get(r)::add,
                        nowNs);
            }
            if (nowNs >= sinkStalledUntilNs) {
                if (random.nextDouble() < 0.0005) {
                    sinkStalledUntilNs = nowNs + 1_500 * MS; // shorter than the stall timeout: back-pressure only
                } else {
                    for (int i = 0; i < 2 && receivers.get(hops - 1).peek() != null; i++) {
                        sink.add(receivers.get(hops - 1).take(nowNs));
                    }
                }
            }
            for (int h = 0; h < hops; h++) {
                out.clear();
                senders.get(h).poll(nowNs, out);
                for (LinkData<Integer> frame : out) {
                    data.get(h).send(frame, nowNs);
                }
                LinkAck ack = receivers.get(h).pollAck(nowNs);
                if (ack != null) {
                    acks.get(h).send(ack, nowNs);
                }
                assertThat(senders.get(h).bufferedPackets()).isLessThanOrEqualTo(8);
                assertThat(receivers.get(h).heldPackets()).isLessThanOrEqualTo(6);
            }
        }
        List<Integer> expected = new ArrayList<>();
        for (int i = 1; i <= packets; i++) {
            expected.add(i);
        }
        assertThat(sink).as("at the sink after %.1f s", nowNs / 1e9).isEqualTo(expected);
        assertThat(localDeliveries.get(0)).isEqualTo(expected);
        assertThat(localDeliveries.get(1)).isEqualTo(expected);
        assertThat(refusedWhileSinkStalled).as("ticks the source was held back while the sink stalled").isPositive();
        assertThat(relays.get(0).stallDrops() + relays.get(1).stallDrops()).isZero();
    }
}
