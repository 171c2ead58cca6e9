package org.gcs.cc.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A sender and a receiver joined by a channel that loses, duplicates and reorders frames in both directions, in
 * virtual time with a 1 ms tick, and a consumer that stalls: every packet is handed over once and in order, neither
 * buffer ever holds more than its capacity, and the transfer ends.
 */
class LinkOverHostileChannelTest {
    private static final long MS = 1_000_000L;

    /** What a transfer gave. */
    private record Result(List<Integer> delivered, long endNs, LinkSender<Integer> sender,
                          LinkReceiver<Integer> receiver) { }

    private static Result transfer(LinkSettings settings, int packets, long seed, double loss, double duplication,
                                   long jitterNs, double stallChance, long limitNs) {
        Random random = new Random(seed);
        LinkSender<Integer> sender = new LinkSender<>(settings);
        LinkReceiver<Integer> receiver = new LinkReceiver<>(settings);
        LossyChannel<LinkData<Integer>> data = new LossyChannel<>(random, 20 * MS, jitterNs, loss, duplication);
        LossyChannel<LinkAck> acks = new LossyChannel<>(random, 20 * MS, jitterNs, loss, duplication);
        List<Integer> delivered = new ArrayList<>();
        List<LinkData<Integer>> out = new ArrayList<>();
        int next = 1;
        long stalledUntilNs = 0;
        long nowNs = 0;
        for (; nowNs <= limitNs && delivered.size() < packets; nowNs += MS) {
            for (LinkAck ack : acks.arrivals(nowNs)) {
                sender.onAck(ack, nowNs);
            }
            while (next <= packets && sender.offer(next)) {
                next++;
            }
            out.clear();
            sender.poll(nowNs, out);
            for (LinkData<Integer> frame : out) {
                data.send(frame, nowNs);
            }
            for (LinkData<Integer> frame : data.arrivals(nowNs)) {
                receiver.onData(frame, nowNs);
            }
            if (nowNs >= stalledUntilNs) {
                if (random.nextDouble() < stallChance) {
                    stalledUntilNs = nowNs + (long) (random.nextDouble() * 500) * MS; // the consumer hangs a while
                } else {
                    for (int i = 0; i < 3 && receiver.peek() != null; i++) {
                        delivered.add(receiver.take(nowNs));
                    }
                }
            }
            LinkAck ack = receiver.pollAck(nowNs);
            if (ack != null) {
                acks.send(ack, nowNs);
            }
            sender.checkCounters();
            assertThat(receiver.heldPackets()).isLessThanOrEqualTo(settings.inputCapacityPackets());
            if (settings.outputSlots() == OutputSlots.UNACKED) {
                assertThat(sender.bufferedPackets()).isLessThanOrEqualTo(settings.outputCapacityPackets());
            } else {
                assertThat(sender.waitingPackets()).isLessThanOrEqualTo(settings.outputCapacityPackets());
            }
        }
        return new Result(delivered, nowNs, sender, receiver);
    }

    private static List<Integer> oneTo(int n) {
        List<Integer> expected = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
            expected.add(i);
        }
        return expected;
    }

    @Property(tries = 200)
    void shouldHandEveryPacketOverOnceAndInOrderWhateverTheChannelDoes(
            @ForAll long seed, @ForAll @DoubleRange(min = 0, max = 0.3) double loss,
            @ForAll @DoubleRange(min = 0, max = 0.1) double duplication, @ForAll @IntRange(min = 0, max = 30) int jitterMs,
            @ForAll @IntRange(min = 1, max = 60) int bOut, @ForAll @IntRange(min = 1, max = 60) int bIn,
            @ForAll boolean unsentSlots, @ForAll @DoubleRange(min = 0, max = 0.01) double stallChance) {
        LinkSettings settings = LinkSettings.DEFAULTS.withBuffers(bOut, bIn)
                .withFixedWindow(0, unsentSlots ? OutputSlots.UNSENT : OutputSlots.UNACKED);
        Result result = transfer(settings, 400, seed, loss, duplication, jitterMs * MS, stallChance, 3_600_000 * MS);
        assertThat(result.delivered()).as("delivered by %.1f s", result.endNs() / 1e9).isEqualTo(oneTo(400));
    }

    @Test
    void shouldFillAWindowOfBInPerRttOnAPerfectChannel() {
        LinkSettings settings = LinkSettings.DEFAULTS.withBuffers(100, 20);
        Result result = transfer(settings, 2_000, 1, 0, 0, 0, 0, 60_000 * MS);
        assertThat(result.delivered()).isEqualTo(oneTo(2_000));
        // the credit (20 packets) bounds the flight; one per 40 ms RTT plus the ack delay and a tick or two
        double packetsPerSec = 2_000 / (result.endNs() / 1e9);
        assertThat(packetsPerSec).isBetween(20 / 0.050, 20 / 0.040);
        assertThat(result.sender().retransmissions()).isZero();
        assertThat(result.sender().timeouts()).isZero();
    }

    @Test
    void shouldRecoverFromLossMostlyWithoutTimeouts() {
        LinkSettings settings = LinkSettings.DEFAULTS.withBuffers(100, 100);
        Result result = transfer(settings, 5_000, 7, 0.02, 0, 0, 0, 600_000 * MS);
        assertThat(result.delivered()).isEqualTo(oneTo(5_000));
        assertThat(result.sender().recoveries()).isGreaterThan(10);
        assertThat(result.sender().timeouts()).isLessThan(result.sender().recoveries() / 4);
    }
}
