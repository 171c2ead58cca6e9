package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.tfrc.TfrcControl;
import org.gcs.cc.tfrc.TfrcReport;
import org.gcs.internal.wire.ControlBlock;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.CcFeedback;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;
import org.junit.jupiter.api.Test;

/**
 * A node uses only its own controller's blocks: another controller's tag, or a body its controller cannot read, is
 * counted and dropped, and the packet that carried it is still used.
 */
class ControlBlocksTest {
    private static final long MS = 1_000_000L;
    private final List<BlockDropReason> drops = new ArrayList<>();
    private final ControlBlocks blocks = new ControlBlocks(new TfrcControl(CcSettings.DEFAULTS), drops::add);

    @Test
    void shouldRoundTripItsOwnFeedback() {
        TfrcReport report = new TfrcReport(Double.POSITIVE_INFINITY, 12_345, 0.0125, 1120);

        ControlBlock block = blocks.encodeFeedback(report);
        Feedback decoded = blocks.decodeFeedback(block);

        assertThat(block.tag()).isEqualTo(TfrcControl.WIRE_TAG);
        assertThat(decoded).isEqualTo(report);
        assertThat(drops).isEmpty();
    }

    @Test
    void shouldCountAndDropAnotherControllersBlock() {
        assertThat(blocks.decodeFeedback(new ControlBlock(2, new byte[22]))).isNull();
        assertThat(blocks.decodeHeader(new ControlBlock(200, new byte[3]))).isNull();

        assertThat(drops).containsExactly(BlockDropReason.UNKNOWN_CONTROLLER, BlockDropReason.UNKNOWN_CONTROLLER);
    }

    @Test
    void shouldCountAndDropABodyItsControllerCannotRead() {
        assertThat(blocks.decodeFeedback(new ControlBlock(TfrcControl.WIRE_TAG, new byte[5]))).isNull();
        assertThat(blocks.decodeHeader(new ControlBlock(TfrcControl.WIRE_TAG, new byte[5]))).isNull();

        assertThat(drops).containsExactly(BlockDropReason.MALFORMED, BlockDropReason.MALFORMED);
    }

    @Test
    void shouldRefuseToEncodeFeedbackOfAnotherController() {
        Feedback foreign = () -> Map.of("x", 1.0);

        assertThatThrownBy(() -> blocks.encodeFeedback(foreign)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot encode");
    }

    @Test
    void shouldDeliverDataWhoseHeaderBlockItCannotUse() {
        MetaFlowReceiver receiver = new MetaFlowReceiver("a", "g", 1, "b", FlowSettings.defaults(5 * MS),
                TestMonitors.tfrc(), blocks);
        List<Long> delivered = new ArrayList<>();
        List<Ack> acks = new ArrayList<>();
        MetaFlowReceiver.Output out = new MetaFlowReceiver.Output() {
            @Override
            public void deliver(Data first, byte[] payload) {
                delivered.add(first.memberSeq());
            }

            @Override
            public void ack(Ack ack) {
                acks.add(ack);
            }

            @Override
            public void nak(Nak nak) {
            }

            @Override
            public void feedback(CcFeedback feedback) {
            }
        };
        receiver.onSync(new Sync("a", "g", 1, 1, 0), 0, out);
        for (long seq = 1; seq <= 3; seq++) {
            receiver.onData(new Data("a", "g", 1, seq, "a1", 5, seq, 0, 1, seq * MS, 0, 0, false, new byte[10], 1, "",
                    new ControlBlock(2, new byte[] {1, 2, 3})), seq * MS, out);
        }
        receiver.onTick(20 * MS, out);

        assertThat(delivered).containsExactly(1L, 2L, 3L);
        assertThat(drops).hasSize(3).containsOnly(BlockDropReason.UNKNOWN_CONTROLLER);
        assertThat(acks).last().satisfies(ack -> {
            assertThat(ack.cumulativeSeq()).isEqualTo(3);
            assertThat(blocks.decodeFeedback(ack.feedback())).isInstanceOf(TfrcReport.class);
        });
    }
}
