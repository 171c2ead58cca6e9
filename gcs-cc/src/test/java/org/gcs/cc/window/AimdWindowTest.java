package org.gcs.cc.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AimdWindowTest {
    private static final long MS = 1_000_000L;
    private static final long SEG = 1_000;

    /** Acknowledges one current window's worth of bytes in chunks of chunkBytes. */
    private static void ackOneWindow(AimdWindow w, long chunkBytes) {
        long toAck = w.windowBytes();
        for (long acked = 0; acked < toAck; acked += chunkBytes) {
            w.onAcked(Math.min(chunkBytes, toAck - acked));
        }
    }

    @Test
    void shouldDoublePerWindowOfAcksInSlowStart() {
        AimdWindow w = new AimdWindow(10 * SEG, 2 * SEG, 1_000 * SEG, SEG);
        assertThat(w.inSlowStart()).isTrue();
        ackOneWindow(w, SEG);
        assertThat(w.windowBytes()).isEqualTo(20 * SEG);
        ackOneWindow(w, SEG);
        assertThat(w.windowBytes()).isEqualTo(40 * SEG);
    }

    @Test
    void shouldGrowAboutOneSegmentPerWindowInCongestionAvoidance() {
        AimdWindow w = new AimdWindow(40 * SEG, 2 * SEG, 1_000 * SEG, SEG);
        w.onCongestion(0, 100 * MS);
        assertThat(w.windowBytes()).isEqualTo(20 * SEG);
        assertThat(w.ssthreshBytes()).isEqualTo(20 * SEG);
        assertThat(w.inSlowStart()).isFalse();
        ackOneWindow(w, SEG);
        // 20 acks of SEG²/W with W growing from 20 000 to ~21 000: about 977 bytes
        assertThat(w.windowBytes()).isBetween(20 * SEG + 950, 21 * SEG);

        // the same in 10-byte acknowledgements: the fractions are carried, not lost
        AimdWindow fine = new AimdWindow(40 * SEG, 2 * SEG, 1_000 * SEG, SEG);
        fine.onCongestion(0, 100 * MS);
        ackOneWindow(fine, 10);
        assertThat(fine.windowBytes()).isBetween(20 * SEG + 950, 21 * SEG);
        for (int i = 0; i < 10; i++) {
            ackOneWindow(fine, 10);
        }
        assertThat(fine.windowBytes()).isBetween(30 * SEG, 31 * SEG + 500); // about +1 segment per window
    }

    @Test
    void shouldHalveAtMostOncePerRtt() {
        AimdWindow w = new AimdWindow(64 * SEG, 2 * SEG, 1_000 * SEG, SEG);
        w.onCongestion(1_000 * MS, 100 * MS);
        assertThat(w.windowBytes()).isEqualTo(32 * SEG);
        w.onCongestion(1_050 * MS, 100 * MS); // same RTT: ignored
        assertThat(w.windowBytes()).isEqualTo(32 * SEG);
        w.onCongestion(1_100 * MS, 100 * MS);
        assertThat(w.windowBytes()).isEqualTo(16 * SEG);
    }

    @Test
    void shouldStayWithinBounds() {
        AimdWindow w = new AimdWindow(3 * SEG, 2 * SEG, 50 * SEG, SEG);
        for (int i = 0; i < 10; i++) {
            w.onCongestion(i * 1_000 * MS, 100 * MS);
        }
        assertThat(w.windowBytes()).isEqualTo(2 * SEG);
        assertThat(w.ssthreshBytes()).isEqualTo(2 * SEG);
        AimdWindow big = new AimdWindow(40 * SEG, 2 * SEG, 50 * SEG, SEG);
        big.onAcked(Long.MAX_VALUE);
        assertThat(big.windowBytes()).isEqualTo(50 * SEG);
        for (int i = 0; i < 100; i++) {
            ackOneWindow(big, SEG);
        }
        assertThat(big.windowBytes()).isEqualTo(50 * SEG);
        AimdWindow avoiding = new AimdWindow(40 * SEG, 2 * SEG, 50 * SEG, 3 * SEG);
        avoiding.onCongestion(0, 0);
        avoiding.onAcked(Long.MAX_VALUE); // congestion avoidance, no overflow
        assertThat(avoiding.windowBytes()).isEqualTo(50 * SEG);
    }

    @Test
    void shouldRejectInvalidArguments() {
        assertThatThrownBy(() -> new AimdWindow(10, 1, 100, 0)).hasMessageContaining("segmentBytes");
        assertThatThrownBy(() -> new AimdWindow(10, 0, 100, 1)).hasMessageContaining("minBytes");
        assertThatThrownBy(() -> new AimdWindow(10, 5, 4, 1)).hasMessageContaining("maxBytes");
        assertThatThrownBy(() -> new AimdWindow(1, 5, 100, 1)).hasMessageContaining("initialBytes");
        assertThatThrownBy(() -> new AimdWindow(10, 5, Long.MAX_VALUE / 2, 1_000)).hasMessageContaining("maxBytes");
        assertThatThrownBy(() -> new AimdWindow(101, 5, 100, 1)).hasMessageContaining("initialBytes");
        AimdWindow w = new AimdWindow(10, 5, 100, 1);
        assertThatThrownBy(() -> w.onAcked(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bytes");
        assertThatThrownBy(() -> w.onCongestion(0, -1)).hasMessageContaining("rttNs");
    }
}
