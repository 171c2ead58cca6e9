package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.WireCost;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.CcFeedback;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;
import org.junit.jupiter.api.Test;

/**
 * Tail probes ({@link MetaFlowSender#probeTail}): when a flow falls idle, its last packet goes once more to each
 * receiver that has not acknowledged it, after a quarter of the RTT (within 2 and 25 ms), and a second time
 * half that delay later if the flow is still idle, each if the rate the flow's senders leave unused has paid for it;
 * a receiver that lost the packet delivers it from the probe, without a NAK.
 */
class TailProbeTest {
    private static final long MS = 1_000_000L;
    private static final long TICK_NS = 5 * MS;
    private static final double FAST_BYTES_PER_SEC = 10e6;

    /** What the sender hands its driver. */
    private static final class SenderWire implements MetaFlowSender.Output {
        final List<Data> firstTransmissions = new ArrayList<>();
        final List<Data> repairs = new ArrayList<>();
        final List<String> repairedFor = new ArrayList<>();
        final List<Long> wakeAtNs = new ArrayList<>();

        @Override
        public void wakeAt(long dueNs) {
            wakeAtNs.add(dueNs);
        }

        @Override
        public void transmit(String receiverSite, Data packet) {
            if (packet.retransmit()) {
                repairs.add(packet);
                repairedFor.add(receiverSite);
            } else {
                firstTransmissions.add(packet);
            }
        }

        @Override
        public void sync(String receiverSite, Sync sync) {
        }

        @Override
        public void stable(String group, String originMember, long originIncarnation, long memberSeq) {
        }
    }

    /** What the receiver hands its driver. */
    private static final class ReceiverWire implements MetaFlowReceiver.Output {
        final List<Long> delivered = new ArrayList<>();
        final List<Nak> naks = new ArrayList<>();

        @Override
        public void deliver(Data first, byte[] payload) {
            delivered.add(first.memberSeq());
        }

        @Override
        public void ack(Ack ack) {
        }

        @Override
        public void nak(Nak nak) {
            naks.add(nak);
        }

        @Override
        public void feedback(CcFeedback feedback) {
        }
    }

    private static MetaFlowSender senderTo(String... sites) {
        MetaFlowSender sender = new MetaFlowSender("a", "g", 1, FlowSettings.defaults(TICK_NS));
        SenderWire ignored = new SenderWire();
        for (String site : sites) {
            sender.addReceiver(site, 0, ignored);
            sender.onAck(site, new Ack("a", "g", 1, 0, 0, 0, null), 0, ignored); // synced at the start
        }
        return sender;
    }

    /**
     * Ten seconds of an interactive flow: a 1000-byte message every 50 ms, the probe checked on every tick.
     *
     * @return when probes went
     */
    private static List<Long> sendTwentyPerSecond(MetaFlowSender sender, SenderWire wire, double unusedBytesPerSec) {
        List<Long> probeTimesNs = new ArrayList<>();
        for (long now = 0, seq = 1; now < 10_000 * MS; now += TICK_NS) {
            if (now % (50 * MS) == 0) {
                append(sender, seq++, 1000, now, wire);
            }
            int before = wire.repairs.size();
            sender.probeTail(unusedBytesPerSec, now, wire);
            if (wire.repairs.size() > before) {
                probeTimesNs.add(now);
            }
        }
        return probeTimesNs;
    }

    private static void append(MetaFlowSender sender, long memberSeq, int payloadBytes, long nowNs, SenderWire wire) {
        sender.append("m", 1, memberSeq, 0, new byte[payloadBytes], 1200, nowNs, wire);
    }

