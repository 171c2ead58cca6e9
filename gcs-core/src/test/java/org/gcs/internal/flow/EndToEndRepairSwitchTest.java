package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;
import org.junit.jupiter.api.Test;

/**
 * {@link FlowSettings#endToEndRepair()} switches the end-to-end repair off ({@code hop.e2e.repair = false}): a gap is
 * never NAKed, while a lagging receiver is still asked to acknowledge again (its last acknowledgement may have been
 * lost); on, the same gap is NAKed.
 */
class EndToEndRepairSwitchTest {
    private static final long MS = 1_000_000L;

    private static Data data(long seq) {
        return new Data("a", "g", 1, seq, "m", 1, seq, 0, 1, seq * MS, 0, 0, false, new byte[10], 0, "");
    }

    private static List<Nak> naksForAGap(FlowSettings settings) {
        MetaFlowReceiver receiver = new MetaFlowReceiver("a", "g", 1, "b", settings, TestMonitors.tfrc(),
                TestMonitors.BLOCKS);
        List<Nak> naks = new ArrayList<>();
        MetaFlowReceiver.Output out = new MetaFlowReceiver.Output() {
            @Override
            public void deliver(Data first, byte[] payload) {
            }

            @Override
            public void ack(Ack ack) {
            }

            @Override
            public void feedback(org.gcs.internal.wire.WanPacket.CcFeedback feedback) {
            }

            @Override
            public void nak(Nak nak) {
                naks.add(nak);
            }
        };
        receiver.onSync(new Sync("a", "g", 1, 1, 0), 0, out);
        receiver.onData(data(1), MS, out);
        receiver.onData(data(3), 2 * MS, out); // 2 is missing
        for (long now = 5 * MS; now <= 10_000 * MS; now += 5 * MS) {
            receiver.onTick(now, out);
        }
        return naks;
    }

    @Test
    void shouldNakAGapOnlyWhileTheRepairIsOn() {
        FlowSettings on = FlowSettings.defaults(5 * MS);
        assertThat(naksForAGap(on)).isNotEmpty().allSatisfy(nak -> assertThat(nak.ranges()).containsExactly(2L, 2L));
        assertThat(naksForAGap(on.withEndToEndRepair(false, 0))).isEmpty();
    }

    @Test
    void shouldStillAskALaggingReceiverToAcknowledgeAgainWhileTheRepairIsOff() {
        FlowSettings on = FlowSettings.defaults(5 * MS).withEndToEndRepair(true, 5_000 * MS);
        assertThat(on.lagSyncIntervalNs(100 * MS)).as("the floor holds above the repair interval").isEqualTo(5_000 * MS);
        assertThat(on.withEndToEndRepair(false, 5_000 * MS).lagSyncIntervalNs(100 * MS))
                .as("a lost last acknowledgement must still be replaced, or nothing ever becomes stable")
                .isEqualTo(5_000 * MS);
    }
}
