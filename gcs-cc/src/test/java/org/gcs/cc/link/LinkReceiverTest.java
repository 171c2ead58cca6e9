package org.gcs.cc.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LinkReceiverTest {
    private static final long MS = 1_000_000L;

    private static LinkReceiver<String> receiver(int bIn) {
        return new LinkReceiver<>(LinkSettings.DEFAULTS.withBuffers(50, bIn));
    }

    private static LinkData<String> frame(long seq) {
        return new LinkData<>(seq, "p" + seq);
    }

    @Test
    void shouldAcknowledgeEverySecondInOrderFrameOrAfterTheDelay() {
        LinkReceiver<String> r = receiver(10);
        r.onData(frame(1), 0);
        assertThat(r.pollAck(0)).isNull();
        assertThat(r.nextDeadlineNs()).isEqualTo(5 * MS);
        assertThat(r.pollAck(5 * MS)).isEqualTo(new LinkAck(1, 10, new long[0]));
        r.onData(frame(2), 6 * MS);
        r.onData(frame(3), 6 * MS);
        assertThat(r.pollAck(6 * MS)).isEqualTo(new LinkAck(3, 10, new long[0]));
        assertThat(r.nextDeadlineNs()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void shouldAcknowledgeAtOnceWithSackRangesAboveAGap() {
        LinkReceiver<String> r = receiver(20);
        r.onData(frame(1), 0);
        r.onData(frame(3), 0);
        r.onData(frame(4), 0);
        r.onData(frame(6), 0);
        r.onData(frame(8), 0);
        r.onData(frame(10), 0);
        assertThat(r.pollAck(0)).isEqualTo(new LinkAck(1, 20, new long[] {3, 4, 6, 6, 8, 8})); // three ranges at most
        assertThat(r.outOfOrder()).isEqualTo(5);
        r.onData(frame(2), MS);
        assertThat(r.pollAck(MS)).isEqualTo(new LinkAck(4, 20, new long[] {6, 6, 8, 8, 10, 10}));
    }

    @Test
    void shouldHandFramesOverInOrderAndReturnCreditOnlyWhenTaken() {
        LinkReceiver<String> r = receiver(3);
        r.onData(frame(2), 0);
        assertThat(r.peek()).isNull();
        r.onData(frame(1), 0);
        r.onData(frame(3), 0);
        assertThat(r.pollAck(0)).isEqualTo(new LinkAck(3, 3, new long[0]));
        r.onData(frame(4), 0);
        assertThat(r.refused()).isEqualTo(1);
        assertThat(r.heldPackets()).isEqualTo(3);
        assertThat(r.peek()).isEqualTo("p1");
        assertThat(r.take(MS)).isEqualTo("p1");
        r.pollAck(MS); // the refusal's acknowledgement
        assertThat(r.take(MS)).isEqualTo("p2");
        assertThat(r.pollAck(MS)).isNull(); // one slot freed since the last advertisement
        assertThat(r.take(MS)).isEqualTo("p3");
        assertThat(r.pollAck(MS)).isEqualTo(new LinkAck(3, 6, new long[0])); // two: a window update
        assertThat(r.peek()).isNull();
        assertThatThrownBy(() -> r.take(MS)).isInstanceOf(IllegalStateException.class).hasMessageContaining("peek");
    }

    @Test
    void shouldSendAWindowUpdateAfterEachTakeWithAOnePacketBuffer() {
        LinkReceiver<String> r = receiver(1);
        r.onData(frame(1), 0);
        r.pollAck(10 * MS);
        r.take(11 * MS);
        assertThat(r.pollAck(11 * MS)).isEqualTo(new LinkAck(1, 2, new long[0]));
    }

    @Test
    void shouldCountDuplicatesAndAcknowledgeThemAtOnce() {
        LinkReceiver<String> r = receiver(10);
        r.onData(frame(1), 0);
        r.onData(frame(3), 0);
        r.pollAck(0);
        r.onData(frame(1), MS);
        r.onData(frame(3), MS);
        assertThat(r.duplicates()).isEqualTo(2);
        assertThat(r.pollAck(MS)).isNotNull();
        assertThat(r.heldPackets()).isEqualTo(2);
    }
}