    @Test
    void delayIsAQuarterRttWithinTwoAndTwentyFiveMilliseconds() {
        FlowSettings settings = FlowSettings.defaults(TICK_NS);
        assertThat(settings.tailProbeDelayNs(60 * MS)).isEqualTo(15 * MS);
        assertThat(settings.tailProbeDelayNs(100 * MS)).isEqualTo(25 * MS);
        assertThat(settings.tailProbeDelayNs(22 * MS)).as("under two ticks: the deadline timer sends it")
                .isEqualTo(5_500_000L);
        assertThat(settings.tailProbeDelayNs(4 * MS)).as("the floor").isEqualTo(2 * MS);
        assertThat(settings.tailProbeDelayNs(200 * MS)).as("the cap").isEqualTo(25 * MS);
    }

    /**
     * The flow asks its driver to wake it when the next probe is due ({@link MetaFlowSender.Output#wakeAt}), so that
     * a deadline timer sends the probe then instead of on the next tick: after an append for the first probe, after
     * the first probe for the second, and not at all once the probes are spent.
     */
    @Test
    void theFlowAsksToBeWokenWhenItsNextProbeIsDue() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        append(sender, 1, 1000, 3 * MS, wire);
        long firstDueNs = 3 * MS + 25 * MS; // no RTT sample yet: the initial 300 ms, a quarter capped at 25 ms
        assertThat(wire.wakeAtNs).containsExactly(firstDueNs);
        assertThat(sender.nextTailProbeDueNs()).isEqualTo(firstDueNs);

        sender.probeTail(FAST_BYTES_PER_SEC, firstDueNs - 1, wire);
        assertThat(wire.repairs).as("not yet due").isEmpty();
        sender.probeTail(FAST_BYTES_PER_SEC, firstDueNs, wire);
        assertThat(wire.repairs).as("due at the deadline, between two ticks").hasSize(1);
        long secondDueNs = firstDueNs + 12_500_000L;
        assertThat(wire.wakeAtNs).last().isEqualTo(secondDueNs);

