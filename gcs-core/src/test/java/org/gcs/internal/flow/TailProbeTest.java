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
 * receiver that has not acknowledged it, after a quarter of the RTT (within 2 ticks and 50 ms) and never faster than
 * half the allowed rate; a receiver that lost the packet delivers it from the probe, without a NAK.
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

    private static void append(MetaFlowSender sender, long memberSeq, int payloadBytes, long nowNs, SenderWire wire) {
        sender.append("m", 1, memberSeq, 0, new byte[payloadBytes], 1200, nowNs, wire);
    }

    @Test
    void delayIsAQuarterRttWithinTwoTicksAndFiftyMilliseconds() {
        FlowSettings settings = FlowSettings.defaults(TICK_NS);
        assertThat(settings.tailProbeDelayNs(100 * MS, 1160, FAST_BYTES_PER_SEC)).isEqualTo(25 * MS);
        assertThat(settings.tailProbeDelayNs(20 * MS, 1160, FAST_BYTES_PER_SEC)).as("two ticks").isEqualTo(10 * MS);
        assertThat(settings.tailProbeDelayNs(400 * MS, 1160, FAST_BYTES_PER_SEC)).as("the cap").isEqualTo(50 * MS);
    }

    @Test
    void probeNeverTakesMoreThanHalfTheAllowedRate() {
        FlowSettings settings = FlowSettings.defaults(TICK_NS);
        // 2 * 1160 bytes / 40 000 bytes/s = 58 ms, longer than the RTT's 25 ms
        assertThat(settings.tailProbeDelayNs(100 * MS, 1160, 40_000)).isEqualTo(58 * MS);
        assertThat(settings.tailProbeDelayNs(100 * MS, 1160, 0)).as("no rate, no probe").isEqualTo(Long.MAX_VALUE);
        assertThat(settings.tailProbeDelayNs(100 * MS, 1160, Double.POSITIVE_INFINITY)).isEqualTo(25 * MS);
    }

    @Test
    void hopByHopTransportSendsNoProbes() {
        FlowSettings hop = FlowSettings.defaults(TICK_NS).withEndToEndRepair(true, 5_000 * MS);
        assertThat(hop.tailProbeDelayNs(100 * MS, 1160, FAST_BYTES_PER_SEC)).isEqualTo(Long.MAX_VALUE);
        FlowSettings off = FlowSettings.defaults(TICK_NS).withEndToEndRepair(false, 0);
        assertThat(off.tailProbeDelayNs(100 * MS, 1160, FAST_BYTES_PER_SEC)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void idleFlowSendsItsLastPacketOnceToEachReceiverThatHasNotAcknowledgedIt() {
        MetaFlowSender sender = senderTo("b", "c");
        SenderWire wire = new SenderWire();
        append(sender, 1, 100, 0, wire);
        append(sender, 2, 100, 10 * MS, wire);
        sender.onAck("c", new Ack("a", "g", 1, 2, 0, 0, null), 20 * MS, wire);
        // no RTT sample yet: the initial 300 ms RTT gives a quarter of 75 ms, capped at 50 ms after the last packet
        for (long now = 15 * MS; now < 60 * MS; now += TICK_NS) {
            sender.probeTail(FAST_BYTES_PER_SEC, now, wire);
        }
        assertThat(wire.repairs).isEmpty();
        for (long now = 60 * MS; now <= 500 * MS; now += TICK_NS) {
            sender.probeTail(FAST_BYTES_PER_SEC, now, wire);
        }
        assertThat(wire.repairedFor).as("c acknowledged everything; b is probed once").containsExactly("b");
        assertThat(wire.repairs.get(0).seq()).isEqualTo(2);
        assertThat(sender.tailProbes()).isEqualTo(1);
        assertThat(sender.retransmits()).isEqualTo(1);

        append(sender, 3, 100, 600 * MS, wire);
        sender.onAck("b", new Ack("a", "g", 1, 3, 0, 0, null), 605 * MS, wire);
        for (long now = 610 * MS; now <= 1_000 * MS; now += TICK_NS) {
            sender.probeTail(FAST_BYTES_PER_SEC, now, wire);
        }
        assertThat(wire.repairedFor).as("3 is probed only where it is not acknowledged").containsExactly("b", "c");
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
    void lowAllowedRateDelaysTheProbe() {
        MetaFlowSender sender = senderTo("b");
        SenderWire wire = new SenderWire();
        append(sender, 1, 1000, 0, wire);
        double allowed = 20_000;
        long delayNs = (long) Math.ceil(2.0 * WireCost.datagramBytes(1000) * 1e9 / allowed); // 116 ms
        sender.probeTail(allowed, delayNs - 1, wire);
        assertThat(wire.repairs).isEmpty();
        sender.probeTail(allowed, delayNs, wire);
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
        assertThat(wire.repairs).hasSize(1);
        receiver.onData(wire.repairs.get(0), 101 * MS, receiverWire);
        for (long now = 105 * MS; now <= 300 * MS; now += TICK_NS) {
            receiver.onTick(now, receiverWire);
        }
        assertThat(receiverWire.delivered).containsExactly(1L, 2L);
        assertThat(receiverWire.naks).isEmpty();
        assertThat(receiver.duplicates()).isZero();
    }
}
