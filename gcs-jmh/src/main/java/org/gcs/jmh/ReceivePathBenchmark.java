package org.gcs.jmh;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gcs.internal.flow.FlowSettings;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.tfrc.TfrcControl;
import org.gcs.internal.flow.ControlBlocks;
import org.gcs.internal.flow.MetaFlowReceiver;
import org.gcs.internal.wire.MalformedDatagramException;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The receiving delegate's path for one WAN data datagram, without sockets: copy the datagram out of the
 * socket buffer (as the Netty handler does), decode and authenticate it ({@link WanCodec}), and hand it to the
 * flow's {@link MetaFlowReceiver}, which detects gaps, buffers, releases in order and feeds the loss event
 * estimator. The receiver's timer runs every {@value #TICK_NS} ns of virtual time (the default tick), so the cost
 * of its acknowledgements and NAKs is spread over the datagrams of a tick. Not included: the engine's dispatch to
 * the flow and the LAN multicast of released messages ({@link WireCodecBenchmark#lanEncodeRemoteData} measures
 * its encoding).
 *
 * <p>The datagrams are built and signed once: {@value #DATAGRAMS_PER_CYCLE} single-fragment messages of
 * 1024 bytes arriving every {@value #INTER_ARRIVAL_NS} ns of virtual time. With
 * {@code gapPercent = 1}, one datagram in a hundred is held back; the receiver NAKs the gap after its reorder
 * grace, and the repair (flagged as a retransmission) arrives {@value #REPAIR_DELAY_NS} ns after the original would
 * have, as it would after one RTT of 40 ms (the repairs of the last 60 ms of the array arrive at its end, some before
 * their NAK). When the array is used up the benchmark starts a new receiver on the
 * same flow (a sync from sequence number 1) and replays it; that costs once per cycle, a small part of the mean.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ReceivePathBenchmark {
    /** Datagrams in the pre-built array, first transmissions and repairs together. */
    static final int DATAGRAMS_PER_CYCLE = 16_384;
    /** Virtual time between two arrivals: 100 000 datagrams per second, about 1 Gbit/s of 1 KB payloads. */
    static final long INTER_ARRIVAL_NS = 10_000;
    /** The receiver's timer interval (GcsConfig's default tick). */
    static final long TICK_NS = 5_000_000;
    /**
     * From the arrival a lost datagram would have had to the arrival of its repair: the reorder grace (srtt/8 =
     * 5 ms), up to one tick until the NAK leaves, one RTT (40 ms), rounded up.
     */
    static final long REPAIR_DELAY_NS = 60_000_000;

    /** Per cent of the flow's datagrams lost on first transmission and repaired after a NAK. */
    @Param({"0", "1"})
    public int gapPercent;

    private final Sink sink = new Sink();
    private WanCodec codec;
    private FlowSettings settings;
    private byte[][] datagrams;
    private int next;
    private long nowNs;
    private long nextTickNs;
    private MetaFlowReceiver receiver;
    /** The engine's default congestion controller, whose monitor the receive path feeds. */
    private static final TfrcControl TFRC = new TfrcControl(CcSettings.DEFAULTS);
    private static final ControlBlocks BLOCKS = new ControlBlocks(TFRC, reason -> {
    });

    /** Builds and signs the datagrams of one cycle and starts the first receiver. */
    @Setup
    public void setUp() {
        codec = new WanCodec(Traffic.clusterKey());
        settings = FlowSettings.defaults(TICK_NS);
        datagrams = signedArrivals();
        nowNs = 1_000_000_000L;
        nextTickNs = nowNs + TICK_NS;
        startCycle();
    }

    /** The datagrams in arrival order: each held-back one arrives as a repair {@link #REPAIR_DELAY_NS} later. */
    private byte[][] signedArrivals() {
        byte[] payload = Traffic.payload(Traffic.PAYLOAD_BYTES, 11);
        long repairDelayPackets = REPAIR_DELAY_NS / INTER_ARRIVAL_NS;
        List<byte[]> arrivals = new ArrayList<>(DATAGRAMS_PER_CYCLE);
        ArrayDeque<Data> lost = new ArrayDeque<>();
        for (long seq = 1; seq <= DATAGRAMS_PER_CYCLE; seq++) {
            while (!lost.isEmpty() && lost.peekFirst().seq() + repairDelayPackets <= seq) {
                arrivals.add(sign(asRepair(lost.pollFirst())));
            }
            Data packet = Traffic.data(seq, seq * INTER_ARRIVAL_NS, payload);
            if (seq % 100 < gapPercent) {
                lost.addLast(packet);
            } else {
                arrivals.add(sign(packet));
            }
        }
        while (!lost.isEmpty()) {
            arrivals.add(sign(asRepair(lost.pollFirst())));
        }
        return arrivals.toArray(new byte[0][]);
    }

    private static Data asRepair(Data packet) {
        return packet.forReceiver(Traffic.RECEIVER_SITE, Traffic.SRTT_NS, true);
    }

    private byte[] sign(Data packet) {
        return codec.encode(new WanEnvelope(Traffic.SOURCE_SITE, Traffic.TERM, packet));
    }

    private void startCycle() {
        next = 0;
        receiver = new MetaFlowReceiver(Traffic.SOURCE_SITE, Traffic.GROUP, Traffic.TERM, Traffic.RECEIVER_SITE,
                settings, TFRC.newMonitor(new MonitorContext(Traffic.RECEIVER_SITE, Traffic.SOURCE_SITE, Traffic.GROUP,
                        Traffic.TERM, 1)), BLOCKS);
        receiver.onSync(new Sync(Traffic.SOURCE_SITE, Traffic.GROUP, Traffic.TERM, 1, 0), nowNs, sink);
    }

    /** One datagram: copy, decode and authenticate, hand to the receiver; the receiver's timer when it is due. */
    @Benchmark
    public void receiveDatagram(Blackhole blackhole) throws MalformedDatagramException {
        sink.blackhole = blackhole;
        if (next == datagrams.length) {
            startCycle();
        }
        byte[] received = datagrams[next++];
        byte[] copy = Arrays.copyOf(received, received.length); // the handler copies out of Netty's buffer
        nowNs += INTER_ARRIVAL_NS;
        WanEnvelope envelope = codec.decode(copy, 0, copy.length);
        receiver.onData((Data) envelope.packet(), nowNs, sink);
        if (nowNs >= nextTickNs) {
            receiver.onTick(nowNs, sink);
            nextTickNs += TICK_NS;
        }
    }

    /** @return the receiver of the current cycle */
    MetaFlowReceiver receiver() {
        return receiver;
    }

    /** @return messages released so far, over all cycles */
    long deliveredMessages() {
        return sink.delivered;
    }

    /** @return sequence numbers named by NAKs so far (a number NAKed twice counts twice), over all cycles */
    long nakedSequenceNumbers() {
        return sink.naked;
    }

    /** Takes the receiver's outputs: messages, acknowledgements, NAKs. */
    private static final class Sink implements MetaFlowReceiver.Output {
        Blackhole blackhole;
        long delivered;
        long naked;

        @Override
        public void deliver(Data first, byte[] payload) {
            delivered++;
            blackhole.consume(payload);
        }

        @Override
        public void ack(Ack ack) {
            blackhole.consume(ack);
        }

        @Override
        public void feedback(org.gcs.internal.wire.WanPacket.CcFeedback feedback) {
            blackhole.consume(feedback);
        }

        @Override
        public void nak(Nak nak) {
            long[] ranges = nak.ranges();
            for (int i = 0; i < ranges.length; i += 2) {
                naked += ranges[i + 1] - ranges[i] + 1;
            }
            blackhole.consume(nak);
        }
    }
}