        sender.probeTail(FAST_BYTES_PER_SEC, secondDueNs, wire);
        assertThat(wire.repairs).hasSize(2);
        assertThat(sender.nextTailProbeDueNs()).as("both probes spent").isEqualTo(Long.MAX_VALUE);
        assertThat(wire.wakeAtNs).last().isEqualTo(secondDueNs);
    }

    /**
     * A probe due now that its credit does not cover yet is left to the ticks, which accrue the credit: a wake-up
     * asked for now would run the flow again at once, for ever (the simulator spun on it at one virtual instant).
     */
    @Test
    void aDueProbeTheCreditDoesNotCoverAsksForNoWakeUpAtOnce() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        append(sender, 1, 1000, 0, wire);
        wire.wakeAtNs.clear();
        sender.probeTail(1.0, 25 * MS, wire); // due, but one byte a second has paid for nothing yet
        assertThat(wire.repairs).isEmpty();
        assertThat(wire.wakeAtNs).as("left to the ticks").isEmpty();
    }

    @Test
    void anAcknowledgedTailNeedsNoWakeUp() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        append(sender, 1, 1000, 0, wire);
        sender.onAck("b", new Ack("a", "g", 1, 1, 0, 0, null), 10 * MS, wire);
        assertThat(sender.nextTailProbeDueNs()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void hopByHopTransportSendsNoProbes() {
        FlowSettings hop = FlowSettings.defaults(TICK_NS).withEndToEndRepair(true, 5_000 * MS);
        assertThat(hop.tailProbeDelayNs(100 * MS)).isEqualTo(Long.MAX_VALUE);
        FlowSettings off = FlowSettings.defaults(TICK_NS).withEndToEndRepair(false, 0);
        assertThat(off.tailProbeDelayNs(100 * MS)).isEqualTo(Long.MAX_VALUE);
    }

    /**
     * An interactive flow at a long RTT, as {@code gcs bench wan-latency} at 200 ms: 20 messages per second, a
     * quarter RTT of 50 ms (the interval itself), the data leaving three times its own rate unused. Every message is
     * probed 25 ms after it went and again 12.5 ms later (on the next tick, 40 ms), both before the next message:
     * 25 ms of the unused rate pay one and a half probes, the 15 ms after the first the rest.
     */
    @Test
    void atLongRttsEveryMessageOfAnInteractiveFlowIsProbedTwiceBeforeTheNext() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        List<Long> probeTimesNs = sendTwentyPerSecond(sender, wire, 60.0 * WireCost.datagramBytes(1000));
        assertThat(probeTimesNs).hasSize(2 * 200).startsWith(25 * MS, 40 * MS, 75 * MS, 90 * MS)
                .allSatisfy(t -> assertThat(t % (50 * MS)).isIn(25 * MS, 40 * MS));
        for (int i = 0; i < wire.repairs.size(); i++) {
            assertThat(wire.repairs.get(i).memberSeq()).as("probe %d repeats the message before it", i)
                    .isEqualTo(probeTimesNs.get(i) / (50 * MS) + 1);
        }
    }

    /**
     * Where the data leaves only its own rate unused, one datagram per message pays one probe per message: the
     * first, 25 ms after the message; the second never has the credit before the next message.
     */
    @Test
    void theCreditDecidesWhetherTheSecondProbeGoes() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        List<Long> probeTimesNs = sendTwentyPerSecond(sender, wire, 20.0 * WireCost.datagramBytes(1000));
        assertThat(probeTimesNs).hasSize(199).startsWith(75 * MS)
                .allSatisfy(t -> assertThat(t % (50 * MS)).isEqualTo(25 * MS));
    }

    /** Senders whose requests take the whole allowed rate (a flow limited by its rate) leave nothing for probes. */
    @Test
    void noUnusedRateNoProbe() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        sendTwentyPerSecond(sender, wire, 0);
        assertThat(sender.tailProbes()).isZero();
    }

    /**
     * Allowed 1.5 times the data's rate: probes take the half the data leaves, so about every second message is
     * probed, and data and probes together stay within the allowed rate (plus the credit's two-datagram bound).
     */
    @Test
    void probesTakeOnlyTheRateTheDataLeavesUnused() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        int wireBytes = WireCost.datagramBytes(1000);
        double dataBytesPerSec = 20 * wireBytes;
        double allowed = 1.5 * dataBytesPerSec;
        long durationNs = 10_000 * MS;
        sendTwentyPerSecond(sender, wire, allowed - dataBytesPerSec);
        assertThat(wire.firstTransmissions).hasSize(200);
        assertThat(sender.tailProbes()).isBetween(95L, 101L);
        long sentBytes = (long) (wire.firstTransmissions.size() + wire.repairs.size()) * wireBytes;
        assertThat((double) sentBytes).isLessThanOrEqualTo(allowed * durationNs / 1e9 + 2 * wireBytes);
    }

    /**
     * Repairs drain the credit too: a NAK answered 20 ms after the last packet leaves the credit owing, and the probe
     * goes when the unused rate has paid for both (100 ms after the packet instead of 50).
     */
    @Test
    void repairsTakeTheUnusedRateBeforeProbes() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        double unused = 20.0 * WireCost.datagramBytes(1000); // one datagram every 50 ms
        append(sender, 1, 1000, 0, wire);
        append(sender, 2, 1000, 0, wire);
        sender.probeTail(unused, 0, wire);
        sender.probeTail(unused, 20 * MS, wire);
        sender.onNak("b", new Nak("a", "g", 1, new long[] {1, 1}), 20 * MS, wire);
        assertThat(wire.repairs).as("the NAK's repair").hasSize(1);
        sender.probeTail(unused, 95 * MS, wire);
        assertThat(sender.tailProbes()).as("the repair took the credit of 50 ms").isZero();
        sender.probeTail(unused, 105 * MS, wire);
        assertThat(sender.tailProbes()).isEqualTo(1);
    }

    @Test
    void idleFlowSendsItsLastPacketTwiceToEachReceiverThatHasNotAcknowledgedIt() {
        MetaFlowSender sender = senderTo("b", "c");
        SenderWire wire = new SenderWire();
        append(sender, 1, 100, 0, wire);
        append(sender, 2, 100, 10 * MS, wire);
        sender.onAck("c", new Ack("a", "g", 1, 2, 0, 0, null), 20 * MS, wire);
        // no RTT sample yet: the initial 300 ms RTT gives a quarter of 75 ms, capped at 25 ms after the last packet
        for (long now = 15 * MS; now < 35 * MS; now += TICK_NS) {
            sender.probeTail(FAST_BYTES_PER_SEC, now, wire);
        }
        assertThat(wire.repairs).isEmpty();
        for (long now = 35 * MS; now <= 500 * MS; now += TICK_NS) {
            sender.probeTail(FAST_BYTES_PER_SEC, now, wire);
        }
        assertThat(wire.repairedFor).as("c acknowledged everything; b is probed twice").containsExactly("b", "b");
        assertThat(wire.repairs).extracting(Data::seq).containsExactly(2L, 2L);
        assertThat(sender.tailProbes()).isEqualTo(2);
        assertThat(sender.retransmits()).isEqualTo(2);

        append(sender, 3, 100, 600 * MS, wire);
        sender.onAck("b", new Ack("a", "g", 1, 3, 0, 0, null), 605 * MS, wire);
        for (long now = 610 * MS; now <= 1_000 * MS; now += TICK_NS) {
            sender.probeTail(FAST_BYTES_PER_SEC, now, wire);
        }
        assertThat(wire.repairedFor).as("3 is probed only where it is not acknowledged")
                .containsExactly("b", "b", "c", "c");
    }

    @Test
    void busyFlowSendsNoProbes() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        for (long now = 0, seq = 1; now <= 1_000 * MS; now += TICK_NS, seq++) {
            append(sender, seq, 100, now, wire);
            sender.probeTail(FAST_BYTES_PER_SEC, now, wire);
        }
        assertThat(sender.tailProbes()).isZero();
    }

    @Test
    void lowUnusedRateDelaysTheProbeUntilItIsPaidFor() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        append(sender, 1, 1000, 0, wire);
        double unused = 20_000;
        long delayNs = (long) Math.ceil(WireCost.datagramBytes(1000) * 1e9 / unused); // about 59 ms
        sender.probeTail(unused, 0, wire);
        sender.probeTail(unused, delayNs - MS, wire);
        assertThat(wire.repairs).isEmpty();
        sender.probeTail(unused, delayNs + MS, wire);
        assertThat(wire.repairs).hasSize(1);
    }

    @Test
    void receiverThatLostTheLastPacketDeliversItFromTheProbeWithoutANak() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        MetaFlowReceiver receiver = new MetaFlowReceiver("a", "g", 1, "b", FlowSettings.defaults(TICK_NS),
                TestMonitors.tfrc(), TestMonitors.BLOCKS);
        ReceiverWire receiverWire = new ReceiverWire();
        receiver.onSync(new Sync("a", "g", 1, 1, 0), 0, receiverWire);
        append(sender, 1, 100, 0, wire);
        append(sender, 2, 100, MS, wire);
        receiver.onData(wire.firstTransmissions.get(0), 50 * MS, receiverWire); // packet 2 is lost on the way
        for (long now = 5 * MS; now <= 60 * MS; now += TICK_NS) {
            sender.probeTail(FAST_BYTES_PER_SEC, now, wire);
        }
        assertThat(wire.repairs).as("two probes, 25 and 40 ms after the packet").hasSize(2);
        receiver.onData(wire.repairs.get(0), 101 * MS, receiverWire);
        receiver.onData(wire.repairs.get(1), 116 * MS, receiverWire);
        for (long now = 120 * MS; now <= 300 * MS; now += TICK_NS) {
            receiver.onTick(now, receiverWire);
        }
        assertThat(receiverWire.delivered).containsExactly(1L, 2L);
        assertThat(receiverWire.naks).isEmpty();
        assertThat(receiver.duplicates()).as("the second probe").isEqualTo(1);
    }
}
