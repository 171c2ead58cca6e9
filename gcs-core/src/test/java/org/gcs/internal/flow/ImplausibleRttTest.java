package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;

import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Sync;
import org.junit.jupiter.api.Test;

/**
 * An acknowledgement whose echoed send time is in the future or gives an RTT above 60 s (a replayed or forged ack)
 * never reaches the RTT estimator (issue 15: a 29-s-old replayed Ack raised the smoothed RTT from 65 ms to 28–45 s).
 */
class ImplausibleRttTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    private static final MetaFlowSender.Output OUT = new MetaFlowSender.Output() {
        @Override
        public void transmit(String receiverSite, Data packet) {
        }

        @Override
        public void sync(String receiverSite, Sync sync) {
        }

        @Override
        public void stable(String group, String originMember, long originIncarnation, long memberSeq) {
        }
    };

    @Test
    void shouldIgnoreFutureAndAncientEchoesAndUseAPlausibleOne() {
        MetaFlowSender sender = new MetaFlowSender("a", "g", 1, FlowSettings.defaults(5 * MS));
        long start = 1_000 * S;
        sender.addReceiver("b", start, OUT);
        long now = start + 100 * S;
        assertThat(sender.onAck("b", new Ack("a", "g", 1, 0, now - 65 * MS, 0), now, OUT)).isEqualTo(65 * MS);
        long smoothed = sender.smoothedRttNs("b");

        assertThat(sender.onAck("b", new Ack("a", "g", 1, 0, now + 5 * S, 0), now, OUT))
                .as("echo from the future").isEqualTo(MetaFlowSender.IMPLAUSIBLE_SAMPLE);
        assertThat(sender.onAck("b", new Ack("a", "g", 1, 0, now - 61 * S, 0), now, OUT))
                .as("echo older than 60 s").isEqualTo(MetaFlowSender.IMPLAUSIBLE_SAMPLE);
        assertThat(sender.smoothedRttNs("b")).isEqualTo(smoothed);
        assertThat(sender.onAck("b", new Ack("a", "g", 1, 0, now - 30 * S, 29 * S), now, OUT))
                .as("a long hold time leaves a plausible sample").isEqualTo(S);
    }
}
