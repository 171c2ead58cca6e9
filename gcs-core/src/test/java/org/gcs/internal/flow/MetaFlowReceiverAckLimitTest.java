package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;
import org.junit.jupiter.api.Test;

/** A receiver acknowledges no further than its site holds ({@link MetaFlowReceiver#limitAcknowledgementTo}). */
class MetaFlowReceiverAckLimitTest {
    private static final long MS = 1_000_000L;
    private final FlowSettings settings = FlowSettings.defaults(5 * MS);
    private final MetaFlowReceiver receiver = new MetaFlowReceiver("a", "g", 1, "b", settings, TestMonitors.tfrc(), TestMonitors.BLOCKS);
    private final List<Ack> acks = new ArrayList<>();
    private final List<Long> delivered = new ArrayList<>();
    private final MetaFlowReceiver.Output out = new MetaFlowReceiver.Output() {
        @Override
        public void deliver(Data first, byte[] payload) {
            delivered.add(first.seq());
        }

        @Override
        public void ack(Ack ack) {
            acks.add(ack);
        }

        @Override
        public void feedback(org.gcs.internal.wire.WanPacket.CcFeedback feedback) {
        }

        @Override
        public void nak(Nak nak) {
        }
    };

    private static Data data(long seq) {
        return new Data("a", "g", 1, seq, "m", 1, seq, 0, 1, seq * MS, 0, 0, false, new byte[10], 0, "");
    }

    @Test
    void shouldAcknowledgeOnlyWhatTheSiteHoldsAndCatchUpOnceItHoldsMore() {
        receiver.onSync(new Sync("a", "g", 1, 1, 0), 0, out);
        for (long seq = 1; seq <= 3; seq++) {
            receiver.onData(data(seq), seq * MS, out);
        }
        assertThat(delivered).containsExactly(1L, 2L, 3L);

        receiver.limitAcknowledgementTo(1);
        long now = 100 * MS;
        receiver.onTick(now, out);
        assertThat(acks).extracting(Ack::cumulativeSeq).containsExactly(1L);

        now += 100 * MS;
        receiver.onTick(now, out);
        assertThat(acks).as("nothing new is held: no new acknowledgement").hasSize(1);

        receiver.limitAcknowledgementTo(3);
        now += 100 * MS;
        receiver.onTick(now, out);
        assertThat(acks).extracting(Ack::cumulativeSeq).containsExactly(1L, 3L);
    }

    @Test
    void shouldNeverAcknowledgeBeyondWhatWasReleased() {
        receiver.onSync(new Sync("a", "g", 1, 1, 0), 0, out);
        receiver.onData(data(1), MS, out);
        receiver.onData(data(3), 2 * MS, out); // 2 is missing
        receiver.limitAcknowledgementTo(Long.MAX_VALUE);
        receiver.onTick(100 * MS, out);
        assertThat(acks).extracting(Ack::cumulativeSeq).containsExactly(1L);
    }
}
