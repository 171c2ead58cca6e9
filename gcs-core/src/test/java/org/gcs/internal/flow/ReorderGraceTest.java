package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.CcFeedback;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;
import org.junit.jupiter.api.Test;

/**
 * The reordering grace before a gap is NAKed ({@link FlowSettings#reorderGraceNs}): none until the flow has shown
 * reordering (RACK's rule, RFC 8985 §6.2), then an eighth of the RTT within 20 ms; always on the hop-by-hop
 * transport, whose links repair first.
 */
class ReorderGraceTest {
    private static final long MS = 1_000_000L;
    private static final long TICK_NS = 5 * MS;
    private final List<Nak> naks = new ArrayList<>();
    private final MetaFlowReceiver.Output out = new MetaFlowReceiver.Output() {
        @Override
        public void deliver(Data first, byte[] payload) {
        }

        @Override
        public void ack(Ack ack) {
        }

        @Override
        public void feedback(CcFeedback feedback) {
        }

        @Override
        public void nak(Nak nak) {
            naks.add(nak);
        }
    };

    @Test
    void graceIsAnEighthOfTheRttWithin20MsOnceReorderingWasSeenAndNoneBefore() {
        FlowSettings settings = FlowSettings.defaults(TICK_NS);

        assertThat(settings.reorderGraceNs(200 * MS, false)).isZero();
        assertThat(settings.reorderGraceNs(200 * MS, true)).isEqualTo(20 * MS);
        assertThat(settings.reorderGraceNs(80 * MS, true)).isEqualTo(10 * MS);
        FlowSettings hopByHop = settings.withEndToEndRepair(true, 5_000 * MS);
        assertThat(hopByHop.reorderGraceNs(80 * MS, false)).as("links repair first").isEqualTo(10 * MS);
    }

    @Test
    void aGapOnAPathThatNeverReorderedIsNakedOnTheNextTick() {
        MetaFlowReceiver receiver = synced(FlowSettings.defaults(TICK_NS));
        receiver.onData(data(1), 10 * MS, out);
        receiver.onData(data(3), 20 * MS, out);   // 2 is missing

        receiver.onTick(25 * MS, out);

        assertThat(naks).hasSize(1);
        assertThat(naks.get(0).ranges()).containsExactly(2L, 2L);
    }

    @Test
    void aGapWaitsForTheGraceOnceAFirstTransmissionArrivedAfterALaterOne() {
        MetaFlowReceiver receiver = synced(FlowSettings.defaults(TICK_NS));
        receiver.onData(data(1), 10 * MS, out);
        receiver.onData(data(3), 20 * MS, out);
        receiver.onData(data(2), 21 * MS, out);   // reordered, not lost: the path reorders
        naks.clear();
        receiver.onData(data(5), 30 * MS, out);   // 4 is missing

        receiver.onTick(35 * MS, out);
        assertThat(naks).as("within the 20-ms grace (the initial RTT is 300 ms)").isEmpty();
        receiver.onTick(50 * MS, out);
        assertThat(naks).hasSize(1);
        assertThat(naks.get(0).ranges()).containsExactly(4L, 4L);
    }

    @Test
    void aSyncThatOvertakesDataIsNotReordering() {
        MetaFlowReceiver receiver = synced(FlowSettings.defaults(TICK_NS));
        receiver.onData(data(1), 10 * MS, out);
        receiver.onSync(new Sync("a", "g", 1, 1, 3), 11 * MS, out);   // sent 3 so far; 2 and 3 still on their way
        receiver.onData(data(2), 12 * MS, out);
        receiver.onData(data(3), 13 * MS, out);
        receiver.onData(data(5), 20 * MS, out);   // 4 is missing

        receiver.onTick(25 * MS, out);

        assertThat(naks).hasSize(1);
        assertThat(naks.get(0).ranges()).containsExactly(4L, 4L);
    }

    private MetaFlowReceiver synced(FlowSettings settings) {
        MetaFlowReceiver receiver = new MetaFlowReceiver("a", "g", 1, "b", settings, TestMonitors.tfrc(),
                TestMonitors.BLOCKS);
        receiver.onSync(new Sync("a", "g", 1, 1, 0), 0, out);
        return receiver;
    }

    private static Data data(long seq) {
        return new Data("a", "g", 1, seq, "m", 1, seq, 0, 1, seq * MS, 0, 0, false, new byte[10], 0, "");
    }
}
